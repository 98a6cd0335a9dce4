// A game that draws a covered tile's bevel by its neighbours (Justice-Berteig/react-minesweeper:
// a tile still covered, beside three cells that opened in one cascade, had its edges drawn
// anew). Read by a skin that knows the opened blank's look, such a tile reads covered; it was
// taken for a cell opened all the same ("a cell that changed is not what it was"), the game then
// counted won with it closed, and the tile labelled a number by logic (a lesson refused only by
// luck). Drawn here in xdemineur's look at 40 px, the shade our own: such tiles were unsure
// before (the run stopped), now covered.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { COVERED, type Board } from '../../src/core/board.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { learnSkin } from '../../src/vision/learn/learn.js';
import { fillRect, type RgbaImage } from '../../src/vision/image.js';

const W = 16, H = 16;
const SCALE = 2.5;

/** Covered tiles with three or four opened sides, their edges on those sides shaded. */
function sideOpen(b: Board): Map<number, boolean[]> {
  const open = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < W && y < H && b.cells[y * W + x]! <= 8;
  const out = new Map<number, boolean[]>();
  b.cells.forEach((c, i) => {
    const x = i % W, y = (i / W) | 0;
    const sides = [open(x - 1, y), open(x + 1, y), open(x, y - 1), open(x, y + 1)];
    if (c === COVERED && sides.filter(Boolean).length >= 3) out.set(i, sides);
  });
  return out;
}

function draw(b: Board): { image: RgbaImage; grid: ReturnType<typeof renderBoard>['grid'] } {
  const { image, grid } = renderBoard(b, 'xdemineur', { scale: SCALE });
  const p = Math.round(grid.pitch);
  for (const [i, [l, r, u, d]] of sideOpen(b)) {
    const x0 = Math.round(grid.left + (i % W) * grid.pitch), y0 = Math.round(grid.top + ((i / W) | 0) * grid.pitch);
    const shade: [number, number, number] = [96, 96, 96];
    if (l) fillRect(image, x0, y0, x0 + 3, y0 + p, shade);
    if (r) fillRect(image, x0 + p - 3, y0, x0 + p, y0 + p, shade);
    if (u) fillRect(image, x0, y0, x0 + p, y0 + 3, shade);
    if (d) fillRect(image, x0, y0 + p - 3, x0 + p, y0 + p, shade);
  }
  return { image, grid };
}

/** A game whose layout is `mines`, opened at `clicks` in turn. */
function played(mines: [number, number][], clicks: [number, number][]): Game {
  const g = Game.fromLayout(W, H, mines);
  for (const [x, y] of clicks) g.open(x, y);
  return g;
}

describe('a covered tile whose bevel a game draws by its opened neighbours', () => {
  it('reads covered to a learner whose skin knows the opened blank, never opened', () => {
    // (mines in a few clumps, so that cascades leave covered tiles between opened cells)
    const mines: [number, number][] = [];
    for (let k = 0; k < 40; k++) mines.push([(k * 7 + 3) % W, (k * 11 + 5) % H]);
    const layout = [...new Map(mines.map((m) => [m.join(), m])).values()];
    const safe = [...Array(W * H).keys()].filter((i) => !layout.some(([x, y]) => y * W + x === i));
    const first = safe.find((i) => played(layout, [[i % W, (i / W) | 0]]).board().cells.filter((c) => c <= 8).length > 20)!;
    const start: [number, number] = [first % W, (first / W) | 0];
    // a second click that gives some covered tile its third opened side
    const before = played(layout, [start]).board();
    const second = safe.find((i) => {
      if (before.cells[i] !== COVERED) return false;
      const after = played(layout, [start, [i % W, (i / W) | 0]]).board();
      return [...sideOpen(after).keys()].some((t) => !sideOpen(before).has(t));
    })!;
    expect(second).toBeDefined();
    const next: [number, number] = [second % W, (second / W) | 0];
    const end = played(layout, [start, next]);
    const tiles = [...sideOpen(end.board()).keys()].filter((t) => !sideOpen(before).has(t));
    expect(tiles.length).toBeGreaterThan(0);

    // a skin that knows these looks: learned from the frame after both clicks, labelled truly
    const lessonBoard = end.board();
    const lesson = draw(lessonBoard);
    const { learned } = learnSkin('bevels', [{ name: 'lesson', image: lesson.image, board: lessonBoard, grid: lesson.grid }]);
    expect(learned.skin.cells.some((c) => c.state === '0')).toBe(true);

    const learner = new LiveLearner({ name: 'bevels', mines: layout.length, previous: learned.skin });
    const fresh = Game.fromLayout(W, H, layout).board();
    const r0 = learner.read(draw(fresh).image);
    learner.noteClick(start[0], start[1], 'left');
    learner.read(draw(before).image, { geometry: r0.grid });
    learner.noteClick(next[0], next[1], 'left');
    const r2 = learner.read(draw(end.board()).image, { geometry: r0.grid });
    for (const t of tiles) expect(r2.board.cells[t], `tile (${t % W},${(t / W) | 0})`).toBe(COVERED);
    expect(r2.unsure).toEqual([]);
  });
});
