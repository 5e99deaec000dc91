// Where the slow answers of a kept page come from: the shell server's product page (a render
// cache hit) and a static file of the same server, each loaded at 50 connections by three
// clients: autocannon; Node's fetch, which also inflates every gzip answer and reads it as text,
// as a script written in an afternoon does; and node:http, which reads the bytes as they come.
// For each: pages/s and latency p50/p99 as the client saw them, the client's own event-loop
// delay and CPU, and the server's event-loop delay and garbage-collection pauses (a probe loaded
// into the server for the benchmark only, scripts/lib/processProbe.cjs). A tail that only one
// client sees, while the server's loop stays prompt, is that client's.
//   npm run bench:tail [-- --runs 5 --seconds 6 --connections 50]
// Needs production builds (`npm run build`); starts the database, the catalog query service and
// the catalog remote unless the storefront is running.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ROOT, appDir } from './lib/apps';
import { ensureStack } from './lib/benchStack';
import { isPortOpen, stopChild, waitForPort } from './lib/services';
import { median, percentile } from './lib/stats';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '50' },
  },
});
const RUNS = Number(values.runs);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const PORT = 8096;
const HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip' };
const PROBE_FILE = join(tmpdir(), `shop-bench-tail-${process.pid}.json`);

type ClientName = 'autocannon' | 'fetch (inflates)' | 'node:http (bytes)';
interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  clientLoopP99: number;
  clientCpuPercent: number;
  serverLoopP99: number;
  serverLoopMax: number;
  serverGcMaxMs: number;
  serverGcTotalMs: number;
}

/** `connections` loops, each asking for `url` again as soon as its last answer is read. */
async function loops(
  seconds: number,
  ask: () => Promise<void>,
): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        try {
          await ask();
          latencies.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return { latencies, errors };
}

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const askWithHttp = (url: string) => () =>
  new Promise<void>((resolve, reject) => {
    const req = request(url, { agent, headers: HEADERS }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error('status'))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
const askWithFetch = (url: string) => async () => {
  const response = await fetch(url, { headers: HEADERS });
  await response.text();
  if (!response.ok) throw new Error(`status ${response.status}`);
};

async function clientLoad(client: ClientName, url: string) {
  if (client === 'autocannon') {
    const result = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: HEADERS,
    });
    const errors = result.errors + result.timeouts + result.non2xx;
    return {
      perSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors,
    };
  }
  const ask = client === 'fetch (inflates)' ? askWithFetch(url) : askWithHttp(url);
  const { latencies, errors } = await loops(SECONDS, ask);
  return {
    perSecond: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** One client's load, with both processes' figures over the same seconds. */
async function measure(server: number, client: ClientName, url: string): Promise<Figures> {
  await clientLoad(client, url).catch(() => undefined); // warm-up (a short one is enough)
  process.kill(server, 'SIGUSR2'); // the server's probe counts afresh from here
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const seen = await clientLoad(client, url);
  const used = process.cpuUsage(cpu);
  loop.disable();
  process.kill(server, 'SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 200));
  const probe = JSON.parse(readFileSync(PROBE_FILE, 'utf8')) as {
    loopP99: number;
    loopMax: number;
    gcMaxMs: number;
    gcTotalMs: number;
  };
  if (seen.errors > 0) throw new Error(`${client}: ${seen.errors} errors on ${url}`);
  return {
    perSecond: seen.perSecond,
    p50: seen.p50,
    p99: seen.p99,
    clientLoopP99: loop.percentile(99) / 1e6,
    clientCpuPercent: ((used.user + used.system) / 1000 / (performance.now() - wall)) * 100,
    serverLoopP99: probe.loopP99,
    serverLoopMax: probe.loopMax,
    serverGcMaxMs: probe.gcMaxMs,
    serverGcTotalMs: probe.gcTotalMs,
  };
}

async function main(): Promise<void> {
  if (await isPortOpen(PORT)) throw new Error(`port ${PORT} is busy`);
  const stylesheet = readdirSync(join(appDir('shell'), 'dist')).find((f) => f.endsWith('.css'));
  const targets = [
    { name: 'product page (kept)', path: '/products/cable-knit-sweater' },
    { name: `static file (${stylesheet})`, path: `/${stylesheet}` },
  ];
  const clients: ClientName[] = ['autocannon', 'fetch (inflates)', 'node:http (bytes)'];
  const stack = await ensureStack(['database', 'catalog-service', 'catalog']);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    SHOP_PROBE_FILE: PROBE_FILE,
  };
  delete env.SHOP_SSR_PUBLIC_READ_MS;
  delete env.SHOP_SSR_RENDER_CACHE_MS;
  const server = spawn(
    process.execPath,
    [
      '--require',
      join(ROOT, 'scripts/lib/processProbe.cjs'),
      '--import',
      'tsx',
      'scripts/serve-ssr.ts',
      '--port',
      String(PORT),
    ],
    { cwd: ROOT, stdio: 'ignore', env },
  );
  const results = new Map<string, Figures[]>();
  try {
    await waitForPort(PORT, 60, server);
    for (let run = 1; run <= RUNS; run += 1) {
      for (const target of targets) {
        for (const client of clients) {
          const figures = await measure(
            server.pid!,
            client,
            `http://127.0.0.1:${PORT}${target.path}`,
          );
          const key = `${target.name}|${client}`;
          results.set(key, [...(results.get(key) ?? []), figures]);
        }
      }
      console.log(`run ${run} of ${RUNS} done`);
    }
  } finally {
    await stopChild(server);
    await stack.stop();
    rmSync(PROBE_FILE, { force: true });
  }
  console.log(`\nmedians of ${RUNS} runs, ${SECONDS} s each at ${CONNECTIONS} connections (ms):`);
  console.log(
    'target                          client               /s     p50    p99  │ client loop p99  cpu % │ server loop p99  max  gc max  gc total',
  );
  for (const [key, runs] of results) {
    const [target, client] = key.split('|') as [string, string];
    const m = (pick: (f: Figures) => number, digits = 1) =>
      median(runs.map(pick)).toFixed(digits).padStart(6);
    console.log(
      `${target.padEnd(31)} ${client.padEnd(18)} ${m((f) => f.perSecond, 0)} ${m((f) => f.p50)} ${m((f) => f.p99)}  │ ${m((f) => f.clientLoopP99)}         ${m((f) => f.clientCpuPercent, 0)} │ ${m((f) => f.serverLoopP99)}       ${m((f) => f.serverLoopMax)} ${m((f) => f.serverGcMaxMs)} ${m((f) => f.serverGcTotalMs, 0)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
