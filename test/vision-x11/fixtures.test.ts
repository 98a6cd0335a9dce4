// The X11 fixtures (fixtures/xdemineur, fixtures/sgt-mines: captures of the real games under
// Xvfb, made by scripts/x11/make-fixtures.ts). Three layers:
//  1. the expected files are well formed and agree with each other (board text parses, local
//     consistency, counter = mines − flags, the state matches what the board shows, the grid
//     lies inside the image);
//  2. the expected boards agree with the pixels: every cell of every image equals the skin's
//     sprite for its expected state (within a small tolerance for 16-bit and antialiasing) —
//     an oracle independent of the reader;
//  3. readScreen reads each fixture exactly: with the skin named, with the geometry given, and
//     after turning a 24-bit capture into RGB565. (Rescaled copies: test/vision/fixtures.test.ts.)
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { EXPLODED, FLAG, MINE, WRONG_FLAG, COVERED, findInconsistencies, formatBoard, parseBoard, type Board } from '../../src/core/board.js';
import { readScreen } from '../../src/vision/read/read.js';
import { CODE_OF_STATE, listSkins, loadSkin, type CellState } from '../../src/vision/skins/skin.js';
import { toRgb565, type RgbaImage } from '../../src/vision/image.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GAMES = ['xdemineur', 'sgt-mines'];

interface FixtureJson {
  skin: string;
  face: 'playing' | 'won' | 'lost' | null;
  mineCounter: number | null;
  timer: number | null;
  grid: { left: number; top: number; pitch: number };
  state: 'playing' | 'won' | 'lost';
  depth: 16 | 24;
  timerRunning: boolean | null;
  /** Flags on safe cells during play; some numbers have more flags around than their value. */
  overflagged?: boolean;
  note: string;
}

interface Fixture {
  game: string;
  name: string;
  png: string;
  board: Board;
  text: string;
  meta: FixtureJson;
}

function fixtures(): Fixture[] {
  const out: Fixture[] = [];
  for (const game of GAMES) {
    const dir = path.join(root, 'fixtures', game);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) {
      if (!f.endsWith('.png')) continue;
      const name = f.slice(0, -4);
      const text = readFileSync(path.join(dir, `${name}.board.txt`), 'utf8');
      const meta = JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as FixtureJson;
      out.push({ game, name, png: path.join(dir, f), board: parseBoard(text), text, meta });
    }
  }
  return out;
}

const all = fixtures();

async function load(file: string): Promise<RgbaImage> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

const count = (b: Board, ...codes: number[]): number => b.cells.reduce((n, c) => n + (codes.includes(c) ? 1 : 0), 0);

const STATE_OF_CODE: CellState[] = [];
for (const [s, c] of Object.entries(CODE_OF_STATE)) STATE_OF_CODE[c] = s as CellState;

describe('X11 fixtures: expected files', () => {
  it('has fixtures for both games, including 30x16, 16-bit and every cell state', () => {
    for (const game of GAMES) expect(all.some((f) => f.game === game)).toBe(true);
    expect(all.some((f) => f.board.width === 30 && f.board.height === 16)).toBe(true);
    expect(all.some((f) => f.meta.depth === 16)).toBe(true);
    for (const game of GAMES) {
      const seen = new Set<number>();
      for (const f of all.filter((x) => x.game === game)) for (const c of f.board.cells) seen.add(c);
      // sgt-mines has no question marks
      const want = [0, 1, 2, 3, 4, 5, 6, 7, 8, COVERED, FLAG, MINE, EXPLODED, WRONG_FLAG];
      for (const c of want) expect(seen.has(c), `${game} fixtures show code ${c}`).toBe(true);
    }
  });

  for (const f of all) {
    it(`${f.game}/${f.name}: consistent`, async () => {
      const b = f.board;
      const m = f.meta;
      expect(m.skin).toBe(f.game);
      expect(formatBoard(b)).toBe(f.text.split('\n').filter((l) => !l.startsWith('#')).join('\n'));
      // local consistency (an over-flagged fixture shows numbers with too many flags on purpose)
      const problems = findInconsistencies(b)
        .filter((p) => !(m.overflagged && /flagged or shown mines around/.test(p.reason)));
      expect(problems).toEqual([]);
      if (m.overflagged) expect(findInconsistencies(b).length).toBeGreaterThan(0);
      expect(count(b, FLAG, MINE, EXPLODED)).toBeLessThanOrEqual(b.mines);
      // the state and what the board shows
      if (m.state === 'lost') expect(count(b, EXPLODED)).toBe(1);
      else expect(count(b, MINE, EXPLODED, WRONG_FLAG)).toBe(0);
      if (m.state === 'won') {
        expect(count(b, COVERED)).toBe(0); // both games flag every mine on a win (xdemineur: the player must)
        expect(count(b, FLAG)).toBe(b.mines);
      }
      // HUD
      if (f.game === 'xdemineur') {
        expect(m.face).toBe(m.state);
        expect(m.mineCounter).toBe(b.mines - count(b, FLAG, WRONG_FLAG));
        expect(typeof m.timer).toBe('number');
        expect(m.timerRunning).toBe(m.state === 'playing');
      } else {
        expect(m.face).toBeNull();
        expect(m.mineCounter).toBeNull();
        expect(m.timer).toBeNull();
      }
      // the grid inside the image
      const meta = await sharp(f.png).metadata();
      const skin = loadSkin(f.game);
      expect(m.grid.left).toBeGreaterThanOrEqual(0);
      expect(m.grid.top).toBeGreaterThanOrEqual(0);
      expect(m.grid.left + b.width * m.grid.pitch).toBeLessThanOrEqual(meta.width!);
      expect(m.grid.top + b.height * m.grid.pitch).toBeLessThanOrEqual(meta.height!);
      expect(m.grid.pitch % 1).toBe(0);
      expect(m.grid.pitch >= skin.pitch).toBe(true);
    });
  }
});

describe('X11 fixtures: expected boards agree with the pixels', () => {
  for (const f of all) {
    const native = f.meta.grid.pitch === loadSkin(f.game).pitch;
    it.skipIf(!native)(`${f.game}/${f.name}: every cell is its state's sprite`, async () => {
      const img = await load(f.png);
      const skin = loadSkin(f.game);
      const { left, top, pitch } = f.meta.grid;
      const bad: string[] = [];
      for (let y = 0; y < f.board.height; y++)
        for (let x = 0; x < f.board.width; x++) {
          const state = STATE_OF_CODE[f.board.cells[y * f.board.width + x]!]!;
          const sprites = skin.cells.filter((c) => c.state === state).map((c) => c.image);
          expect(sprites.length, `${f.game} has a sprite for ${state}`).toBeGreaterThan(0);
          const fits = sprites.some((s) => {
            let off = 0;
            for (let j = 0; j < pitch; j++)
              for (let i = 0; i < pitch; i++) {
                const p = ((top + y * pitch + j) * img.width + left + x * pitch + i) * 4;
                const q = (j * s.width + i) * 4;
                for (let k = 0; k < 3; k++) if (Math.abs(img.data[p + k]! - s.data[q + k]!) > 16) off++;
              }
            return off === 0;
          });
          if (!fits) bad.push(`(${x},${y}) ${state}`);
        }
      expect(bad).toEqual([]);
    });
  }
});

const ready = new Set(listSkins());

describe('X11 fixtures: readScreen', () => {
  for (const f of all) {
    const skip = !ready.has(f.game);
    it.skipIf(skip)(`${f.game}/${f.name}: named skin, known geometry, RGB565`, async () => {
      const img = await load(f.png);
      const variants: [string, RgbaImage, Parameters<typeof readScreen>[1]][] = [
        ['named', img, { skin: f.game }],
        [
          'geometry',
          img,
          {
            skin: f.game,
            geometry: { ...f.meta.grid, cols: f.board.width, rows: f.board.height, scale: f.meta.grid.pitch / loadSkin(f.game).pitch },
          },
        ],
      ];
      if (f.meta.depth === 24) variants.push(['rgb565', toRgb565(img), { skin: f.game }]);
      for (const [what, image, options] of variants) {
        const r = readScreen(image, options);
        const got = formatBoard(r.board).split('\n').slice(1).join('\n');
        const want = formatBoard(f.board).split('\n').slice(1).join('\n');
        expect(got, `${what}: board`).toBe(want);
        expect(r.unsure, `${what}: unsure cells`).toEqual([]);
        expect(r.face, `${what}: face`).toBe(f.meta.face);
        expect(r.mineCounter, `${what}: mine counter`).toBe(f.meta.mineCounter);
        expect(r.timer, `${what}: timer`).toBe(f.meta.timer);
        expect(r.grid.pitch, `${what}: pitch`).toBeCloseTo(f.meta.grid.pitch, 0);
        expect(Math.abs(r.grid.left - f.meta.grid.left), `${what}: left`).toBeLessThanOrEqual(1);
        expect(Math.abs(r.grid.top - f.meta.grid.top), `${what}: top`).toBeLessThanOrEqual(1);
        // with a counter, the header's total is the fixture's; without one it comes from the size
        expect(r.board.mines, `${what}: mines in the header`).toBe(f.board.mines);
      }
    });
  }
});
