// Lighthouse (mobile, default simulated throttling) on the catalog's pages in the assembled shop:
// prints the performance score, LCP, CLS and TBT of `/` and one product page.
//
//   CHROME_PATH=/usr/bin/chromium npx tsx catalog-mfe/scripts/lighthouse.ts [--runs 3]
//     [--base http://localhost:8080] [--database http://127.0.0.1:9000] [--product <id>]
//     [--save /tmp/lighthouse-reports]
//
// The stack must be running (npx tsx scripts/start.ts --no-build). `lighthouse` is resolved from
// node_modules, or from LIGHTHOUSE_DIR (a folder where `npm install lighthouse` was run).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

interface Audit {
  numericValue?: number;
}
interface LighthouseResult {
  lhr: {
    categories: { performance: { score: number | null } };
    audits: Record<string, Audit>;
    runtimeError?: { message: string };
  };
}
type Lighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
) => Promise<LighthouseResult | undefined>;

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:8080' },
    database: { type: 'string', default: 'http://127.0.0.1:9000' },
    product: { type: 'string' },
    runs: { type: 'string', default: '1' },
    port: { type: 'string', default: '9227' },
    /** A folder to keep each run's full report (JSON) in, for a closer look. */
    save: { type: 'string' },
  },
});

async function loadLighthouse(): Promise<Lighthouse> {
  const dir = process.env.LIGHTHOUSE_DIR;
  const specifier = dir
    ? pathToFileURL(join(dir, 'node_modules/lighthouse/core/index.js')).href
    : 'lighthouse';
  try {
    const module = (await import(specifier)) as { default: Lighthouse };
    return module.default;
  } catch (error) {
    console.error(
      `Lighthouse is not installed (${String(error)}).\n` +
        'Install it next to the project, e.g. `npm install --prefix /tmp/lh lighthouse`, then run ' +
        'with LIGHTHOUSE_DIR=/tmp/lh.',
    );
    process.exit(2);
  }
}

async function waitForDevtools(port: number, chrome: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (chrome.exitCode !== null) throw new Error('Chromium exited before it was ready');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Chromium did not open its debugging port');
}

async function productPath(): Promise<string> {
  if (values.product) return `/products/${values.product}`;
  const response = await fetch(`${values.database}/catalog/products.json?shallow=true`);
  const ids = Object.keys(((await response.json()) as Record<string, true> | null) ?? {}).sort();
  if (!ids[0]) throw new Error('The catalog is empty: is the database seeded and running?');
  return `/products/${ids[0]}`;
}

const median = (numbers: number[]) =>
  [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

async function main() {
  const lighthouse = await loadLighthouse();
  const port = Number(values.port);
  const runs = Math.max(1, Number(values.runs));
  const profile = mkdtempSync(join(tmpdir(), 'catalog-lighthouse-'));
  const chrome = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  try {
    await waitForDevtools(port, chrome);
    const pages = ['/', await productPath()];
    console.log(
      `Lighthouse ${runs > 1 ? `median of ${runs} runs, ` : ''}mobile, simulated throttling`,
    );
    console.log('page'.padEnd(44), 'score  LCP      CLS     TBT');
    for (const path of pages) {
      const scores: number[] = [];
      const lcp: number[] = [];
      const cls: number[] = [];
      const tbt: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(values.base + path, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        const { lhr } = result;
        if (values.save) {
          mkdirSync(values.save, { recursive: true });
          const name = path.replace(/\W+/g, '_') || 'home';
          writeFileSync(join(values.save, `${name}-${run + 1}.json`), JSON.stringify(lhr, null, 1));
        }
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
        scores.push(Math.round((lhr.categories.performance.score ?? 0) * 100));
        lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
        cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
        tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
      }
      console.log(
        path.padEnd(44),
        String(median(scores)).padEnd(6),
        `${(median(lcp) / 1000).toFixed(2)} s`.padEnd(8),
        median(cls).toFixed(3).padEnd(7),
        `${Math.round(median(tbt))} ms`,
      );
    }
  } finally {
    const exited = new Promise((resolve) => chrome.once('exit', resolve));
    chrome.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
