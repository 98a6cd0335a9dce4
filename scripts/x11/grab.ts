// Grabs the screen of $DISPLAY (or a region of it) through nut.js and writes a PNG to stdout or
// to a file. For machines without imagemagick's `import` (CI installs none); x11.ts's grabImage()
// runs it in a child process, because nut.js binds to the DISPLAY it first sees.
//
//   DISPLAY=:99 npx tsx scripts/x11/grab.ts [WxH+X+Y] [OUT.png]
import { writeFileSync } from 'node:fs';
import { openNutDesktop } from '../../src/desktop/nut.js';
import { encodePng } from '../../src/vision/skins/load.js';

async function main(args: string[]): Promise<void> {
  const spec = args.find((a) => /^\d+x\d+\+\d+\+\d+$/.test(a));
  const out = args.find((a) => a !== spec);
  const desktop = await openNutDesktop();
  const m = spec ? /^(\d+)x(\d+)\+(\d+)\+(\d+)$/.exec(spec) : null;
  const region = m ? { width: Number(m[1]), height: Number(m[2]), left: Number(m[3]), top: Number(m[4]) } : undefined;
  const { image } = await desktop.screen.grab(region);
  const png = encodePng(image);
  if (out) writeFileSync(out, png);
  else process.stdout.write(png);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(`grab: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
