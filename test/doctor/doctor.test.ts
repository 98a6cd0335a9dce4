// minebot doctor: every check fails the way it should on a fake desktop that has exactly that
// fault (no display, a scale the mouse does not follow, a black screenshot, a pointer that does
// not move, no skins), and passes on a simulated desktop showing a real winxp board.

import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { render } from '../../src/bot/learn/vision-link.js';
import { checkBoard, checkGrab, checkSkins, imageStats, type BoardReading, type SkinPlaces } from '../../src/doctor/checks.js';
import { formatReport, runDoctor, type DoctorDeps } from '../../src/doctor/run.js';
import { checkDisplay as probeX } from '../../src/desktop/nut.js';
import type { Desktop, Grab, PixelDensity, Point, RgbaImage } from '../../src/desktop/ports.js';
import { VirtualClock } from '../../src/desktop/clock.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { listSkins, loadSkin, templatesDir } from '../../src/vision/skins/skin.js';
import { readScreen } from '../../src/vision/read/read.js';

/** A screen of some colours (what a desktop looks like to the grab check). */
function busyImage(width: number, height: number): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data[i * 4] = (i * 7) & 255;
    data[i * 4 + 1] = (i >> 3) & 255;
    data[i * 4 + 2] = 90;
    data[i * 4 + 3] = 255;
  }
  return { width, height, data };
}

const blackImage = (width: number, height: number): RgbaImage => {
  const data = new Uint8Array(width * height * 4);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width, height, data };
};

interface FakeOptions {
  /** Physical pixels of the screen and of its grabs. */
  pixels: { width: number; height: number };
  /** What the grabs say the scale is. */
  density?: PixelDensity;
  /** The points the mouse can really reach (default: pixels / density). */
  reach?: { width: number; height: number };
  image?: RgbaImage;
  /** The grab's image size, if it differs from the screen's stated size. */
  grabSize?: { width: number; height: number };
  /** The pointer ignores moves. */
  stuck?: boolean;
}

/** A desktop with exactly the faults asked for. */
function fakeDesktop(o: FakeOptions): Desktop & { moves: Point[]; at: () => Point } {
  const density = o.density ?? { scaleX: 1, scaleY: 1 };
  const reach = o.reach ?? { width: Math.round(o.pixels.width / density.scaleX), height: Math.round(o.pixels.height / density.scaleY) };
  let mouse: Point = { x: 100, y: 100 };
  const moves: Point[] = [];
  const size = o.grabSize ?? o.pixels;
  const image = o.image ?? busyImage(size.width, size.height);
  const clamp = (p: Point) => ({ x: Math.max(0, Math.min(reach.width - 1, p.x)), y: Math.max(0, Math.min(reach.height - 1, p.y)) });
  return {
    kind: 'fake',
    moves,
    at: () => mouse,
    screen: {
      size: async () => ({ ...o.pixels }),
      grab: async (): Promise<Grab> => ({ image, region: { left: 0, top: 0, ...size }, pixelDensity: { ...density } }),
    },
    pointer: {
      position: async () => ({ ...mouse }),
      move: async (to) => {
        moves.push({ ...to });
        if (!o.stuck) mouse = clamp(to);
      },
      click: async () => {
        throw new Error('doctor must never click');
      },
    },
    keyboard: { press: async () => undefined },
    clock: new VirtualClock(),
  };
}

const builtinSkins: SkinPlaces = {
  builtinDir: templatesDir(),
  userDir: path.join(tmpdir(), 'minebot-doctor-no-such-folder'),
  list: listSkins,
  load: (name, dir) => void loadSkin(name, dir),
  access: () => ({ exists: false, writable: false }),
};

const readAuto = async () => (image: RgbaImage): BoardReading => readScreen(image);

function deps(desktop: Desktop | (() => Promise<Desktop>), over: Partial<DoctorDeps> = {}): DoctorDeps {
  return {
    platform: 'linux',
    env: { DISPLAY: ':42' },
    probeDisplay: async () => undefined,
    loadNative: async () => '4.2.6',
    openDesktop: typeof desktop === 'function' ? desktop : async () => desktop,
    skins: builtinSkins,
    read: readAuto,
    ...over,
  };
}

const byName = (report: { checks: { name: string; status: string; message: string }[] }) => Object.fromEntries(report.checks.map((c) => [c.name, c]));

describe('doctor on a healthy simulated desktop', () => {
  it('passes every check and names the skin that reads the visible board', async () => {
    const desktop = new SimulatedDesktop({ spec: { width: 16, height: 16, mines: 40 }, rule: 'safe', seed: 5, render, skin: 'winxp', offset: { x: 200, y: 120 }, screen: { width: 1280, height: 800 } });
    const report = await runDoctor(deps(desktop));
    const c = byName(report);
    expect(report.ok).toBe(true);
    expect(report.checks.map((x) => x.name)).toEqual(['display', 'nut.js', 'screen', 'grab', 'pointer', 'skins', 'board']);
    expect(report.checks.every((x) => x.status === 'ok')).toBe(true);
    expect(c.screen!.message).toBe('1280x800 pixels, scale 1 = 1280x800 points');
    expect(c.board!.message).toMatch(/^16x16\/40 winxp board at 212,175, cell 16\.0 px, every cell read/);
    expect(c.skins!.message).toMatch(/built in: sgt-mines, winxp, xdemineur/);
    // the pointer went back where it was
    expect(await desktop.pointer.position()).toEqual({ x: 0, y: 0 });
    const text = formatReport(report);
    expect(text.trim().split('\n')).toHaveLength(report.checks.length + 1);
    expect(text).toMatch(/^ok {4}display +DISPLAY=:42: an X server answers$/m);
    expect(text.trim().split('\n').at(-1)).toBe('minebot can play on this screen.');
  });

  it('reads a board at 150% scaling, and the mouse reaches the whole screen in points', async () => {
    const desktop = new SimulatedDesktop({
      spec: { width: 9, height: 9, mines: 10 }, rule: 'safe', seed: 2, render, skin: 'winxp', scale: 1.5,
      density: { scaleX: 1.5, scaleY: 1.5 }, offset: { x: 90, y: 60 }, screen: { width: 1920, height: 1200 },
    });
    const report = await runDoctor(deps(desktop));
    const c = byName(report);
    expect(report.ok).toBe(true);
    expect(c.screen!.message).toBe('1920x1200 pixels, scale 1.5 (150%) = 1280x800 points');
    expect(c.pointer!.status).toBe('ok');
    expect(c.board!.message).toMatch(/^9x9\/10 winxp board .*cell 24\.0 px/);
  });
});

describe('doctor: each failure', () => {
  it('no display: says why, skips every desktop check, and never loads nut.js', async () => {
    let loaded = 0;
    let opened = 0;
    for (const env of [{}, { DISPLAY: ':987' }, { DISPLAY: 'nonsense' }]) {
      const report = await runDoctor(
        deps(async () => (opened++, fakeDesktop({ pixels: { width: 800, height: 600 } })), {
          env,
          probeDisplay: () => probeX(env, 'linux'),
          loadNative: async () => (loaded++, '4.2.6'),
        }),
      );
      const c = byName(report);
      expect(report.ok).toBe(false);
      expect(c.display!.status).toBe('fail');
      for (const name of ['nut.js', 'screen', 'grab', 'pointer', 'board']) expect(c[name]!.status, name).toBe('skip');
      expect(c.skins!.status).toBe('ok');
    }
    expect(loaded).toBe(0);
    expect(opened).toBe(0);
  });

  it('no display messages say what to do', async () => {
    const msg = async (env: NodeJS.ProcessEnv) => byName(await runDoctor(deps(fakeDesktop({ pixels: { width: 8, height: 8 } }), { env, probeDisplay: () => probeX(env, 'linux') }))).display!.message;
    expect(await msg({})).toMatch(/DISPLAY is not set.*Xvfb/);
    expect(await msg({ DISPLAY: ':987' })).toMatch(/no X server on DISPLAY=:987 .*X11-unix\/X987/);
    expect(await msg({ DISPLAY: 'nonsense' })).toMatch(/not a display name/);
  });

  it('nut.js that does not load: fails with its reason and opens no desktop', async () => {
    let opened = 0;
    const report = await runDoctor(
      deps(async () => (opened++, fakeDesktop({ pixels: { width: 800, height: 600 } })), {
        loadNative: async () => {
          throw new Error('nut.js needs libXtst: install it (apt-get install libxtst6)');
        },
      }),
    );
    const c = byName(report);
    expect(report.ok).toBe(false);
    expect(c['nut.js']).toMatchObject({ status: 'fail', message: expect.stringMatching(/libxtst6/) });
    expect(c.screen!.status).toBe('skip');
    expect(opened).toBe(0);
  });

  it('a screen of the wrong scale: the system says 100% but the mouse only reaches half the pixels', async () => {
    const desktop = fakeDesktop({ pixels: { width: 2560, height: 1600 }, reach: { width: 1280, height: 800 } });
    const report = await runDoctor(deps(desktop));
    const c = byName(report);
    expect(report.ok).toBe(false);
    expect(c.screen!.status).toBe('ok');
    expect(c.pointer!.status).toBe('fail');
    expect(c.pointer!.message).toMatch(/stops at x=1279, short of x=2549/);
    expect(c.pointer!.message).toMatch(/says scale 1, but the mouse moves as if the scale were about 2;/);
    expect(desktop.at()).toEqual({ x: 100, y: 100 }); // put back
    expect(formatReport(report).trim().split('\n').at(-1)).toBe('minebot cannot play here: fix the checks marked fail (pointer).');
  });

  it('a 125% screen reported as 100%: the vertical shortfall is found too', async () => {
    const desktop = fakeDesktop({ pixels: { width: 1600, height: 1000 }, reach: { width: 1600, height: 800 } });
    const c = byName(await runDoctor(deps(desktop)));
    expect(c.pointer!.status).toBe('fail');
    expect(c.pointer!.message).toMatch(/stops at y=799, short of y=989.*about 1\.25/);
  });

  it('a scale that differs across and down, and a grab that is not the size of the screen', async () => {
    let c = byName(await runDoctor(deps(fakeDesktop({ pixels: { width: 1600, height: 1000 }, density: { scaleX: 1.25, scaleY: 1 } }))));
    expect(c.screen).toMatchObject({ status: 'fail', message: expect.stringMatching(/different scale factors across \(1\.25\) and down \(1\)/) });
    expect(c.grab!.status).toBe('skip');
    expect(c.pointer!.status).toBe('skip');
    c = byName(await runDoctor(deps(fakeDesktop({ pixels: { width: 2560, height: 1600 }, grabSize: { width: 1280, height: 800 } }))));
    expect(c.screen).toMatchObject({ status: 'fail', message: expect.stringMatching(/screenshot is 1280x800 pixels but the screen says 2560x1600/) });
  });

  it('a black grab: fails, and on macOS names the Screen Recording permission', async () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const desktop = fakeDesktop({ pixels: { width: 640, height: 480 }, image: blackImage(640, 480) });
      const report = await runDoctor(deps(desktop, { platform }));
      const c = byName(report);
      expect(report.ok).toBe(false);
      expect(c.grab!.status).toBe('fail');
      expect(c.grab!.message).toMatch(/^the screenshot is black/);
      if (platform === 'darwin') expect(c.grab!.message).toMatch(/Screen Recording/);
      expect(c.board!.status).toBe('skip');
    }
  });

  it('a pointer that does not move: fails, and on macOS names the Accessibility permission', async () => {
    const desktop = fakeDesktop({ pixels: { width: 1280, height: 800 }, stuck: true });
    const c = byName(await runDoctor(deps(desktop, { platform: 'darwin' })));
    expect(c.pointer!.status).toBe('fail');
    expect(c.pointer!.message).toMatch(/did not move \(stayed at 100,100\).*Accessibility/);
    expect(desktop.moves.length).toBeGreaterThanOrEqual(3);
  });

  it('a desktop that cannot be opened or grabbed fails the screen check', async () => {
    let c = byName(await runDoctor(deps(async () => Promise.reject(new Error('XOpenDisplay failed')))));
    expect(c.screen).toMatchObject({ status: 'fail', message: 'cannot open the desktop: XOpenDisplay failed' });
    const broken = fakeDesktop({ pixels: { width: 10, height: 10 } });
    broken.screen.grab = async () => {
      throw new Error('grab refused');
    };
    c = byName(await runDoctor(deps(broken)));
    expect(c.screen).toMatchObject({ status: 'fail', message: 'cannot take a screenshot: grab refused' });
  });
});

describe('doctor: skins', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const tmp = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'minebot-doctor-'));
    dirs.push(d);
    return d;
  };
  const places = (builtinDir: string, userDir: string, writable = true): SkinPlaces => ({
    ...builtinSkins,
    builtinDir,
    userDir,
    access: () => ({ exists: true, writable }),
  });

  it('no skin anywhere: fails (the bot could read nothing)', () => {
    const r = checkSkins(places(tmp(), tmp()));
    expect(r.status).toBe('fail');
    expect(r.message).toMatch(/no skin to read a board with/);
  });

  it('a broken learned skin is named and left out; a read-only folder is a warning', () => {
    const user = tmp();
    mkdirSync(path.join(user, 'mygame'));
    writeFileSync(path.join(user, 'mygame', 'skin.json'), '{ not json');
    const r = checkSkins(places(templatesDir(), user));
    expect(r.status).toBe('warn');
    expect(r.message).toMatch(/learned in .*: mygame; broken, not used: mygame \(skin "mygame": cannot parse skin\.json/);
    const ro = checkSkins(places(templatesDir(), tmp(), false));
    expect(ro).toMatchObject({ status: 'warn', message: expect.stringMatching(/is not writable: minebot learn cannot save there/) });
  });

  it('a foreign skin.json, a skin missing a sprite and a stopped save: the broken ones are listed, the save is not a skin', () => {
    const user = tmp();
    mkdirSync(path.join(user, 'x'));
    writeFileSync(path.join(user, 'x', 'skin.json'), '{"compilerOptions": {}}');
    cpSync(path.join(templatesDir(), 'xdemineur'), path.join(user, 'nosprite'), { recursive: true });
    rmSync(path.join(user, 'nosprite', 'open3.png'));
    cpSync(path.join(templatesDir(), 'xdemineur'), path.join(user, '.mine.saving-12'), { recursive: true });
    const r = checkSkins(places(templatesDir(), user));
    expect(r.status).toBe('warn');
    expect(r.details).toMatchObject({ learned: ['nosprite', 'x'] });
    expect(r.message).toMatch(/broken, not used: nosprite \(skin "nosprite": cannot load cell 3 sprite open3\.png.*\); x \(skin "x": unsupported skin\.json version undefined\)/);
  });

  it('only a broken learned skin and no built-in ones: fails', () => {
    const user = tmp();
    mkdirSync(path.join(user, 'mygame'));
    writeFileSync(path.join(user, 'mygame', 'skin.json'), '{}');
    expect(checkSkins(places(tmp(), user)).status).toBe('fail');
  });
});

describe('doctor: the board in view', () => {
  const screen = busyImage(64, 64);
  it('no board is not a failure, and on macOS hints at the permission', () => {
    const none = () => {
      throw new Error('no Minesweeper board found in the image');
    };
    expect(checkBoard(screen, none, 'linux')).toMatchObject({ status: 'skip', message: expect.stringMatching(/^no Minesweeper board on the screen/) });
    expect(checkBoard(screen, none, 'darwin').message).toMatch(/Screen Recording/);
    // and the real reader says the same of a screen with no board
    expect(checkBoard(busyImage(300, 200), (img) => readScreen(img), 'linux').status).toBe('skip');
  });

  it('a board no skin reads, or a reading with unsure cells, is a warning', () => {
    const unknown = () => {
      throw new Error('no known skin matches this board (a 9x9 grid at 10,10); teach it with `minebot learn`');
    };
    expect(checkBoard(screen, unknown, 'linux')).toMatchObject({ status: 'warn', message: expect.stringMatching(/no known skin matches/) });
    const unsure = (): BoardReading => ({ skin: 'winxp', board: { width: 9, height: 9, mines: 10 }, grid: { left: 5, top: 6, pitch: 16 }, minConfidence: 0.31, unsure: [[1, 2], [3, 4]] });
    expect(checkBoard(screen, unsure, 'linux')).toMatchObject({ status: 'warn', message: '9x9/10 winxp board at 5,6, cell 16.0 px; 2 cells unsure (lowest confidence 0.31): is something covering the board, or the pointer over it?' });
  });

  it('a reader that does not load fails the board check', async () => {
    const c = byName(await runDoctor(deps(fakeDesktop({ pixels: { width: 64, height: 64 } }), { read: () => Promise.reject(new Error('sharp is missing')) })));
    expect(c.board).toMatchObject({ status: 'fail', message: 'the screen reader does not load: sharp is missing' });
  });
});

describe('doctor: screenshot statistics', () => {
  it('counts black share and colours', () => {
    expect(imageStats(blackImage(100, 50))).toEqual({ blackShare: 1, colours: 1 });
    const half = busyImage(10, 10);
    for (let i = 0; i < 50; i++) half.data.set([0, 0, 0, 255], i * 4);
    expect(imageStats(half).blackShare).toBeCloseTo(0.5, 5);
    const grey = { width: 4, height: 4, data: new Uint8Array(64).fill(128) };
    expect(checkGrab({ image: grey, region: { left: 0, top: 0, width: 4, height: 4 }, pixelDensity: { scaleX: 1, scaleY: 1 } }, 'linux')).toMatchObject({ status: 'warn' });
  });
});
