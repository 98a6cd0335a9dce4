// What a learned skin knows it has not seen. A learned state's looks are mean images of the cells
// it was learned from; `fit` records, per state, how far the farthest of those cells was from
// them (the matcher's score at full resolution, 1 = identical). A look counts as that state only
// when it is about as close to the state's looks as the learned cells were: a digit not learned
// yet, drawn in the same colour as a learned one (white 2 against a learned white 1: 0.70-0.76),
// scores well below what the learned cells score (0.99+), and is a look not learned — unsure to
// the reader, '+' to the live learner when it opened — never the nearest learned state. The
// least slack a state gets (for a capture scaled or redrawn a little) is no more than half the
// way (in score) to the nearest other state's look: digits that differ only in a
// small stroke on a large shared shape (emoji keycaps, one blue; the learned 1-4 scoring
// 0.94-0.975 against one another) would otherwise accept a digit not learned (a 5 scored 0.967
// against a learned 3, whose nearest other state scores 0.975, and read as 3). A look that only
// the least slack lets in (farther than the learned cells' own spread) must also agree with the
// state's look in every part of the cell (stroke-fit.ts): a rescaled or redrawn copy differs a
// little everywhere, a digit not learned on a shared key (one keycap learned: every other keycap
// scored 0.95-0.99 against it) differs wholly in a stroke. A number whose learned cells all
// agreed with its look in every part (`parts`: their worst part, as stroke-fit.ts measures it)
// is held to about that agreement, within its spread too: a digit not learned can score within a
// learned digit's spread when the digit is a small part of a large plain tile (PaulusWhite: a 3 at
// 0.9864 against a 2 whose learned cells went down to 0.9828 — their parts at 0.93 and up, the
// 3's at 0.16), or agree in its parts above the 0.6 asked beyond the spread where its stroke is
// thinner than a block. Pure.

import { patchLevel, samplePatch, templateLevel, templateScore, type Match, type TemplateSet } from './classify.js';
import { worstBlockAround } from './stroke-fit.js';
import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { cellSquare } from '../../core/grid.js';
import { explained, EXPLAINED_SCORE } from './judge.js';
import { CODE_OF_STATE, type CellState, type Skin } from '../skins/skin.js';
import { OPENED, type Board } from '../../core/board.js';

/** Per state, the lowest score of a cell it was learned from (on the skin learned from them). */
export type Fits = Partial<Record<CellState, number>>;

/** A look may lie this much farther out than the farthest learned cell (at d from its looks: d·(1 + SLACK))... */
const SLACK = 1.5;
/** ... and at least this much (a state learned from identical cells scores 0.99+ on them). */
const MIN_SLACK = 0.05;
/** A learned skin saved before fits were recorded accepts a look from this score. */
const LEGACY_ACCEPT = 0.9;
/**
 * A number beyond its state's learned spread needs every block of it to agree this well with
 * the state's look (stroke-fit.ts): a stroke one has and the other lacks gives about 0 (digits
 * not learned on a drawn key: 0.36 at most at 16 to 40 px), the same look crisp 1...
 */
const LOCAL_ACCEPT = 0.6;
/** ... and this well at another cell size than the skin was learned at, where resampling blurs
 * the right digit's strokes too (a skin learned from xdemineur fixtures reading them at 125%). */
const LOCAL_ACCEPT_RESCALED = 0.3;
/**
 * A number's worst part may lie this much below full agreement however alike its learned cells'
 * parts were (a lesson of a few cells drawn alike; the game may draw the next one a little
 * otherwise: xdemineur's 7s drawn in another game than the skin learned from agree at 0.745): a
 * digit not learned differs wholly in a block about a stroke wide (0.16 on PaulusWhite's serif
 * digits) or, where its stroke is thinner than a block, in part of one (a drawn 3 against a
 * learned 2, 0.57-0.65).
 */
const MIN_PARTS_SLACK = 0.3;
/** The states that are numbers: the only ones whose parts are compared. */
const NUMBER = /^[1-8]$/;

/**
 * The least score at which a look counts as each state the skin has, or null for a hand-built
 * skin (its sprites are the game's own drawings: near looks are judged by the whole board).
 * A state whose learned cells lay within d of its looks (score 1 − d) accepts a look within
 * d·(1 + SLACK), and at least MIN_SLACK — but that least slack only up to half the way to the
 * nearest look of another state, scored as the matcher would score it (`cells`: the skin's
 * templates): a look nearly as far from the state as another learned state's is no clear match
 * of it (issue 19); never below the reader's floor for a cell it explains.
 */
export function acceptOf(skin: Skin, cells?: TemplateSet<CellState>): Partial<Record<CellState, number>> | null {
  const learned = skin.file.learned;
  if (!learned) return null;
  const near = cells ? nearestOther(cells) : null;
  const out: Partial<Record<CellState, number>> = {};
  for (const { state } of skin.cells) {
    const fit = learned.fit?.[state];
    const s = near?.get(state);
    const least = s === undefined ? MIN_SLACK : Math.min(MIN_SLACK, midway(s));
    out[state] = fit === undefined ? LEGACY_ACCEPT : Math.max(EXPLAINED_SCORE, 1 - Math.max(least, (1 + SLACK) * (1 - fit)));
  }
  return out;
}

/**
 * Per state, the score down to which a look lies within the spread of the cells the state was
 * learned from (d from its looks: the farthest learned cell); below it, only a slack lets a look
 * in, and a number must then agree with its look in every part too. (Before, the spread took in
 * the slack, d·(1 + SLACK), and a digit not learned within it was never asked about its parts: on
 * PaulusWhite/minesweeper-release, small serif digits on a large plain tile, cells 35 and 36 px by
 * turns, a 4 not learned scored 0.9601 against a 3 whose learned cells reached down to 0.984,
 * accepted from 0.9598: read as 3, its parts agreeing at 0.01.)
 * Null for a hand-built skin; states without a recorded fit are left out.
 */
export function spreadOf(skin: Skin, sameSize = true): Partial<Record<CellState, number>> | null {
  const fit = skin.file.learned?.fit;
  if (!skin.file.learned) return null;
  const out: Partial<Record<CellState, number>> = {};
  // (at another cell size than the skin was learned at, the slack is let in as before: resampled
  // real captures of Windows 7 at 125% and 150% score their 1s there, parts agreeing at 0.02 to
  // 0.5, as little as a digit not learned does; read at its own size, a cell is held to its
  // learned cells' own spread)
  for (const [state, f] of Object.entries(fit ?? {}) as [CellState, number][]) out[state] = sameSize ? f : 1 - (1 + SLACK) * (1 - f);
  return out;
}

/**
 * Per number whose learned cells' worst parts were recorded, how well every part of a look must
 * agree with the number's look to count as it: the learned cells' worst part at d from full
 * agreement lets a look in within d·(1 + SLACK), and at least MIN_PARTS_SLACK below full
 * agreement. A number whose learned cells' parts themselves varied so much that nothing is left
 * (a look lit otherwise cell by cell: Windows 7's numbers on their gradient) is left out, its
 * spread and LOCAL_ACCEPT its only bars as before. Null for a hand-built skin.
 */
export function partsBarOf(skin: Skin): Partial<Record<CellState, number>> | null {
  const learned = skin.file.learned;
  if (!learned) return null;
  const out: Partial<Record<CellState, number>> = {};
  for (const [state, p] of Object.entries(learned.parts ?? {}) as [CellState, number][]) {
    const bar = Math.min(1 - MIN_PARTS_SLACK, 1 - (1 + SLACK) * (1 - p));
    if (NUMBER.test(state) && bar > 0) out[state] = bar;
  }
  return out;
}

/**
 * Half the way (in score) from a state's look to the nearest other state's look, similarity s:
 * a look scoring below (1 + s)/2 against a state is nearer in score to where the other state's
 * look lies than to the state's own.
 */
function midway(s: number): number {
  return (1 - s) / 2;
}

/** Per state, the highest score a look of another state gets against one of its looks (full resolution, as the matcher scores). */
function nearestOther(cells: TemplateSet<CellState>): Map<CellState, number> {
  const { labels } = cells;
  const T = labels.length;
  const out = new Map<CellState, number>();
  for (let i = 0; i < T; i++) {
    for (let j = 0; j < T; j++) {
      if (labels[i] === labels[j]) continue;
      const s = templateScore(cells, i, j);
      if (s > (out.get(labels[i]!) ?? -Infinity)) out.set(labels[i]!, s);
    }
  }
  return out;
}

/**
 * A match whose look is not one its state learned: kept as the best guess, with no confidence.
 * Not learned: below the state's least score (`accept`), or a number with a part of the cell
 * that disagrees with the state's look (`m.local`, stroke-fit.ts) more than partsBar lets pass:
 * beyond its learned spread (`spread`; more disagreement is let pass when the cells are not at
 * the size the skin was learned at), and within it where its learned cells' parts set a bar
 * (`parts`).
 */
export function withNovelty(m: Match<CellState>, accept: Partial<Record<CellState, number>> | null, spread: Partial<Record<CellState, number>> | null = null, sameSize = true, parts: Partial<Record<CellState, number>> | null = null): Match<CellState> {
  if (!accept) return m;
  const a = accept[m.label];
  if (a !== undefined && m.score < a) return { ...m, confidence: 0 };
  if (m.local !== undefined && m.local < partsBar(m, spread, sameSize, parts)) return { ...m, confidence: 0 };
  return m;
}

/** How well every part of a number beyond its spread must agree with its look (stroke-fit.ts). */
export function localAccept(sameSize: boolean): number {
  return sameSize ? LOCAL_ACCEPT : LOCAL_ACCEPT_RESCALED;
}

/**
 * How well every part of match m must agree with its look (stroke-fit.ts), or −Infinity when its
 * parts are not asked about: at the skin's own cell size, the bar its learned cells' parts set
 * (partsBarOf), where recorded, within its spread too; beyond its spread, at least what
 * localAccept says.
 */
export function partsBar(m: Match<CellState>, spread: Partial<Record<CellState, number>> | null, sameSize: boolean, parts: Partial<Record<CellState, number>> | null): number {
  if (!NUMBER.test(m.label)) return -Infinity;
  const learned = (sameSize ? parts?.[m.label] : undefined) ?? -Infinity;
  return beyondSpread(m, spread) ? Math.max(localAccept(sameSize), learned) : learned;
}

/** Whether withNovelty will ask how a match's parts agree: a number its state's least score lets in, with a bar for its parts (partsBar). */
export function needsParts(m: Match<CellState>, accept: Partial<Record<CellState, number>> | null, spread: Partial<Record<CellState, number>> | null, sameSize = true, parts: Partial<Record<CellState, number>> | null = null): boolean {
  const a = accept?.[m.label];
  return m.template !== undefined && (a === undefined || m.score >= a) && partsBar(m, spread, sameSize, parts) > -Infinity;
}

/**
 * A look beyond its state's learned spread may lie this far (of 255) from that look's mean level
 * when the state's learned cells all lay at it, and (1 + SLACK) times as far as the farthest of
 * them otherwise (keys lit otherwise cell by cell, a gradient). The matcher lets a patch's level
 * stray 12 from a sprite's at full score (palettes and 16-bit captures shift levels), and two
 * nearly flat looks correlate fully whatever their levels: a skin that had learned only
 * guysuvijak/nextjs-minesweeper-game's covered tile (flat grey 245 in a 233 ring) read its flat
 * white opened 0 (255) as covered at 0.995, confidently, and a lesson right in every label was
 * refused as going against it. Resampling and redrawing keep a look's level; a look of another
 * state drawn flat in another shade does not.
 */
const LEVEL_SLACK = 6;

/**
 * Per state whose learned cells' levels were recorded, how far a look beyond its spread may lie
 * from its look's level. Null for a hand-built skin or one learned before levels were recorded.
 */
export function levelSlackOf(skin: Skin): Partial<Record<CellState, number>> | null {
  const levels = skin.file.learned?.levels;
  if (!levels) return null;
  const out: Partial<Record<CellState, number>> = {};
  for (const [state, d] of Object.entries(levels) as [CellState, number][]) out[state] = Math.max(LEVEL_SLACK, (1 + SLACK) * d);
  return out;
}

/**
 * Whether a match only the least slack lets in (beyondSpread) lies farther from its look's level
 * than its state's learned cells let it (`levelSlack`, levelSlackOf): `level` the patch's mean
 * level (patchLevel), the look's as templateLevel measures it. Such a look is not one its state learned.
 */
export function levelBeyondSpread(m: Match<CellState>, spread: Partial<Record<CellState, number>> | null, levelSlack: Partial<Record<CellState, number>> | null, level: number, look: number): boolean {
  const slack = levelSlack?.[m.label];
  return slack !== undefined && beyondSpread(m, spread) && Math.abs(level - look) > slack;
}

/**
 * Per state, how far the mean level of a board's cells of that state lies from the look each
 * matched (as fitsOf takes the cells: read as their state and explained): how far apart in level
 * the cells a state is learned from lie.
 */
export function levelFitsOf(image: RgbaImage, grid: Grid, board: Board, matches: Match<CellState>[], cells: TemplateSet<CellState>, into: Fits = {}): Fits {
  const v = new Float32Array(cells.full.vectors[0]!.length);
  matches.forEach((m, i) => {
    if (m.template === undefined || CODE_OF_STATE[m.label] !== board.cells[i] || !explained(m)) return;
    const at = cellSquare(grid, i);
    const level = patchLevel(image, at.x, at.y, at.side, at.side, cells, v);
    if (level !== null) into[m.label] = Math.max(into[m.label] ?? 0, Math.abs(level - templateLevel(cells, m.template)));
  });
  return into;
}

/** The higher of two level spreads per state (learning more into a skin keeps what its old cells needed). */
export function mergeLevels(a: Fits | undefined, b: Fits): Fits {
  const out: Fits = { ...(a ?? {}) };
  for (const [s, v] of Object.entries(b) as [CellState, number][]) out[s] = Math.max(out[s] ?? 0, v);
  return out;
}

/** Whether a match scores below its state's learned spread (only the least slack lets it in). */
export function beyondSpread(m: Match<CellState>, spread: Partial<Record<CellState, number>> | null): boolean {
  const s = spread?.[m.label];
  return s !== undefined && m.score < s;
}

/**
 * The fits of a board's cells read with a skin (matches at full resolution, before any novelty
 * check): per state, the lowest score of a cell of that state the skin explains as that state.
 * Cells it reads as another state, or does not explain, are the learner's report to give.
 */
export function fitsOf(board: Board, matches: Match<CellState>[], into: Fits = {}): Fits {
  matches.forEach((m, i) => {
    const want = board.cells[i]!;
    if (want === OPENED || CODE_OF_STATE[m.label] !== want || !explained(m)) return;
    into[m.label] = Math.min(into[m.label] ?? 1, m.score);
  });
  return into;
}

/**
 * Per number, the worst part (stroke-fit.ts) of a board's cells of that number the skin reads as
 * it (matches at full resolution, their templates set), against the look each matched: how far
 * apart in their parts the cells a number is learned from lie.
 */
export function partsFitsOf(image: RgbaImage, grid: Grid, board: Board, matches: Match<CellState>[], cells: TemplateSet<CellState>, into: Fits = {}): Fits {
  const v = new Float32Array(cells.full.vectors[0]!.length);
  const spare = new Float32Array(v.length);
  matches.forEach((m, i) => {
    if (!NUMBER.test(m.label) || m.template === undefined || CODE_OF_STATE[m.label] !== board.cells[i] || !explained(m)) return;
    const at = cellSquare(grid, i);
    if (!samplePatch(image, at.x, at.y, at.side, at.side, cells, v)) return;
    into[m.label] = Math.min(into[m.label] ?? 1, worstBlockAround(image, at, cells, m.template, v, spare));
  });
  return into;
}

/** The lower of two fits per state (learning more into a skin keeps what its old cells needed). */
export function mergeFits(a: Fits | undefined, b: Fits): Fits {
  const out: Fits = { ...(a ?? {}) };
  for (const [s, v] of Object.entries(b) as [CellState, number][]) out[s] = Math.min(out[s] ?? 1, v);
  return out;
}
