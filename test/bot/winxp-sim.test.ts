// The loop with the real vision and the winxp skin on the simulated desktop.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { playSession } from '../../src/bot/loop.js';
import { faceAt, loadReader, render } from '../../src/bot/learn/vision-link.js';
import { SimulatedDesktop, type SimulatedOptions } from '../../src/desktop/simulated.js';
import { createStrategy } from '../../src/solver/registry.js';
import { saveCapture } from '../../src/commands/play.js';
import type { RgbaImage } from '../../src/desktop/ports.js';
import { createImage, fillRect } from '../../src/vision/image.js';
import { boardPointOf } from '../support/board-point.js';

const dir = mkdtempSync(path.join(tmpdir(), 'minebot-winxp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const desktop = (over: Partial<SimulatedOptions> = {}) =>
  new SimulatedDesktop({ spec: { width: 9, height: 9, mines: 10 }, rule: 'xp', seed: 11, render, skin: 'winxp', faceAt, lag: 1, partialFrames: true, ...over });

describe('the loop with winxp vision on the simulated desktop', () => {
  it('plays games on a 150 % skin on a 125 % display, new games by the face, every click on a cell', async () => {
    const read = await loadReader();
    const d = desktop({ scale: 1.5, density: { scaleX: 1.25, scaleY: 1.25 }, offset: { x: 211, y: 97 } });
    const result = await playSession(d, { strategy: createStrategy('simple'), read, skin: 'winxp', rule: 'xp', games: 3, newGame: { face: true }, faceAt });
    expect(result.stopped).toBeNull();
    expect(result.records.map((r) => r.result)).toEqual(d.games.filter((g) => g.finished).map((g) => g.status));
    // Two face clicks started the second and third games; all other clicks hit cells.
    expect(d.clicks.filter((c) => c.cell === null)).toHaveLength(2);
    expect(d.games).toHaveLength(3);
  });

  /** Plays 4 expert-sized games whose window `atEnd` draws on at every grab once a game is over: no stop, the games the game played, every click on a cell. */
  async function playsThroughEnds(atEnd: (image: RgbaImage) => void): Promise<void> {
    const read = await loadReader();
    const d: SimulatedDesktop = desktop({
      spec: { width: 16, height: 16, mines: 40 },
      damage: (image) => {
        if (d.game.status === 'won' || d.game.status === 'lost') atEnd(image);
      },
    });
    const result = await playSession(d, { strategy: createStrategy('exact'), read, skin: 'winxp', rule: 'xp', games: 4, newGame: { key: 'F2' } });
    expect(result.stopped).toBeNull();
    expect(result.records.map((r) => r.result)).toEqual(d.games.filter((g) => g.finished).map((g) => g.status));
    expect(d.clicks.every((c) => c.cell !== null)).toBe(true);
  }

  it('a game that dims its window at each end (a page dimmed behind an end dialog): each end is read under it, the games the game played, no stop', async () => {
    const ALPHA = 0.4;
    await playsThroughEnds((image) => {
      for (let i = 0; i < image.data.length; i += 4) for (let c = 0; c < 3; c++) image.data[i + c] = Math.round((1 - ALPHA) * image.data[i + c]!);
    });
  });

  it('a game that throws confetti over its window at each end, for good (react-confetti): the still scene under it is read, the games the game played, no stop', async () => {
    let grabs = 0;
    await playsThroughEnds((image) => {
      // (30 pieces, 6x4 px, somewhere else on every grab)
      let seed = ++grabs * 7919;
      const next = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
      for (let k = 0; k < 30; k++) {
        const x0 = Math.floor(next() * (image.width - 6)), y0 = Math.floor(next() * (image.height - 4));
        const colour = [Math.floor(next() * 256), Math.floor(next() * 256), Math.floor(next() * 256)];
        for (let y = y0; y < y0 + 4; y++) for (let x = x0; x < x0 + 6; x++) image.data.set(colour, (y * image.width + x) * 4);
      }
    });
  }, 120_000);

  it('starts new games by --new-game click:DX,DY on a face no skin knows of, and refuses a point far off the board', async () => {
    const read = await loadReader();
    const d = desktop({ offset: { x: 150, y: 120 } });
    // where the face is, in cells from the middle of the board's top edge (the game knows it; the bot is told)
    const { grid } = render(d.games[0]!.board(), 'winxp');
    const face = faceAt('winxp', grid)!;
    const { dx, dy } = boardPointOf(face, grid);
    expect(dy).toBeLessThan(0);
    const result = await playSession(d, { strategy: createStrategy('simple'), read, skin: 'winxp', rule: 'xp', games: 3, newGame: { click: { dx, dy } }, faceAt: () => null });
    expect(result.stopped).toBeNull();
    expect(d.games).toHaveLength(3);
    // two clicks off the cells (on the face) started the second and third games
    expect(d.clicks.filter((c) => c.cell === null)).toHaveLength(2);
    expect(result.records).toHaveLength(3);

    // a point 3 cells below the board, past the game's window, is not clicked: the session stops after game 1
    const far = desktop({ offset: { x: 150, y: 120 } });
    const stopped = await playSession(far, { strategy: createStrategy('simple'), read, skin: 'winxp', rule: 'xp', games: 2, newGame: { click: { dx: 0, dy: grid.rows + 3 } }, faceAt: () => null });
    expect(stopped.stopped).toMatch(/new-game click 0,12 falls at pixel .*, outside the game's window on the screen/);
    expect(far.clicks.every((c) => c.cell !== null)).toBe(true);
    expect(far.games).toHaveLength(1);
  });

  // hchho/react-minesweeper: "Restart Game" above the board shows a start screen in the page's
  // place (the board gone), whose "Start" brings a fresh board: two points in turn.
  it('starts new games by points in turn (click:DX,DY+DX,DY: a restart that shows a start screen, then its start), and clicks no further point when one changes nothing', async () => {
    const read = await loadReader();
    let menu = false;
    const { grid } = render(desktop().games[0]!.board(), 'winxp');
    const face = faceAt('winxp', grid)!;
    // the start button: a cell-sized square three cells right of the restart point (window pixels)
    const start = { left: face.left + 3 * grid.pitch, top: face.top, width: face.width, height: face.height };
    const inside = (r: typeof face, x: number, y: number) => x >= r.left && x < r.left + r.width && y >= r.top && y < r.top + r.height;
    const withMenu = (): SimulatedDesktop => {
      menu = false;
      return desktop({
        offset: { x: 150, y: 120 },
        faceAt: undefined,
        damage: (image) => {
          if (!menu) return;
          fillRect(image, 0, 0, image.width, image.height, [255, 255, 255]);
          fillRect(image, start.left, start.top, start.left + start.width, start.top + start.height, [90, 90, 90]);
          fillRect(image, start.left + 2, start.top + 2, start.left + start.width - 2, start.top + start.height - 2, [225, 225, 225]);
        },
      });
    };
    const how = { click: boardPointOf(face, grid), then: [boardPointOf(start, grid)] };
    const d = withMenu();
    d.onClick = (c, desk) => {
      const x = c.pixel.x - desk.window.left, y = c.pixel.y - desk.window.top;
      if (!menu && desk.game.finished && inside(face, x, y)) (menu = true), desk.touch();
      else if (menu && inside(start, x, y)) (menu = false), desk.newGame();
    };
    const result = await playSession(d, { strategy: createStrategy('simple'), read, skin: 'winxp', rule: 'xp', games: 3, newGame: how, faceAt: () => null });
    expect(result.stopped).toBeNull();
    expect(d.games).toHaveLength(3);
    expect(result.records.map((r) => r.result)).toEqual(d.games.map((g) => g.status));
    // each new game: the restart, then the start, off the cells
    expect(d.clicks.filter((c) => c.cell === null)).toHaveLength(4);

    // a restart that shows nothing: the start point is never clicked
    const dead = withMenu();
    const stopped = await playSession(dead, { strategy: createStrategy('simple'), read, skin: 'winxp', rule: 'xp', games: 2, newGame: how, faceAt: () => null });
    expect(stopped.stopped).toMatch(/the new-game click .* changed nothing around the board; the next, .*, not clicked/);
    expect(dead.clicks.filter((c) => c.cell === null)).toHaveLength(1);
    expect(dead.games).toHaveLength(1);
  });

  // ovanderzee/mine-sweeper: an end opens a native <dialog> that makes the page inert and draws
  // nothing over the board (a shield flies in elsewhere, or is gone already): the first click on
  // "New game" only closes it, the ended game stays
  it('clicks the new-game point again when the game swallowed the click (the ended game still read, the point as before), whatever went elsewhere; never when the point changed', async () => {
    const read = await loadReader();
    const { grid } = render(desktop().games[0]!.board(), 'winxp');
    const face = faceAt('winxp', grid)!;
    const inside = (r: typeof face, x: number, y: number) => x >= r.left && x < r.left + r.width && y >= r.top && y < r.top + r.height;
    /** A desktop whose ends bring a dialog that takes the next click; `drawn` draws while it is up, `opened` once it took that click. */
    const withInertEnds = (drawn: 'nothing' | 'aside' | 'on the corner' | 'dimmed' | 'over the point'): SimulatedDesktop => {
      let closedFor = -1;
      let fading = 0;
      const inert = (desk: SimulatedDesktop): boolean => desk.game.finished && closedFor !== desk.games.length;
      const d: SimulatedDesktop = desktop({
        offset: { x: 150, y: 120 },
        faceAt: undefined,
        damage: (image) => {
          // a shield left of the face while the dialog is up: it goes with the click it takes
          if (drawn === 'aside' && inert(d)) fillRect(image, face.left - 2 * grid.pitch, face.top, face.left - grid.pitch, face.top + face.height, [40, 40, 40]);
          // shields over the board's top corners, its frame there too (not its cells)
          if (drawn === 'on the corner' && inert(d)) {
            const right = grid.left + grid.cols * grid.pitch;
            fillRect(image, grid.left - 12, grid.top - 12, grid.left, grid.top, [230, 180, 40]);
            fillRect(image, right, grid.top - 12, right + 12, grid.top, [230, 180, 40]);
          }
          // the whole window dimmed behind the dialog, the point too: read so at the end, and for a
          // few frames after the click it took, as it fades out
          if (drawn === 'dimmed' && (inert(d) || (fading > 0 && fading--))) for (let i = 0; i < image.data.length; i += 4) for (let c = 0; c < 3; c++) image.data[i + c] = Math.round(0.8 * image.data[i + c]!);
          // a menu that click opened over the point: stays
          if (drawn === 'over the point' && d.game.finished && closedFor === d.games.length) fillRect(image, face.left - 2, face.top - 2, face.left + face.width + 2, face.top + face.height + 2, [200, 30, 30]);
        },
      });
      d.onClick = (c, desk) => {
        const x = c.pixel.x - desk.window.left, y = c.pixel.y - desk.window.top;
        if (!desk.game.finished || !inside(face, x, y)) return;
        if (inert(desk)) (closedFor = desk.games.length), (fading = 4), desk.touch();
        else desk.newGame();
      };
      return d;
    };
    const opts = { strategy: createStrategy('simple'), read, skin: 'winxp', rule: 'xp' as const, games: 3, newGame: { click: boardPointOf(face, grid) }, faceAt: () => null };
    for (const drawn of ['nothing', 'aside', 'on the corner', 'dimmed'] as const) {
      const d = withInertEnds(drawn);
      const result = await playSession(d, opts);
      expect(result.stopped, drawn).toBeNull();
      expect(d.games).toHaveLength(3);
      expect(result.records.map((r) => r.result)).toEqual(d.games.map((g) => g.status));
      // each new game: the click the dialog took, then the one that started it
      expect(d.clicks.filter((c) => c.cell === null)).toHaveLength(4);
    }

    // the first click changed the point itself (a menu over it): not clicked again, a stop
    const over = withInertEnds('over the point');
    const stopped = await playSession(over, { ...opts, games: 2 });
    expect(stopped.stopped).toMatch(/no longer looks as when it was clicked/);
    expect(over.clicks.filter((c) => c.cell === null)).toHaveLength(1);
    expect(over.games).toHaveLength(1);
  }, 90_000);

  // Louya64/minesweeper-vue: learn left the win's `alert()` up; `play --dismiss Return` found the
  // board under the dimmed page, read as the game that ended, and clicked its new-game point three
  // times into the alert (a page held by a modal takes no click), then stopped
  it('a run started on an ended board under an alert the last run left up: the new-game click it swallows is followed by the dismiss key, then the click again; without a dismiss key, a stop as before', async () => {
    const read = await loadReader();
    const { grid } = render(desktop().games[0]!.board(), 'winxp');
    const face = faceAt('winxp', grid)!;
    const inside = (r: typeof face, x: number, y: number) => x >= r.left && x < r.left + r.width && y >= r.top && y < r.top + r.height;
    /** A desktop started on a lost game under a modal alert that dims the page and closes on Return alone. */
    const underAlert = (): SimulatedDesktop => {
      let up = true;
      const d: SimulatedDesktop = desktop({
        offset: { x: 150, y: 120 },
        faceAt: undefined,
        damage: (image) => {
          if (up && d.keys.includes('Return')) up = false;
          // (dimmed lightly: the skin still reads the board under it, as a learned skin read the
          // dimmed page it had learned from)
          if (up) for (let i = 0; i < image.data.length; i += 4) for (let c = 0; c < 3; c++) image.data[i + c] = Math.round(0.93 * image.data[i + c]!);
        },
      });
      const g = d.game;
      const cells = [...Array(81).keys()].map((i) => [i % 9, (i / 9) | 0] as const);
      const safe = cells.find(([x, y]) => !g.mineAt(x, y))!;
      g.open(safe[0], safe[1]);
      const mine = cells.find(([x, y]) => g.mineAt(x, y))!;
      g.open(mine[0], mine[1]);
      // the alert's box, over the page above the game (it has the keyboard: Return closes it)
      d.raise({ title: 'alert', region: { left: 150, top: 20, width: 200, height: 60 }, colour: [250, 250, 250], closesOn: ['Return'] });
      d.touch();
      d.onClick = (c, desk) => {
        const x = c.pixel.x - desk.window.left, y = c.pixel.y - desk.window.top;
        if (up || !desk.game.finished || !inside(face, x, y)) return;
        desk.newGame();
      };
      return d;
    };
    const opts = { strategy: createStrategy('simple'), read, skin: 'winxp', rule: 'xp' as const, games: 2, newGame: { click: boardPointOf(face, grid) }, faceAt: () => null };
    const d = underAlert();
    const result = await playSession(d, { ...opts, dismissKey: 'Return' });
    expect(result.stopped).toBeNull();
    expect(d.keys).toEqual(['Return']);
    expect(d.games).toHaveLength(3);
    expect(result.records.map((r) => r.result)).toEqual(d.games.slice(1).map((g) => g.status));
    // no click on the ended game's cells
    expect(d.games[0]!.clicks).toBe(2);

    const none = underAlert();
    const stopped = await playSession(none, opts);
    expect(stopped.stopped).toMatch(/did not start a new game/);
    expect(none.keys).toEqual([]);
  }, 90_000);

  // Renata5207418/campo_minado alerts a win once per level of a cascade's recursion: alerts queued
  // alike, each dimming the page and taking any click, Return closing one and the next up a moment later.
  // They came up after the end was read, as the new-game click came; the dismiss after that
  // swallowed click pressed once, the next alert took the click again, and the run stopped ("did
  // not start a new game"). Here the alerts come up with the first new-game click on an ended game.
  it('after a game of the run ended, the new-game click swallowed by alerts queued alike: Return again while the page stays dimmed, then the click', async () => {
    const read = await loadReader();
    const { grid } = render(desktop().games[0]!.board(), 'winxp');
    const face = faceAt('winxp', grid)!;
    const inside = (r: typeof face, x: number, y: number) => x >= r.left && x < r.left + r.width && y >= r.top && y < r.top + r.height;
    const ALERTS = 3;
    /** Keys pressed before the alerts of this end came up, or null before they did. */
    let raisedAt: number | null = null;
    const up = (desk: SimulatedDesktop) => raisedAt !== null && desk.keys.length - raisedAt < ALERTS;
    // (each alert closed, the page clear for two frames before the next dims it: the page's
    // script runs between them)
    let keysSeen = 0;
    let clearFor = 0;
    const d: SimulatedDesktop = desktop({
      offset: { x: 150, y: 120 },
      faceAt: undefined,
      damage: (image) => {
        if (d.keys.length !== keysSeen) (keysSeen = d.keys.length), (clearFor = 2);
        const clear = clearFor > 0 && clearFor-- > 0;
        if (up(d) && !clear) for (let i = 0; i < image.data.length; i += 4) for (let c = 0; c < 3; c++) image.data[i + c] = Math.round(0.6 * image.data[i + c]!);
      },
    });
    d.onClick = (c, desk) => {
      const x = c.pixel.x - desk.window.left, y = c.pixel.y - desk.window.top;
      if (!desk.game.finished || !inside(face, x, y)) return;
      if (raisedAt === null) return void ((raisedAt = desk.keys.length), desk.touch());
      if (up(desk)) return;
      raisedAt = null;
      desk.newGame();
    };
    const result = await playSession(d, { strategy: createStrategy('simple'), read, skin: 'winxp', rule: 'xp', games: 3, newGame: { click: boardPointOf(face, grid) }, faceAt: () => null, dismissKey: 'Return' });
    expect(result.stopped).toBeNull();
    expect(d.games).toHaveLength(3);
    expect(result.records.map((r) => r.result)).toEqual(d.games.map((g) => g.status));
    // each end: the click the first alert took, every alert closed, the click that started the game
    expect(d.keys).toHaveLength(2 * ALERTS);
    expect(d.clicks.filter((c) => c.cell === null)).toHaveLength(4);
  }, 90_000);

  // lautaroBulla/Buscaminas-Web: a win's "Continue" must be clicked before its face starts a new
  // game; a loss shows none, and the face alone does
  it('starts new games by points in turn whose first comes only at some ends (DX,DY?): clicked on, after a loss, though it changed nothing; without the ?, a stop there', async () => {
    const read = await loadReader();
    const { grid } = render(desktop().games[0]!.board(), 'winxp');
    const face = faceAt('winxp', grid)!;
    // (the Continue button: a face-sized square three cells right of the face, after a win until clicked)
    const cont = { left: face.left + 3 * grid.pitch, top: face.top, width: face.width, height: face.height };
    const inside = (r: typeof face, x: number, y: number) => x >= r.left && x < r.left + r.width && y >= r.top && y < r.top + r.height;
    const run = async (optional: boolean) => {
      let shown = false;
      const d: SimulatedDesktop = desktop({
        faceAt: undefined,
        damage: (image) => {
          if (shown) fillRect(image, cont.left, cont.top, cont.left + cont.width, cont.top + cont.height, [40, 160, 60]);
        },
      });
      d.onClick = (c, desk) => {
        const x = c.pixel.x - desk.window.left, y = c.pixel.y - desk.window.top;
        // (a click that wins brings the button; the button takes it away; the face starts a new
        // game only when no button is up)
        if (c.cell !== null) {
          if (desk.game.status === 'won') (shown = true), desk.touch();
        } else if (shown && inside(cont, x, y)) (shown = false), desk.touch();
        else if (desk.game.finished && !shown && inside(face, x, y)) desk.newGame();
      };
      const how = { click: { ...boardPointOf(cont, grid), ...(optional ? { optional: true } : {}) }, then: [boardPointOf(face, grid)] };
      const result = await playSession(d, { strategy: createStrategy('simple'), read, skin: 'winxp', rule: 'xp', games: 6, newGame: how, faceAt: () => null });
      return { d, result };
    };
    const { d, result } = await run(true);
    expect(result.stopped).toBeNull();
    expect(d.games).toHaveLength(6);
    const ends = d.games.slice(0, 5).map((g) => g.status);
    expect(ends).toContain('won');
    expect(ends).toContain('lost');
    expect(result.records.map((r) => r.result)).toEqual(d.games.map((g) => g.status));
    // every click off the cells is the button or the face, two per new game
    expect(d.clicks.filter((c) => c.cell === null)).toHaveLength(10);
    // without the ?, the first loss stops the run at the face not clicked
    const strict = await run(false);
    expect(strict.result.stopped).toMatch(/changed nothing around the board; the next, .*, not clicked/);
    expect(strict.d.games.at(-1)!.status === 'lost' || strict.d.games.at(-2)!.status === 'lost').toBe(true);
  });

  // carrickjason's RETRY 6.8 cells below its board, Nivsha08's Restart 4 cells below: beyond the
  // reach read around every board, inside the game's window
  it('starts new games by a button farther below the board than the area read by default, inside the game\'s window (the read area reaches it); refuses it where the window is not known', async () => {
    const read = await loadReader();
    const BELOW = 6.5;
    /** The winxp game in a window that reaches 8 cells below the board, a RETRY button 6.5 cells below it. */
    const withRetry: typeof render = (board, skin, options) => {
      const { image, grid } = render(board, skin, options);
      const out = createImage(image.width, Math.ceil(grid.top + (board.height + 8) * grid.pitch), [192, 192, 192]);
      for (let y = 0; y < image.height; y++) out.data.set(image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4), y * out.width * 4);
      const b = retryIn(grid, board.height);
      fillRect(out, b.left, b.top, b.left + b.width, b.top + b.height, [60, 60, 140]);
      return { image: out, grid };
    };
    const retryIn = (grid: { left: number; top: number; pitch: number; cols: number }, rows: number) => ({ left: Math.round(grid.left + (grid.cols / 2 - 1) * grid.pitch), top: Math.round(grid.top + (rows + BELOW - 0.5) * grid.pitch), width: Math.round(2 * grid.pitch), height: Math.round(grid.pitch) });
    const game = (): SimulatedDesktop => {
      const d = desktop({ offset: { x: 150, y: 120 }, render: withRetry, faceAt: undefined });
      d.onClick = (c, desk) => {
        const { grid } = render(desk.game.board(), 'winxp');
        const b = retryIn(grid, 9);
        const x = c.pixel.x - desk.window.left, y = c.pixel.y - desk.window.top;
        if (desk.game.finished && x >= b.left && x < b.left + b.width && y >= b.top && y < b.top + b.height) desk.newGame();
      };
      return d;
    };
    const newGame = { click: { dx: 0, dy: 9 + BELOW } };
    const d = game();
    const result = await playSession(d, { strategy: createStrategy('simple'), read, skin: 'winxp', rule: 'xp', games: 3, newGame, faceAt: () => null });
    expect(result.stopped).toBeNull();
    expect(d.games).toHaveLength(3);
    expect(d.clicks.filter((c) => c.cell === null)).toHaveLength(2);
    for (const c of d.clicks) expect(c.window).not.toBeNull();
    // a desktop that lists no windows: the area read stays READ_REACH, and the point is refused
    const blind = game();
    Object.defineProperty(blind, 'windows', { value: undefined });
    const refused = await playSession(blind, { strategy: createStrategy('simple'), read, skin: 'winxp', rule: 'xp', games: 2, newGame, faceAt: () => null });
    expect(refused.stopped).toMatch(/new-game click 0,15.5 falls outside the area read around the 9x9 board .*farther inside the game's window when minebot knows it/);
    expect(blind.clicks.every((c) => c.cell !== null)).toBe(true);
    expect(blind.games).toHaveLength(1);
  });

  it('refuses a new-game point above the game\'s window, on the desktop there, though within the reach around the board', async () => {
    const read = await loadReader();
    const d = desktop({ offset: { x: 150, y: 120 } });
    const { grid } = render(d.games[0]!.board(), 'winxp');
    // half a cell above the window's top edge (the grid's top is grid.top below it)
    const dy = -Math.ceil(grid.top / grid.pitch + 0.5);
    expect(dy).toBeGreaterThanOrEqual(-5);
    const result = await playSession(d, { strategy: createStrategy('simple'), read, skin: 'winxp', rule: 'xp', games: 2, newGame: { click: { dx: 0, dy } }, faceAt: () => null });
    expect(result.stopped).toMatch(new RegExp(`new-game click 0,${dy} falls at pixel .*, outside the game's window on the screen \\(${d.window.width}x${d.window.height} at 150,120\\)`));
    expect(d.clicks.every((c) => c.cell !== null)).toBe(true);
    expect(d.games).toHaveLength(1);
  });

  it('stops on a smudged cell and saves the capture with its reading', async () => {
    const read = await loadReader();
    const d = desktop({
      damage: (image, grid) => {
        // Noise over cell (5,2).
        for (let y = 2; y < grid.pitch - 2; y++) {
          for (let x = 2; x < grid.pitch - 2; x++) {
            const i = ((grid.top + 2 * grid.pitch + y) * image.width + grid.left + 5 * grid.pitch + x) * 4;
            image.data[i] = (x * 97 + y * 31) & 255;
            image.data[i + 1] = (x * 13 + y * 71) & 255;
            image.data[i + 2] = (x * 57 + y * 17) & 255;
          }
        }
      },
    });
    const result = await playSession(d, {
      strategy: createStrategy('simple'),
      read,
      skin: 'winxp',
      rule: 'xp',
      games: 1,
      save: (capture, reading, why) => saveCapture(dir, capture, reading, why),
    });
    expect(result.stopped).toMatch(/unsure reading of 1 cell\(s\): \(5,2\)/);
    expect(d.clicks).toHaveLength(0);
    expect(result.saved).toHaveLength(1);
    const png = result.saved[0]!;
    expect(existsSync(png)).toBe(true);
    const text = readFileSync(png.replace(/\.png$/, '.txt'), 'utf8');
    expect(text).toMatch(/^# unsure reading/);
    expect(text).toMatch(/unsure cells: \(5,2\)/);
    expect(text).toMatch(/^9x9\/10$/m);
  });
});
