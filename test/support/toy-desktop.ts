// The simulated desktop the loop's tests play on: a 16x16/40 game drawn in the toy look (toy-vision.ts)
// at (40, 30) on an 800x600 screen, the window titled "Minesweeper", its frames a grab behind each
// action. `over` changes any of it.

import { SimulatedDesktop, type SimulatedOptions } from '../../src/desktop/simulated.js';
import { toyRender } from '../bot/toy-vision.js';

/** The game window's title. */
export const TOY_TITLE = 'Minesweeper';

export function toyDesktop(over: Partial<SimulatedOptions> = {}): SimulatedDesktop {
  return new SimulatedDesktop({
    spec: { width: 16, height: 16, mines: 40 },
    rule: 'zero',
    seed: 11,
    render: toyRender,
    skin: 'toy',
    offset: { x: 40, y: 30 },
    screen: { width: 800, height: 600 },
    lag: 1,
    title: TOY_TITLE,
    ...over,
  });
}
