// `npm run bench:lighthouse`: Lighthouse (the npm package, programmatically) on `/`, a product
// page and `/checkout`, mobile (Moto G power, simulated slow 4G, 4× CPU slowdown) and desktop:
// performance, accessibility, best practices and SEO scores, LCP, CLS and TBT. Prints a table and
// saves bench-results/lighthouse.json (scores, metrics and every failed audit per run).
//
//   npm run bench:lighthouse [-- --runs 3] [--only mobile|desktop] [--pages /,/checkout]
//                            [--reports <dir>]   (also keep every run's report and trace)
//                            [--browser-rendered]   (the shop rendered in the browser, 8090)
//
// Uses Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), launched here with
// --remote-debugging-port; no chrome-launcher, no downloaded browser. Starts the production stack
// (five static servers, database, Auth emulator; fresh data) when the ports are free, and stops it
// after; reuses a running storefront otherwise. Builds first when a dist/ is missing.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { APP_NAMES, LOCAL_URLS, ROOT, appDir, appOrigin, appPage } from './lib/apps';
import { readIndex, siteDirOf } from './lib/releases';
import { ensureStack } from './lib/benchStack';
import { buildAll } from './lib/build';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, ensureChromium } from './lib/chromium';
import { ALL_SERVICES } from './lib/services';

type FormFactor = 'mobile' | 'desktop';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

interface LhAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  details?: { items?: { node?: { selector?: string; snippet?: string }; score?: number }[] };
}
interface LhResult {
  categories: Record<Category, { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, LhAudit>;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  finalDisplayedUrl: string;
}
type LighthouseRun = (
  url: string,
  flags: Record<string, unknown>,
  config?: unknown,
) => Promise<{ lhr: LhResult; artifacts?: { Trace?: unknown } } | undefined>;

interface Measurement {
  page: string;
  formFactor: FormFactor;
  runs: number;
  scores: Record<Category, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
  /** Audits that failed (score < 0.9) in the median run, per category. */
  failedAudits: Record<Category, { id: string; title: string; displayValue?: string }[]>;
  /** The elements that moved (median run), biggest shift first: where CLS comes from. */
  layoutShifts: { selector: string; snippet: string; score: number }[];
  warnings: string[];
}

/** The shared flags, with the new headless mode Lighthouse expects (the old one lacks features). */
const LIGHTHOUSE_FLAGS = [
  ...CHROMIUM_FLAGS.map((flag) => (flag === '--headless' ? '--headless=new' : flag)),
  '--no-default-browser-check',
  '--disable-extensions',
];

/** Chromium with a DevTools port of its choosing (written to DevToolsActivePort): no clashes. */
async function launchChromium(): Promise<{
  port: number;
  chrome: ChildProcess;
  stop(): Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), 'shop-lighthouse-'));
  const chrome = spawn(
    CHROMIUM_PATH,
    [...LIGHTHOUSE_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    // Its own process group: stopping it stops its helper processes too (they write to the
    // profile after the browser process has gone, which made the profile's removal fail).
    { stdio: 'ignore', detached: true },
  );
  /** Kills Chromium's process group and waits for it to exit before removing its profile. */
  const stop = async () => {
    if (chrome.exitCode === null && chrome.signalCode === null) {
      const exited = new Promise((resolve) => chrome.once('exit', resolve));
      try {
        if (chrome.pid === undefined) throw new Error('no pid');
        process.kill(-chrome.pid, 'SIGTERM');
      } catch {
        chrome.kill('SIGTERM');
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      // The figures matter more than a temporary folder: say so and go on.
      console.warn(`Could not remove Chromium's profile ${profile}: ${String(error)}`);
    }
  };
  const portFile = join(profile, 'DevToolsActivePort');
  for (let i = 0; i < 300; i += 1) {
    if (chrome.exitCode !== null) throw new Error(`Chromium exited (code ${chrome.exitCode})`);
    if (existsSync(portFile)) {
      const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
      if (port > 0) {
        const response = await fetch(`http://127.0.0.1:${port}/json/version`).catch(() => null);
        if (response?.ok) return { port, chrome, stop };
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error('Chromium did not open its DevTools port within 30 s');
}

async function warmCompressionCaches(): Promise<void> {
  for (const app of APP_NAMES) {
    // A remote's files are its current release's, in its site (decision 4901).
    const release = app === 'shell' ? null : (await readIndex(siteDirOf(app))).current;
    const folder = release ? `releases/${release}/` : '';
    const dist = release ? join(siteDirOf(app), folder) : join(appDir(app), 'dist');
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.(js|css|json|svg|html)$/.test(file),
    );
    for (const file of files) {
      const url = `${appOrigin(app)}/${folder}${file.split(sep).join('/')}`;
      await fetch(url, { headers: { 'Accept-Encoding': 'br, gzip' } })
        .then((response) => response.arrayBuffer())
        .catch(() => undefined);
    }
  }
}

function productPath(): string {
  const seed = JSON.parse(readFileSync(join(ROOT, 'database/seed/catalog.json'), 'utf8')) as {
    catalog?: { products?: Record<string, unknown> };
  };
  const id = Object.keys(seed.catalog?.products ?? {}).sort()[0];
  if (!id) throw new Error('database/seed/catalog.json has no products');
  return `/products/${id}`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

function summarise(page: string, formFactor: FormFactor, runs: LhResult[]): Measurement {
  const perf = runs.map((lhr) => lhr.categories.performance.score ?? 0);
  // The run with the median performance score stands for the page (its audits are listed).
  const medianRun = runs[perf.indexOf(median(perf))] ?? (runs[0] as LhResult);
  const metric = (id: string) => median(runs.map((lhr) => lhr.audits[id]?.numericValue ?? NaN));
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [
      category,
      Math.round(median(runs.map((lhr) => lhr.categories[category].score ?? 0)) * 100),
    ]),
  ) as Record<Category, number>;
  const failedAudits = Object.fromEntries(
    CATEGORIES.map((category) => [
      category,
      medianRun.categories[category].auditRefs
        .map((ref) => medianRun.audits[ref.id])
        .filter(
          (audit): audit is LhAudit =>
            !!audit &&
            audit.score !== null &&
            audit.score < 0.9 &&
            ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode),
        )
        .map((audit) => ({
          id: audit.id,
          title: audit.title,
          ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        })),
    ]),
  ) as Measurement['failedAudits'];
  return {
    page,
    formFactor,
    runs: runs.length,
    scores,
    lcpMs: Math.round(metric('largest-contentful-paint')),
    cls: Number(metric('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(metric('total-blocking-time')),
    fcpMs: Math.round(metric('first-contentful-paint')),
    speedIndexMs: Math.round(metric('speed-index')),
    failedAudits,
    layoutShifts: (medianRun.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      selector: item.node?.selector ?? '',
      snippet: item.node?.snippet ?? '',
      score: Number((item.score ?? 0).toFixed(3)),
    })),
    warnings: [...new Set(runs.flatMap((lhr) => lhr.runWarnings))],
  };
}

function printTable(results: Measurement[]): void {
  const head = ['page', 'form', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP', 'CLS', 'TBT'];
  console.log(`\n| ${head.join(' | ')} |\n|---|---|${'---:|'.repeat(head.length - 2)}`);
  for (const r of results) {
    console.log(
      `| ${[
        r.page,
        r.formFactor,
        r.scores.performance,
        r.scores.accessibility,
        r.scores['best-practices'],
        r.scores.seo,
        `${(r.lcpMs / 1000).toFixed(2)} s`,
        r.cls.toFixed(3),
        `${r.tbtMs} ms`,
      ].join(' | ')} |`,
    );
  }
  const failing = results.flatMap((r) =>
    CATEGORIES.flatMap((category) =>
      r.failedAudits[category]
        .filter(() => category !== 'performance')
        .map((audit) => `${r.page} (${r.formFactor}) ${category}: ${audit.id} — ${audit.title}`),
    ),
  );
  if (failing.length > 0) {
    console.log('\nFailed accessibility / best-practice / SEO audits:');
    for (const line of [...new Set(failing)]) console.log(`  ${line}`);
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '1' },
      only: { type: 'string' },
      pages: { type: 'string' },
      out: { type: 'string', default: 'bench-results/lighthouse.json' },
      reports: { type: 'string' },
      'browser-rendered': { type: 'boolean', default: false },
    },
  });
  const runs = Math.max(1, Number(values.runs) || 1);
  const formFactors: FormFactor[] =
    values.only === 'mobile' || values.only === 'desktop' ? [values.only] : ['mobile', 'desktop'];
  // The German market's home and product pages too (decision 5101): another language's texts,
  // prices and chooser on the same budget.
  const pages = values.pages
    ? values.pages.split(',')
    : ['/', productPath(), '/checkout', '/de/', `/de${productPath()}`];

  ensureChromium();
  process.env.CHROME_PATH ??= CHROMIUM_PATH;
  if (APP_NAMES.some((app) => !existsSync(join(appDir(app), 'dist', appPage(app)))))
    await buildAll();
  const lighthouseModule = (await import('lighthouse')) as unknown as {
    default: LighthouseRun;
    desktopConfig: unknown;
  };
  const lighthouse = lighthouseModule.default;

  const stack = await ensureStack(ALL_SERVICES);
  let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
  // The stack is stopped even when Chromium's clean-up fails (a failed profile removal once left
  // the whole storefront running, holding the ports of the next e2e run).
  const cleanUp = async () => {
    try {
      await chromium?.stop();
    } finally {
      await stack.stop();
    }
  };
  const onSignal = () => void cleanUp().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const results: Measurement[] = [];
  const base = values['browser-rendered'] ? LOCAL_URLS.browserRendered : appOrigin('shell');
  try {
    chromium = await launchChromium();
    // Our servers compress each file on its first request (a deploy would precompress): ask for
    // every file once, so no measured run pays for the compression on this shared CPU.
    await warmCompressionCaches();
    for (const formFactor of formFactors) {
      for (const page of pages) {
        const lhrs: LhResult[] = [];
        for (let run = 0; run < runs; run += 1) {
          const started = Date.now();
          const result = await lighthouse(
            base + page,
            {
              port: chromium.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: [...CATEGORIES],
              // Mobile is Lighthouse's default; desktop takes its desktop config.
              ...(formFactor === 'mobile' ? { formFactor: 'mobile' } : {}),
            },
            formFactor === 'desktop' ? lighthouseModule.desktopConfig : undefined,
          );
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`Lighthouse returned nothing for ${page}`);
          if (lhr.runtimeError)
            throw new Error(`${page} (${formFactor}): ${lhr.runtimeError.message}`);
          lhrs.push(lhr);
          if (values.reports) {
            const dir = resolve(ROOT, values.reports); // relative to the repo, or absolute
            mkdirSync(dir, { recursive: true });
            const name = `${formFactor}-${page.replace(/\W+/g, '_') || 'home'}-${run + 1}.json`;
            writeFileSync(join(dir, name), JSON.stringify(lhr));
            // The trace too (Chrome's format: open it in DevTools' Performance panel).
            const trace = result.artifacts?.Trace;
            if (trace)
              writeFileSync(
                join(dir, name.replace(/\.json$/, '.trace.json')),
                JSON.stringify(trace),
              );
          }
          console.log(
            `${formFactor} ${page} run ${run + 1}/${runs}: performance ` +
              `${Math.round((lhr.categories.performance.score ?? 0) * 100)} ` +
              `(${((Date.now() - started) / 1000).toFixed(0)} s)`,
          );
        }
        results.push(summarise(page, formFactor, lhrs));
      }
    }
  } finally {
    await cleanUp();
  }

  printTable(results);
  const out = resolve(ROOT, values.out); // relative to the repo, or absolute
  mkdirSync(join(out, '..'), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        chromium: CHROMIUM_PATH,
        note: 'Lighthouse defaults: mobile = simulated slow 4G + 4x CPU; desktop = desktop config.',
        results,
      },
      null,
      2,
    ),
  );
  console.log(`\nSaved ${out}`);
  process.exit(0); // Lighthouse may keep handles open
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
