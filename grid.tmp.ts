import { loadImage } from '/work/wt/learn/src/vision/load.js';
import { locateGrids } from '/work/wt/learn/src/vision/locate.js';
import { freshLooks } from '/work/wt/learn/src/vision/live-looks.js';
const img = await loadImage(process.argv[2]!);
const gs = locateGrids(img).filter((g) => g.cols >= 4);
for (const g of gs.slice(0, 3)) { const { rest } = freshLooks(img, g); console.log(JSON.stringify(g), rest); }
