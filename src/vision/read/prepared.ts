// A skin's sprites turned into NCC template sets, cached per skin.

import { prepareTemplates, type TemplateSet } from './classify.js';
import type { CellState, Skin } from '../skins/skin.js';
import { acceptOf, levelSlackOf, partsBarOf, spreadOf } from './learned-fit.js';
import { spriteChroma } from './colour-mark.js';
import { holdsDrawing } from './drawn-mine.js';

export interface PreparedSkin {
  skin: Skin;
  cells: TemplateSet<CellState>;
  /** Looks of what surrounds the board (learned skins), or null. */
  outside: TemplateSet<'outside'> | null;
  faces: TemplateSet<string> | null;
  digits: TemplateSet<string> | null;
  /** A learned skin's least score per state for a look to count as it (learned-fit.ts), or null. */
  accept: Partial<Record<CellState, number>> | null;
  /** A learned skin's score per state down to which a look is within its learned spread (learned-fit.ts), or null. */
  spread: Partial<Record<CellState, number>> | null;
  /** The spread at another cell size than the skin's (learned-fit.ts spreadOf). */
  spreadRescaled: Partial<Record<CellState, number>> | null;
  /** A learned skin's bar per number for its parts at its own cell size, within its spread too (learned-fit.ts partsBarOf), or null. */
  parts: Partial<Record<CellState, number>> | null;
  /** A learned skin's slack per state for a look's level beyond its spread (learned-fit.ts levelSlackOf), or null. */
  levelSlack: Partial<Record<CellState, number>> | null;
  /** The cell pitches at which cells are at the skin's own size: its sprites' and those it learned at (skin.ts learned.pitches). */
  pitches: number[];
  /** Per cell sprite (in `cells`' order), its most colourful pixel (colour-mark.ts). */
  chroma: number[];
  /** Per cell sprite (in `cells`' order), whether its middle holds a drawing (drawn-mine.ts). */
  drawn: boolean[];
}

const cache = new WeakMap<Skin, PreparedSkin>();

export function prepareSkin(skin: Skin): PreparedSkin {
  let p = cache.get(skin);
  if (p) return p;
  const cells = prepareTemplates(skin.cells.map((c) => ({ label: c.state, image: c.image })), skin.inset, skin.mask);
  p = {
    skin,
    cells,
    outside: skin.outside.length ? prepareTemplates(skin.outside.map((image) => ({ label: 'outside', image })), skin.inset, skin.mask) : null,
    faces: skin.faces.length ? prepareTemplates(skin.faces.map((f) => ({ label: f.state, image: f.image }))) : null,
    digits: skin.digits.length ? prepareTemplates(skin.digits.map((d) => ({ label: d.char, image: d.image }))) : null,
    accept: acceptOf(skin, cells),
    spread: spreadOf(skin),
    spreadRescaled: spreadOf(skin, false),
    parts: partsBarOf(skin),
    levelSlack: levelSlackOf(skin),
    pitches: [cells.width, ...(skin.file.learned?.pitches ?? [])],
    chroma: skin.cells.map((c) => spriteChroma(c.image)),
    drawn: skin.cells.map((c) => holdsDrawing(c.image)),
  };
  cache.set(skin, p);
  return p;
}
