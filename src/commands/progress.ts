// A progress bar on a terminal; silent when the stream is not a terminal (pipes, CI, files).

export interface Progress {
  update(done: number, extra?: string): void;
  end(): void;
}

export function createProgress(stream: NodeJS.WriteStream, total: number, now: () => number = Date.now): Progress {
  if (!stream.isTTY) return { update() {}, end() {} };
  const started = now();
  let last = 0;
  let drawn = false;
  const draw = (done: number, extra?: string) => {
    const width = 30;
    const filled = Math.round((width * done) / Math.max(1, total));
    const elapsed = (now() - started) / 1000;
    const eta = done > 0 ? (elapsed * (total - done)) / done : 0;
    const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
    stream.write(`\r${bar} ${done}/${total}${extra ? ` ${extra}` : ''}  ${elapsed.toFixed(0)}s, ~${eta.toFixed(0)}s left\x1b[K`);
    drawn = true;
  };
  return {
    update(done, extra) {
      const t = now();
      if (t - last < 100 && done < total) return;
      last = t;
      draw(done, extra);
    },
    end() {
      if (drawn) stream.write('\r\x1b[K');
    },
  };
}
