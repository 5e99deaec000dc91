// Loaded with `node --require` into a server a benchmark measures (scripts/bench-tail.ts), never
// into the product: how long the process's event loop was held up and how long its garbage
// collections paused it, written to SHOP_PROBE_FILE on SIGUSR2 and counted afresh from then on.
const { monitorEventLoopDelay, PerformanceObserver } = require('node:perf_hooks');
const { writeFileSync } = require('node:fs');

const file = process.env.SHOP_PROBE_FILE;
if (file) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let pauses = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  }).observe({ entryTypes: ['gc'] });
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on('SIGUSR2', () => {
    const sorted = [...pauses].sort((a, b) => a - b);
    writeFileSync(
      file,
      JSON.stringify({
        loopP50: ms(loop.percentile(50)),
        loopP99: ms(loop.percentile(99)),
        loopMax: ms(loop.max),
        gcCount: sorted.length,
        gcTotalMs: Math.round(sorted.reduce((sum, d) => sum + d, 0)),
        gcMaxMs: Math.round((sorted.at(-1) ?? 0) * 100) / 100,
      }),
    );
    loop.reset();
    pauses = [];
  });
}
