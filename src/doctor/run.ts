// `minebot doctor` as a sequence: each check runs only when the ones it needs passed (nut.js is
// never touched without a display: its first call would crash the process), the rest are
// reported as skipped with the reason. Everything effectful comes in through DoctorDeps.

import type { Desktop } from '../desktop/ports.js';
import type { RgbaImage } from '../desktop/ports.js';
import { checkBoard, checkDisplay, checkGrab, checkNative, checkPointer, checkScreen, checkSkins, type BoardReading, type CheckResult, type SkinPlaces } from './checks.js';

export interface DoctorDeps {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** Throws with the reason when no display can be reached (never touches nut.js). */
  probeDisplay: () => Promise<void>;
  /** Loads nut.js and its native parts; returns its version if known. */
  loadNative: () => Promise<string | undefined>;
  /** The desktop the bot would play on. */
  openDesktop: () => Promise<Desktop>;
  skins: SkinPlaces;
  /** Reads a board from a screenshot (vision's readScreen with the chosen skin). */
  read: () => Promise<(image: RgbaImage) => BoardReading>;
}

export interface DoctorReport {
  /** False when the bot could not play: some check failed. */
  ok: boolean;
  checks: CheckResult[];
}

const skipped = (name: string, why: string): CheckResult => ({ name, status: 'skip', message: `skipped: ${why}` });

export async function runDoctor(deps: DoctorDeps): Promise<DoctorReport> {
  const checks: CheckResult[] = [];
  const desktopChecks = ['nut.js', 'screen', 'grab', 'pointer'];

  const display = await checkDisplay(deps.probeDisplay, deps.env, deps.platform);
  checks.push(display);
  let blocked: string | null = display.status === 'fail' ? 'no display' : null;

  if (blocked) for (const name of desktopChecks) checks.push(skipped(name, blocked));
  else {
    const native = await checkNative(deps.loadNative);
    checks.push(native);
    if (native.status === 'fail') {
      blocked = 'nut.js does not load';
      for (const name of desktopChecks.slice(1)) checks.push(skipped(name, blocked));
    }
  }

  let desktop: Desktop | null = null;
  if (!blocked) {
    try {
      desktop = await deps.openDesktop();
    } catch (err) {
      checks.push({ name: 'screen', status: 'fail', message: `cannot open the desktop: ${(err as Error).message}` });
      blocked = 'the desktop does not open';
      checks.push(skipped('grab', blocked), skipped('pointer', blocked));
    }
  }

  let screenshot: RgbaImage | null = null;
  if (desktop) {
    const screen = await checkScreen(desktop.screen);
    checks.push(screen.result);
    if (!screen.facts) {
      blocked = 'no usable screenshot';
      checks.push(skipped('grab', blocked), skipped('pointer', blocked));
    } else {
      const grab = checkGrab(screen.facts.grab, deps.platform);
      checks.push(grab);
      if (grab.status !== 'fail') screenshot = screen.facts.grab.image;
      checks.push(await checkPointer(desktop.pointer, screen.facts.points, screen.facts.pixels, desktop.clock, deps.platform));
    }
  }

  checks.push(checkSkins(deps.skins));

  if (!screenshot) checks.push(skipped('board', blocked ?? 'the screenshot is unusable'));
  else {
    let read: (image: RgbaImage) => BoardReading;
    try {
      read = await deps.read();
      checks.push(checkBoard(screenshot, read, deps.platform));
    } catch (err) {
      checks.push({ name: 'board', status: 'fail', message: `the screen reader does not load: ${(err as Error).message}` });
    }
  }

  return { ok: !checks.some((c) => c.status === 'fail'), checks };
}

/** One line per check, then a verdict. */
export function formatReport(report: DoctorReport): string {
  const width = Math.max(...report.checks.map((c) => c.name.length));
  const lines = report.checks.map((c) => `${c.status.padEnd(4)}  ${c.name.padEnd(width)}  ${c.message}`);
  const warned = report.checks.some((c) => c.status === 'warn');
  lines.push(
    report.ok
      ? `minebot can play on this screen${warned ? ' (see the warnings above)' : ''}.`
      : `minebot cannot play here: fix the checks marked fail (${report.checks.filter((c) => c.status === 'fail').map((c) => c.name).join(', ')}).`,
  );
  return lines.join('\n') + '\n';
}
