#!/usr/bin/env node
// Entry point: runs the compiled CLI (npm run build writes dist/).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  process.stderr.write('minebot: not built yet; run `npm run build` first\n');
  process.exit(1);
}
// Output piped into a program that stops reading (`minebot read x.png | head`) is not an error.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});
const { main } = await import(cli.href);
process.exitCode = await main(process.argv);
