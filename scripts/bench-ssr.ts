// The shell server under load (issue 13): pages/s and latency p50/p99 for a server-rendered page
// at 50 connections, with public reads kept (as served) against a baseline that reads the
// database for every page, both measured in this run, alternating, medians of the runs.
//   npm run bench:ssr [-- --runs 5 --seconds 8 --connections 50 --page /products/cable-knit-sweater]
// Needs production builds (`npm run build`); starts the database and the catalog remote unless
// the storefront is running. The shell server runs in its own process (scripts/serve-ssr.ts, as
// deployed), on a port of its own, so the load generator does not share its event loop.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ROOT, appDir } from './lib/apps';
import { ensureStack } from './lib/benchStack';
import { stopChild, waitForPort } from './lib/services';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
    page: { type: 'string', default: '/products/cable-knit-sweater' },
  },
});
const RUNS = Number(values.runs);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const PAGE = values.page;

const serverFile = join(appDir('shell'), 'dist-server/server.js');
if (!existsSync(serverFile)) {
  console.error(`${serverFile} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const PORT = 8095;

interface Figures {
  pagesPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: `${url}${PAGE}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { accept: 'text/html' },
  });
  return {
    pagesPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const MODES = [
  { name: 'public reads kept', ttlMs: undefined },
  { name: 'every read from the database', ttlMs: 0 },
] as const;

/** One measurement of one mode: a fresh shell server process. */
async function measure(ttlMs: number | undefined): Promise<Figures> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/serve-ssr.ts', '--port', String(PORT)],
    {
      cwd: ROOT,
      stdio: 'ignore',
      env: {
        ...process.env,
        ...(ttlMs === undefined ? {} : { SHOP_SSR_PUBLIC_READ_MS: String(ttlMs) }),
      },
    },
  );
  try {
    await waitForPort(PORT, 30, child);
    const url = `http://127.0.0.1:${PORT}`;
    // The page must render on the server: its structured data in the HTML.
    const probe = await fetch(`${url}${PAGE}`);
    const html = await probe.text();
    if (probe.status !== 200 || !html.includes('application/ld+json')) {
      throw new Error(`${PAGE} answered ${probe.status} without server-rendered content`);
    }
    await load(url, 2); // warm-up
    return await load(url, SECONDS);
  } finally {
    await stopChild(child);
  }
}

async function main(): Promise<void> {
  const stack = await ensureStack(['database', 'catalog-service', 'catalog']);
  const measured = new Map<string, Figures[]>(MODES.map((mode) => [mode.name, []]));
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      // Alternating modes in every run: a shared machine's drift hits both alike.
      for (const mode of MODES) measured.get(mode.name)?.push(await measure(mode.ttlMs));
      console.log(`run ${run}/${RUNS} done`);
    }
  } finally {
    await stack.stop();
  }
  console.log(
    `\n${PAGE}, ${CONNECTIONS} connections, ${SECONDS} s per run, medians of ${RUNS} runs:`,
  );
  console.table(
    [...measured].map(([name, runs]) => ({
      server: name,
      'pages/s': Math.round(median(runs.map((r) => r.pagesPerSecond))),
      'p50 ms': median(runs.map((r) => r.p50)),
      'p99 ms': median(runs.map((r) => r.p99)),
      'errors (all runs)': runs.reduce((sum, r) => sum + r.errors, 0),
    })),
  );
  console.log('Aim (issue 13): at least 150 pages/s with p99 under 250 ms.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
