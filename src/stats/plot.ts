// The reliability diagram: each bin's actual mine rate against its mean prediction, with the 95%
// interval as a whisker, the diagonal of perfect calibration, and a histogram of counts per bin
// (log scale) underneath. Pure SVG text; svgToPng turns it into a PNG through sharp.

import type { Calibration } from './calibration.js';

export interface PlotOptions {
  title?: string;
  width?: number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const f = (v: number) => (Math.round(v * 100) / 100).toString();

export function reliabilitySvg(c: Calibration, options: PlotOptions = {}): string {
  const W = options.width ?? 720;
  const margin = { left: 70, right: 24, top: 48, bottom: 56 };
  const plotW = W - margin.left - margin.right;
  const mainH = plotW; // square reliability panel
  const gap = 36;
  const histH = Math.round(plotW * 0.28);
  const H = margin.top + mainH + gap + histH + margin.bottom;
  const x0 = margin.left;
  const yTop = margin.top;
  const X = (p: number) => x0 + p * plotW;
  const Y = (p: number) => yTop + (1 - p) * mainH;
  const histTop = yTop + mainH + gap;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, Arial, sans-serif">`);
  out.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  const title = options.title ?? 'Reliability diagram';
  out.push(`<text x="${W / 2}" y="22" font-size="16" text-anchor="middle" font-weight="bold">${esc(title)}</text>`);
  out.push(
    `<text x="${W / 2}" y="40" font-size="12" text-anchor="middle" fill="#444">${esc(
      `${c.count.toLocaleString('en-US')} cells · ECE ${(100 * c.ece).toFixed(2)} pp (chance level ${(100 * c.eceChance).toFixed(2)}) · Brier ${c.brier.toFixed(4)} · log loss ${c.logLoss.toFixed(4)}`,
    )}</text>`,
  );
  // Grid and axes of the main panel.
  for (let t = 0; t <= 10; t++) {
    const v = t / 10;
    out.push(`<line x1="${f(X(v))}" y1="${f(yTop)}" x2="${f(X(v))}" y2="${f(yTop + mainH)}" stroke="#eeeeee"/>`);
    out.push(`<line x1="${f(x0)}" y1="${f(Y(v))}" x2="${f(x0 + plotW)}" y2="${f(Y(v))}" stroke="#eeeeee"/>`);
    out.push(`<text x="${f(X(v))}" y="${f(yTop + mainH + 16)}" font-size="11" text-anchor="middle">${t * 10}</text>`);
    out.push(`<text x="${f(x0 - 8)}" y="${f(Y(v) + 4)}" font-size="11" text-anchor="end">${t * 10}</text>`);
  }
  out.push(`<rect x="${x0}" y="${yTop}" width="${plotW}" height="${mainH}" fill="none" stroke="#333"/>`);
  out.push(`<line x1="${f(X(0))}" y1="${f(Y(0))}" x2="${f(X(1))}" y2="${f(Y(1))}" stroke="#888" stroke-dasharray="6 4"/>`);
  out.push(`<text x="${f(x0 - 48)}" y="${f(yTop + mainH / 2)}" font-size="12" text-anchor="middle" transform="rotate(-90 ${f(x0 - 48)} ${f(yTop + mainH / 2)})">actual mine rate (%)</text>`);
  // Bins: interval whiskers, then points sized by count.
  const maxCount = Math.max(1, ...c.bins.map((b) => b.count));
  for (const b of c.bins) {
    const x = X(b.predicted);
    out.push(`<line x1="${f(x)}" y1="${f(Y(b.ci[0]))}" x2="${f(x)}" y2="${f(Y(b.ci[1]))}" stroke="#1f5fbf" stroke-width="1.5"/>`);
    out.push(`<line x1="${f(x - 3)}" y1="${f(Y(b.ci[0]))}" x2="${f(x + 3)}" y2="${f(Y(b.ci[0]))}" stroke="#1f5fbf"/>`);
    out.push(`<line x1="${f(x - 3)}" y1="${f(Y(b.ci[1]))}" x2="${f(x + 3)}" y2="${f(Y(b.ci[1]))}" stroke="#1f5fbf"/>`);
  }
  for (const b of c.bins) {
    const r = 2 + 3 * Math.sqrt(b.count / maxCount);
    out.push(`<circle cx="${f(X(b.predicted))}" cy="${f(Y(b.actual))}" r="${f(r)}" fill="#d9480f" stroke="#7a2600" stroke-width="0.8"/>`);
  }
  // Legend.
  const lx = x0 + 14;
  const ly = yTop + 18;
  out.push(`<rect x="${lx - 6}" y="${ly - 14}" width="210" height="58" fill="#ffffff" stroke="#cccccc"/>`);
  out.push(`<circle cx="${lx + 6}" cy="${ly}" r="4" fill="#d9480f" stroke="#7a2600"/><text x="${lx + 18}" y="${ly + 4}" font-size="11">bin: mean predicted vs actual</text>`);
  out.push(`<line x1="${lx + 6}" y1="${ly + 10}" x2="${lx + 6}" y2="${ly + 24}" stroke="#1f5fbf" stroke-width="1.5"/><text x="${lx + 18}" y="${ly + 21}" font-size="11">95% Wilson interval</text>`);
  out.push(`<line x1="${lx}" y1="${ly + 34}" x2="${lx + 12}" y2="${ly + 34}" stroke="#888" stroke-dasharray="6 4"/><text x="${lx + 18}" y="${ly + 38}" font-size="11">perfect calibration</text>`);
  // Histogram of counts (log10 scale), one bar per bin at its range.
  const logMax = Math.log10(maxCount + 1);
  out.push(`<rect x="${x0}" y="${histTop}" width="${plotW}" height="${histH}" fill="none" stroke="#333"/>`);
  for (const b of c.bins) {
    const h = (Math.log10(b.count + 1) / (logMax || 1)) * histH;
    const bx = X(b.from);
    const bw = Math.max(1, X(b.to) - X(b.from) - 0.5);
    out.push(`<rect x="${f(bx)}" y="${f(histTop + histH - h)}" width="${f(bw)}" height="${f(h)}" fill="#7f9fcf"/>`);
  }
  for (let e = 0; e <= Math.ceil(logMax); e++) {
    const y = histTop + histH - (e / (logMax || 1)) * histH;
    if (y < histTop - 0.5) break;
    out.push(`<text x="${f(x0 - 8)}" y="${f(y + 4)}" font-size="10" text-anchor="end">${e === 0 ? '1' : `1e${e}`}</text>`);
  }
  for (let t = 0; t <= 10; t++) out.push(`<text x="${f(X(t / 10))}" y="${f(histTop + histH + 14)}" font-size="11" text-anchor="middle">${t * 10}</text>`);
  out.push(`<text x="${f(x0 + plotW / 2)}" y="${f(histTop + histH + 34)}" font-size="12" text-anchor="middle">predicted mine probability (%)</text>`);
  out.push(`<text x="${f(x0 - 48)}" y="${f(histTop + histH / 2)}" font-size="12" text-anchor="middle" transform="rotate(-90 ${f(x0 - 48)} ${f(histTop + histH / 2)})">cells (log)</text>`);
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** Renders SVG text to PNG bytes (sharp is loaded only when a PNG is asked for). */
export async function svgToPng(svg: string): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp(Buffer.from(svg), { density: 144 }).png().toBuffer();
}
