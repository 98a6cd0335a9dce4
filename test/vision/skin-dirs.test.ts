import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { userSkinsDir } from '../../src/vision/skins/skin-dirs.js';

describe('userSkinsDir', () => {
  it('takes the option first, then MINEBOT_SKINS', () => {
    expect(userSkinsDir('some/dir', { env: { MINEBOT_SKINS: '/x' } })).toBe(path.resolve('some/dir'));
    expect(userSkinsDir(undefined, { env: { MINEBOT_SKINS: '/x/skins' }, platform: 'linux', home: '/home/u' })).toBe(path.resolve('/x/skins'));
  });
  it('falls back to the per-user config folder of the platform', () => {
    expect(userSkinsDir(undefined, { env: {}, platform: 'linux', home: '/home/u' })).toBe('/home/u/.config/minebot/skins');
    expect(userSkinsDir(undefined, { env: { XDG_CONFIG_HOME: '/cfg' }, platform: 'linux', home: '/home/u' })).toBe('/cfg/minebot/skins');
    expect(userSkinsDir(undefined, { env: { XDG_CONFIG_HOME: 'relative' }, platform: 'linux', home: '/home/u' })).toBe('/home/u/.config/minebot/skins');
    expect(userSkinsDir(undefined, { env: {}, platform: 'darwin', home: '/Users/u' })).toBe('/Users/u/Library/Application Support/minebot/skins');
    expect(userSkinsDir(undefined, { env: { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, platform: 'win32', home: 'C:\\Users\\u' })).toBe('C:\\Users\\u\\AppData\\Roaming\\minebot\\skins');
  });
});
