import { mkdtempSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameSummaryLine, LogWriter, moveLine, parseLog, readLogFile, unseenLine, type GameLine, type LogLine } from '../../src/stats/log.js';

const dir = mkdtempSync(join(tmpdir(), 'minebot-log-'));
const summary: GameLine = { type: 'game', game: 'g1', rules: 'safe', board: '9x9/10', strategy: 'exact', source: 'sim', won: false, clicks: 3, ms: 12 };

describe('move log', () => {
  it('writes a game\'s summary as the loop tells its end: won, lost, or ended unseen (won null, and why), each read back as it was written', () => {
    const meta = { rules: 'zero', board: '16x16/40', strategy: 'exact', source: 'live:probe' };
    const lines = [
      gameSummaryLine('r-g1', { result: 'won', clicks: 20, wallMs: 900 }, meta),
      gameSummaryLine('r-g2', { result: 'lost', clicks: 4, wallMs: 300, why: 'ignored' }, meta),
      gameSummaryLine('r-g3', { result: 'unknown', clicks: 9, wallMs: 500, why: 'the board is fresh again' }, meta),
      gameSummaryLine('r-g4', { result: 'unknown', clicks: 1, wallMs: 50 }, meta),
    ];
    expect(lines.map((l) => l.won)).toEqual([true, false, null, null]);
    expect(lines.map((l) => l.unseen)).toEqual([undefined, undefined, 'the board is fresh again', 'no frame showed how the game ended']);
    const parsed = parseLog(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    expect(parsed.warnings).toEqual([]);
    expect(parsed.games).toEqual(lines);
  });

  it('writes one JSON line per move and a summary line, appending', () => {
    const path = join(dir, 'a.jsonl');
    const w = new LogWriter(path);
    w.write(moveLine('g1', { n: 1, x: 4, y: 4, p: 0, certain: false, mine: false }));
    w.write(moveLine('g1', { n: 2, x: 0, y: 1, p: 0.25, certain: false, mine: true }));
    w.write(summary);
    w.close();
    const again = new LogWriter(path);
    again.write(moveLine('g2', { n: 1, x: 1, y: 1, p: 1 / 3, certain: true, mine: false }));
    again.close();
    const text = readFileSync(path, 'utf8');
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[1]!)).toEqual({ type: 'move', game: 'g1', n: 2, x: 0, y: 1, p: 0.25, certain: false, mine: true });
    expect(JSON.parse(lines[2]!)).toEqual(summary);
    const parsed = parseLog(text);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.moves.map((m) => m.p)).toEqual([0, 0.25, 1 / 3]);
    expect(parsed.games).toEqual([summary]);
  });

  it('keeps a cell whose outcome was never seen (the run stopped first) as a line of its own, read back apart from the moves, streamed or whole', async () => {
    const path = join(dir, 'unseen.jsonl');
    const w = new LogWriter(path);
    w.write(moveLine('g1', { n: 1, x: 4, y: 4, p: 0, certain: false, mine: false }));
    w.write(unseenLine('g1', { n: 2, x: 16, y: 3, p: 0.5, certain: false }));
    w.write(unseenLine('g1', { n: 1, x: 4, y: 4, p: 0, certain: false, why: 'the game took no click after it' }));
    w.close();
    const text = readFileSync(path, 'utf8');
    expect(JSON.parse(text.trim().split('\n')[1]!)).toEqual({ type: 'unseen', game: 'g1', n: 2, x: 16, y: 3, p: 0.5, certain: false });
    const parsed = parseLog(text);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.moves).toHaveLength(1);
    expect(parsed.unseen.map((u) => [u.x, u.y, u.p])).toEqual([[16, 3, 0.5], [4, 4, 0]]);
    // (the line that takes back move 1 keeps why)
    expect(parsed.unseen.map((u) => u.why)).toEqual([undefined, 'the game took no click after it']);
    const streamed: LogLine[] = [];
    expect(await readLogFile(path, (l) => streamed.push(l))).toEqual([]);
    expect(streamed.map((l) => l.type)).toEqual(['move', 'unseen', 'unseen']);
    // (an unseen line with a mine outcome is still read as unseen; one without its probability is not a line)
    expect(parseLog(JSON.stringify({ type: 'unseen', game: 'g', n: 1, x: 0, y: 0, certain: true }) + '\n').warnings).toHaveLength(1);
  });

  it('warns about a torn last line and keeps the rest', async () => {
    const path = join(dir, 'torn.jsonl');
    const good = [
      JSON.stringify(moveLine('g1', { n: 1, x: 0, y: 0, p: 0.5, certain: false, mine: true })),
      JSON.stringify(summary),
      JSON.stringify(moveLine('g2', { n: 1, x: 1, y: 0, p: 0.2, certain: false, mine: false })),
    ];
    const torn = JSON.stringify(moveLine('g2', { n: 2, x: 2, y: 0, p: 0.1, certain: false, mine: false })).slice(0, 25);
    writeFileSync(path, good.join('\n') + '\n' + torn);
    const text = readFileSync(path, 'utf8');
    const parsed = parseLog(text, 'torn.jsonl');
    expect(parsed.moves).toHaveLength(2);
    expect(parsed.games).toHaveLength(1);
    expect(parsed.warnings).toHaveLength(1);
    expect(parsed.warnings[0]).toMatch(/torn\.jsonl: line 4 is torn/);

    const streamed: LogLine[] = [];
    const warnings = await readLogFile(path, (l) => streamed.push(l));
    expect(streamed).toHaveLength(3);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/line 4 is torn/);

    // A writer appending after the crash starts on a fresh line only if the torn line is completed;
    // the reader then reports the bad line in the middle and still keeps everything else.
    appendFileSync(path, '\n' + good[2]!.replace('"g2"', '"g3"') + '\n');
    const after = parseLog(readFileSync(path, 'utf8'));
    expect(after.moves).toHaveLength(3);
    expect(after.warnings[0]).toMatch(/line 4 is not valid JSON/);
  });

  it('reports malformed lines by number and skips them', () => {
    const text = ['{"type":"move","game":"a","n":1,"x":0,"y":0,"p":1.5,"certain":false,"mine":true}', '{"type":"bogus","game":"a"}', '[1,2]', ''].join('\n');
    const parsed = parseLog(text, 'bad');
    expect(parsed.moves).toHaveLength(0);
    expect(parsed.warnings).toEqual([
      'bad: line 1: "p" must be a probability between 0 and 1, got 1.5; skipped it',
      'bad: line 2: unknown line type "bogus"; skipped it',
      'bad: line 3: not a JSON object; skipped it',
    ]);
  });

  it('names a missing file in one line', async () => {
    await expect(readLogFile(join(dir, 'nope.jsonl'), () => {})).rejects.toThrow(/does not exist/);
  });
});
