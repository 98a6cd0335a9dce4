// Output piped into a program that stops reading early (`minebot solve big.txt | head -1`) ends
// the CLI quietly: no EPIPE stack trace on stderr.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/minebot.js', import.meta.url));

describe('CLI output into a closed pipe', () => {
  it('ends without a stack trace when the reader goes away', async () => {
    // a 30x16 board of covered cells: solve prints many lines
    const board = '30x16/99\n' + `${'.'.repeat(30)}\n`.repeat(16);
    const child = spawn(process.execPath, [bin, 'solve', '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.stdout.destroy(); // the reader is gone before the first line
    child.stdin.end(board);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(err).not.toMatch(/EPIPE|at .*\(node:/);
    expect(code).toBe(0);
  });
});
