// A random consistent small board for property tests of the solver: a random layout, some safe
// cells opened (a few of them as `+`, opened with the number not read), some mines flagged, a few
// covered cells marked `?`. Each side is minSide to 7 (width) or 6 (height) cells.
import { COVERED, FLAG, OPENED, QUESTION, neighbourTable, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';

export function randomBoard(seed: number, maxUnknown: number, minSide = 1): Board {
  const rng = createRng(seed);
  for (;;) {
    const width = minSide + rng.int(8 - minSide);
    const height = minSide + rng.int(7 - minSide);
    const n = width * height;
    const density = 0.1 + rng.next() * 0.4;
    const isMine = new Uint8Array(n);
    let mines = 0;
    for (let i = 0; i < n; i++) if (rng.next() < density) ((isMine[i] = 1), mines++);
    const nb = neighbourTable(width, height);
    const cells = new Uint8Array(n).fill(COVERED);
    const openShare = rng.next();
    const flagShare = rng.next() < 0.5 ? 0 : rng.next();
    for (let i = 0; i < n; i++) {
      if (isMine[i]) {
        if (rng.next() < flagShare) cells[i] = FLAG;
      } else if (rng.next() < openShare) {
        let count = 0;
        for (const j of nb[i]!) count += isMine[j]!;
        cells[i] = rng.next() < 0.1 ? OPENED : count;
      } else if (rng.next() < 0.1) cells[i] = QUESTION;
    }
    const unknown = cells.filter((c) => c === COVERED || c === QUESTION).length;
    if (unknown <= maxUnknown) return { width, height, mines, cells };
  }
}
