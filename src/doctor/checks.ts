// The checks of `minebot doctor`, each over the desktop's ports (src/desktop/ports.ts) or plain
// data, so every one of them runs against a fake screen in the tests. A check returns one result:
// ok, warn (the bot can play, but something needs a look), fail (the bot cannot play), or skip
// (an earlier check failed, or there is nothing to check).

import type { Clock, Grab, Pointer, Point, Screen } from '../desktop/ports.js';
import type { RgbaImage } from '../desktop/ports.js';

export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

export interface CheckResult {
  name: string;
  status: CheckStatus;
  /** One line: what was found and, when it is not ok, what to do. */
  message: string;
  /** Facts for --json (sizes, scales, times, names). */
  details?: Record<string, unknown>;
}

const result = (name: string, status: CheckStatus, message: string, details?: Record<string, unknown>): CheckResult =>
  details ? { name, status, message, details } : { name, status, message };

/** The display the bot would play on: reachable, or why not (the probe throws with the reason). */
export async function checkDisplay(probe: () => Promise<void>, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Promise<CheckResult> {
  if (platform === 'win32' || platform === 'darwin') return result('display', 'ok', `${platform === 'win32' ? 'Windows' : 'macOS'}: the desktop of this session`);
  try {
    await probe();
  } catch (err) {
    return result('display', 'fail', (err as Error).message);
  }
  return result('display', 'ok', `DISPLAY=${env.DISPLAY}: an X server answers`, { display: env.DISPLAY });
}

/** nut.js and its native parts (libnut, and libXtst on Linux) load. */
export async function checkNative(load: () => Promise<string | undefined>): Promise<CheckResult> {
  try {
    const version = await load();
    return result('nut.js', 'ok', `native parts load${version ? ` (nut.js ${version})` : ''}`, version ? { version } : undefined);
  } catch (err) {
    return result('nut.js', 'fail', (err as Error).message);
  }
}

/** What the screen check learnt: the full grab and the size in logical points. */
export interface ScreenFacts {
  grab: Grab;
  /** Size in physical pixels. */
  pixels: { width: number; height: number };
  /** Size in logical points (what the mouse uses). */
  points: { width: number; height: number };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Screen size and scale factor: a full grab, its size against the size the screen states, and its
 * pixel density (physical pixels per logical point). Returns the facts for the later checks.
 */
export async function checkScreen(screen: Screen): Promise<{ result: CheckResult; facts: ScreenFacts | null }> {
  let size: { width: number; height: number };
  let grab: Grab;
  try {
    size = await screen.size();
    grab = await screen.grab();
  } catch (err) {
    return { result: result('screen', 'fail', `cannot take a screenshot: ${(err as Error).message}`), facts: null };
  }
  const { scaleX, scaleY } = grab.pixelDensity;
  const { width, height } = grab.image;
  if (width !== size.width || height !== size.height) {
    return {
      result: result('screen', 'fail', `a full screenshot is ${width}x${height} pixels but the screen says ${size.width}x${size.height}: clicks would be misplaced`, {
        pixels: size,
        grab: { width, height },
      }),
      facts: null,
    };
  }
  if (!(scaleX > 0 && scaleY > 0 && Number.isFinite(scaleX) && Number.isFinite(scaleY))) {
    return { result: result('screen', 'fail', `the system reports a scale factor of ${scaleX} x ${scaleY}, which cannot be right`), facts: null };
  }
  if (Math.abs(scaleX - scaleY) > 0.01 * Math.max(scaleX, scaleY)) {
    return {
      result: result('screen', 'fail', `different scale factors across (${round2(scaleX)}) and down (${round2(scaleY)}): set one display scaling for this screen`, {
        scale: { x: scaleX, y: scaleY },
      }),
      facts: null,
    };
  }
  const points = { width: Math.round(width / scaleX), height: Math.round(height / scaleY) };
  const scaled = Math.abs(scaleX - 1) > 0.005;
  const message = `${width}x${height} pixels, scale ${round2(scaleX)}${scaled ? ` (${Math.round(scaleX * 100)}%)` : ''} = ${points.width}x${points.height} points`;
  return {
    result: result('screen', 'ok', message, { pixels: { width, height }, scale: { x: scaleX, y: scaleY }, points }),
    facts: { grab, pixels: { width, height }, points },
  };
}

/** How much of an image is black, and how many colours it has (on a sample of its pixels). */
export function imageStats(image: RgbaImage): { blackShare: number; colours: number } {
  const n = image.width * image.height;
  const step = Math.max(1, Math.floor(n / 200_000));
  const colours = new Set<number>();
  let black = 0;
  let seen = 0;
  for (let i = 0; i < n; i += step) {
    const o = i * 4;
    const r = image.data[o]!, g = image.data[o + 1]!, b = image.data[o + 2]!;
    if (r < 8 && g < 8 && b < 8) black++;
    if (colours.size < 4096) colours.add((r << 16) | (g << 8) | b);
    seen++;
  }
  return { blackShare: seen ? black / seen : 1, colours: colours.size };
}

/** A grab works and shows something: an all-black screen is what a missing permission gives. */
export function checkGrab(grab: Grab, platform: NodeJS.Platform): CheckResult {
  const { blackShare, colours } = imageStats(grab.image);
  const details = { colours, blackShare: round2(blackShare) };
  if (blackShare >= 0.999) {
    const why =
      platform === 'darwin'
        ? 'grant Screen Recording to your terminal app (System Settings → Privacy & Security → Screen Recording), then reopen it'
        : 'is the screen off, locked, or the session not the one you see?';
    return result('grab', 'fail', `the screenshot is black: ${why}`, details);
  }
  if (colours === 1) return result('grab', 'warn', 'the screenshot shows one colour only: is the screen blank or locked?', details);
  return result('grab', 'ok', `a screenshot works and shows ${colours >= 4096 ? 'over 4096' : colours} colours`, details);
}

/** How far a read-back position may be from where the pointer was put (the bot's own tolerance). */
export const POINTER_TOLERANCE = 2;

const near = (a: Point, b: Point, tol = POINTER_TOLERANCE) => Math.abs(a.x - b.x) <= tol && Math.abs(a.y - b.y) <= tol;
const pt = (p: Point) => `${p.x},${p.y}`;

/**
 * The pointer can be moved and read back, and reaches the whole screen in the points the scale
 * factor gives: it is put at the middle, near the right edge and near the bottom edge (never a
 * corner: macOS hot corners), each position read back, then put back where it was. A pointer that
 * stops short of an edge means the scale factor is wrong and the bot's clicks would miss.
 */
export async function checkPointer(pointer: Pointer, points: { width: number; height: number }, pixels: { width: number; height: number }, clock: Clock, platform: NodeJS.Platform): Promise<CheckResult> {
  const margin = Math.max(2, Math.min(10, Math.floor(Math.min(points.width, points.height) / 20)));
  const mid = { x: Math.floor(points.width / 2), y: Math.floor(points.height / 2) };
  const targets: Point[] = [mid, { x: points.width - 1 - margin, y: mid.y }, { x: mid.x, y: points.height - 1 - margin }];
  let start: Point;
  const reached: Point[] = [];
  try {
    start = await pointer.position();
    for (const t of targets) {
      await pointer.move(t);
      await clock.sleep(20);
      reached.push(await pointer.position());
    }
  } catch (err) {
    return result('pointer', 'fail', `cannot move or read the pointer: ${(err as Error).message}`);
  } finally {
    // put it back where the user had it (best effort: a failing pointer may fail here too)
    try {
      if (start!) await pointer.move(start);
    } catch {
      /* reported above */
    }
  }
  const details = { start, targets, reached };
  if (!reached.some((r, i) => near(r, targets[i]!)) && reached.every((r) => near(r, start))) {
    const why = platform === 'darwin' ? 'grant Accessibility to your terminal app (System Settings → Privacy & Security → Accessibility), then reopen it' : 'is another program holding the mouse?';
    return result('pointer', 'fail', `the pointer did not move (stayed at ${pt(start)}): ${why}`, details);
  }
  const [m, right, bottom] = reached as [Point, Point, Point];
  if (!near(m, targets[0]!)) {
    return result('pointer', 'fail', `the pointer, put at ${pt(targets[0]!)}, reads back at ${pt(m)}: the bot would stop at once, thinking you moved it (or did you? run again)`, details);
  }
  const shortX = right.x < targets[1]!.x - POINTER_TOLERANCE;
  const shortY = bottom.y < targets[2]!.y - POINTER_TOLERANCE;
  if (shortX || shortY) {
    // where the pointer stopped is about the edge of the screen in real points
    const realScaleX = shortX ? pixels.width / (right.x + 1) : pixels.width / points.width;
    const realScaleY = shortY ? pixels.height / (bottom.y + 1) : pixels.height / points.height;
    const real = Math.max(realScaleX, realScaleY);
    return result(
      'pointer',
      'fail',
      `the pointer stops at ${shortX ? `x=${right.x}` : `y=${bottom.y}`}, short of ${shortX ? `x=${targets[1]!.x}` : `y=${targets[2]!.y}`}: the screen is ${pixels.width}x${pixels.height} pixels and the system says scale ${round2(pixels.width / points.width)}, but the mouse moves as if the scale were about ${round2(real)}; clicks would miss. Set the display scaling again (or log out and in) and rerun`,
      { ...details, reportedScale: round2(pixels.width / points.width), apparentScale: round2(real) },
    );
  }
  if (!near(right, targets[1]!) || !near(bottom, targets[2]!)) {
    return result('pointer', 'fail', `the pointer does not go where it is put (${pt(targets[1]!)} → ${pt(right)}, ${pt(targets[2]!)} → ${pt(bottom)}): clicks would miss`, details);
  }
  return result('pointer', 'ok', `moved and read back at ${targets.length} points across the screen; put back at ${pt(start!)}`, details);
}

/** Where skins are found: the built-in ones and the user's learned ones. */
export interface SkinPlaces {
  builtinDir: string;
  userDir: string;
  /** Names of the skins in a folder (throws if it cannot be read). */
  list: (dir: string) => string[];
  /** Loads a skin from a folder (throws if it is broken). */
  load: (name: string, dir: string) => void;
  /** Whether the folder exists, and whether this process may write into it. */
  access: (dir: string) => { exists: boolean; writable: boolean };
}

/** The skins: built in ones present, the user's folder usable, every learned skin loadable. */
export function checkSkins(places: SkinPlaces): CheckResult {
  let builtin: string[] = [];
  try {
    builtin = places.list(places.builtinDir);
  } catch {
    // an unreadable templates folder counts as none: the verdict below says what to do
  }
  const folder = places.access(places.userDir);
  let learned: string[] = [];
  let problem: string | null = null;
  if (folder.exists) {
    try {
      learned = places.list(places.userDir);
    } catch (err) {
      problem = `cannot read ${places.userDir}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`;
    }
  }
  const broken: string[] = [];
  for (const name of learned) {
    try {
      places.load(name, places.userDir);
    } catch (err) {
      broken.push(`${name} (${(err as Error).message})`);
    }
  }
  const details = { builtinDir: places.builtinDir, builtin, userDir: places.userDir, learned, broken };
  const usable = builtin.length + learned.length - broken.length;
  const learnedText = `learned in ${places.userDir}: ${learned.length ? learned.join(', ') : folder.exists ? 'none' : 'none yet (the folder is made by minebot learn)'}`;
  if (usable === 0) {
    return result('skins', 'fail', `no skin to read a board with: none in ${places.builtinDir} (a broken install? reinstall minebot) and none learned in ${places.userDir}`, details);
  }
  const text = `built in: ${builtin.length ? builtin.join(', ') : 'none'}; ${learnedText}`;
  if (problem) return result('skins', 'warn', `${text}; ${problem}`, details);
  if (broken.length) return result('skins', 'warn', `${text}; broken, not used: ${broken.join('; ')} (learn them again)`, details);
  if (folder.exists && !folder.writable) return result('skins', 'warn', `${text}; ${places.userDir} is not writable: minebot learn cannot save there (--skins DIR picks another folder)`, details);
  return result('skins', 'ok', text, details);
}

/** What the board check needs of a reading (vision's Reading has more). */
export interface BoardReading {
  skin: string;
  board: { width: number; height: number; mines: number };
  grid: { left: number; top: number; pitch: number };
  minConfidence: number;
  unsure: [number, number][];
}

/** Whether a vision error means "no board in the image" rather than "a board nobody can read". */
export const NO_BOARD = /no (\S+ )?(Minesweeper )?board found/;

/**
 * If a board is visible: which skin reads it, where, and how surely. No board is not a failure
 * (nothing to check); a board no skin reads is a warning with what to do.
 */
export function checkBoard(image: RgbaImage, read: (image: RgbaImage) => BoardReading, platform: NodeJS.Platform): CheckResult {
  let r: BoardReading;
  try {
    r = read(image);
  } catch (err) {
    const message = (err as Error).message;
    if (NO_BOARD.test(message)) {
      const hint = platform === 'darwin' ? ' (if a game is open, check Screen Recording: without it macOS shows only the wallpaper)' : '';
      return result('board', 'skip', `no Minesweeper board on the screen: open a game to check that minebot reads it${hint}`);
    }
    return result('board', 'warn', message);
  }
  const where = `${r.board.width}x${r.board.height}/${r.board.mines} ${r.skin} board at ${Math.round(r.grid.left)},${Math.round(r.grid.top)}, cell ${r.grid.pitch.toFixed(1)} px`;
  const details = { skin: r.skin, board: r.board, grid: r.grid, minConfidence: round2(r.minConfidence), unsure: r.unsure.length };
  if (r.unsure.length) {
    return result('board', 'warn', `${where}; ${r.unsure.length} cell${r.unsure.length === 1 ? '' : 's'} unsure (lowest confidence ${r.minConfidence.toFixed(2)}): is something covering the board, or the pointer over it?`, details);
  }
  return result('board', 'ok', `${where}, every cell read (lowest confidence ${r.minConfidence.toFixed(2)})`, details);
}
