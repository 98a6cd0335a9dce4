// Where the cells of a board are in an image or on the screen, and the arithmetic on it that the
// vision reader, the simulated desktop and the bot all need. Pure: no image, no screen.

/**
 * Where the board is: left/top = top-left corner of cell (0,0) (continuous pixel coordinates: for
 * a crisp image, the column/row of its first pixel), pitch = px from one cell to the next,
 * scale = pitch / the skin's pitch at 100%.
 */
export interface Grid {
  left: number;
  top: number;
  pitch: number;
  cols: number;
  rows: number;
  scale: number;
}

/** A rectangle in pixels. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The pixel rectangle the grid covers, in the same frame as the grid. */
export function gridRect(grid: Grid): Rect {
  return { left: grid.left, top: grid.top, width: grid.cols * grid.pitch, height: grid.rows * grid.pitch };
}

/** The pixel centre of cell (x, y) in the grid's frame. */
export function cellCentre(grid: Grid, x: number, y: number): { x: number; y: number } {
  return { x: grid.left + x * grid.pitch + (grid.pitch - 1) / 2, y: grid.top + y * grid.pitch + (grid.pitch - 1) / 2 };
}

/** The square of cell `i` (row-major) as the matcher samples it: its corner, between pixels, and its side. */
export function cellSquare(grid: Grid, i: number): { x: number; y: number; side: number } {
  return { x: grid.left + (i % grid.cols) * grid.pitch, y: grid.top + ((i / grid.cols) | 0) * grid.pitch, side: grid.pitch };
}

/** The whole pixels of cell (x, y): the rectangle a check of that cell compares. */
export function cellRect(grid: Grid, x: number, y: number): Rect {
  const left = Math.ceil(grid.left + x * grid.pitch);
  const top = Math.ceil(grid.top + y * grid.pitch);
  return {
    left,
    top,
    width: Math.floor(grid.left + (x + 1) * grid.pitch) - left,
    height: Math.floor(grid.top + (y + 1) * grid.pitch) - top,
  };
}

/** The cell under a pixel of the grid's frame, or null when the pixel is outside the grid. */
export function cellAt(grid: Grid, px: number, py: number): [number, number] | null {
  const x = Math.floor((px - grid.left) / grid.pitch);
  const y = Math.floor((py - grid.top) / grid.pitch);
  if (x < 0 || y < 0 || x >= grid.cols || y >= grid.rows) return null;
  return [x, y];
}

/** Whether two grids are the same lattice, to the pixel's fraction, of the same size. */
export function sameGrid(a: Grid, b: Grid): boolean {
  return a.left === b.left && a.top === b.top && a.pitch === b.pitch && a.cols === b.cols && a.rows === b.rows;
}

/** The same grid seen from an image that starts at (dx, dy) of the grid's frame. */
export function shiftGrid(grid: Grid, dx: number, dy: number): Grid {
  return { ...grid, left: grid.left - dx, top: grid.top - dy };
}

/** Whether a point lies inside a rectangle. */
export function insideRect(r: Rect, p: { x: number; y: number }): boolean {
  return p.x >= r.left && p.y >= r.top && p.x < r.left + r.width && p.y < r.top + r.height;
}

/** Whether rectangle `inner` lies wholly inside rectangle `outer`. */
export function holdsRect(outer: Rect, inner: Rect): boolean {
  return inner.left >= outer.left && inner.top >= outer.top && inner.left + inner.width <= outer.left + outer.width && inner.top + inner.height <= outer.top + outer.height;
}
