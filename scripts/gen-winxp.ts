// Writes templates/winxp/ (skin.json + sprite PNGs) from src/vision/draw/draw-winxp.ts.
// Run: npx tsx scripts/gen-winxp.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { winxpSkinFile, winxpSprites } from '../src/vision/draw/draw-winxp.js';
import { encodePng } from '../src/vision/skins/load.js';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../templates/winxp');
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'skin.json'), JSON.stringify(winxpSkinFile(), null, 2) + '\n');
for (const [name, img] of winxpSprites()) writeFileSync(path.join(dir, name), encodePng(img));
console.log(`wrote ${dir}`);
