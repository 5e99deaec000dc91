// `npm run bench:bundle`: the JavaScript and CSS of the production builds.
//   1. Per app: every .js/.css file of its dist/ (source maps excluded), raw and gzip bytes.
//   2. Per page (`/`, a product page, `/checkout`): what the browser downloads before any
//      interaction, in Chromium against the assembled shop: raw, gzip, and what crossed the wire
//      (our servers send brotli), plus the number of React copies on the page (must be 1).
//   3. For `/`: where its JavaScript comes from, by package, from the builds' source maps
//      (scripts/lib/bundleAttribution.ts): the framework, other libraries, our code.
// Serves the production builds (and the database, for the pages' data) unless the storefront is
// already running; builds first when a dist/ is missing, or always with `--build`.
// `--check` fails when `/` (JS + CSS, gzip) passes bench/budgets.json or a page has ≠ 1 React.
// `--json <file>` also writes the figures as JSON.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { RawSourceMap } from 'source-map-js';
import { APP_NAMES, ROOT, appDir, appPage, appPort, type AppName } from './lib/apps';
import { siteDirOf } from './lib/releases';
import {
  NO_SOURCE_MAP,
  addFileShares,
  bytesByGroup,
  layerOf,
  type Layer,
} from './lib/bundleAttribution';
import { ensureStack } from './lib/benchStack';
import { buildAll } from './lib/build';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, ensureChromium } from './lib/chromium';

interface Totals {
  files: number;
  raw: number;
  gzip: number;
  wire: number;
}

interface PageFigures {
  path: string;
  js: Totals;
  css: Totals;
  reactCopies: number;
  /** Each script downloaded: its address and gzip bytes. */
  scripts: { url: string; gzip: number }[];
}

interface AppFigures {
  app: AppName;
  js: Totals;
  css: Totals;
}

interface Budgets {
  /** `/`: JavaScript + CSS the browser downloads before any interaction, gzip level 9. */
  homeTotalGzipBytes: number;
  note?: string;
}

/** Only the react package itself assigns its internals (react-dom and others read them). */
const REACT_DEFINITION = /\.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE=[^=]/;
const empty = (): Totals => ({ files: 0, raw: 0, gzip: 0, wire: 0 });
const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Every .js/.css of one app's dist/ (no source maps): what its deploy can serve. */
function measureDist(app: AppName): AppFigures {
  const js = empty();
  const css = empty();
  for (const file of walk(join(appDir(app), 'dist'))) {
    const ext = extname(file);
    const totals = ext === '.js' || ext === '.mjs' ? js : ext === '.css' ? css : null;
    if (!totals) continue; // .map, .html, .json, images
    const body = readFileSync(file);
    totals.files += 1;
    totals.raw += body.length;
    totals.gzip += gzipSize(body);
  }
  return { app, js, css };
}

async function measurePage(path: string): Promise<PageFigures> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  const js = empty();
  const css = empty();
  let reactFiles = 0;
  let reactCopies = 0;
  const scripts: PageFigures['scripts'] = [];
  try {
    const page = await browser.newPage();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        (async () => {
          const body = await response.body().catch(() => null);
          if (!body) return;
          const sizes = await response
            .request()
            .sizes()
            .catch(() => null);
          const totals = type === 'script' ? js : css;
          const gzip = gzipSize(body);
          totals.files += 1;
          totals.raw += body.length;
          totals.gzip += gzip;
          if (type === 'script') scripts.push({ url: response.url(), gzip });
          totals.wire += sizes?.responseBodySize ?? body.length;
          // One downloaded file per copy of the react package.
          if (type === 'script' && REACT_DEFINITION.test(body.toString('latin1'))) reactFiles += 1;
        })(),
      );
    });
    await page.goto(`http://localhost:${appPort('shell')}${path}`, { waitUntil: 'networkidle' });
    await page.locator('main h1').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await Promise.all(pending);
    // And the Module Federation share scope: how many React versions/providers actually loaded.
    const loaded = await page.evaluate(() => {
      type Versions = Record<string, { loaded?: boolean; from?: string }>;
      const federation = (
        window as unknown as {
          __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Versions>>> };
        }
      ).__FEDERATION__;
      const copies = new Set<string>();
      for (const scopes of Object.values(federation?.__SHARE__ ?? {}))
        for (const scope of Object.values(scopes))
          for (const [version, info] of Object.entries(scope['react'] ?? {}))
            if (info.loaded) copies.add(`${version}@${info.from}`);
      return copies.size;
    });
    reactCopies = Math.max(reactFiles, loaded);
  } finally {
    await browser.close();
  }
  return { path, js, css, reactCopies, scripts };
}

/**
 * A page's scripts by package (estimated gzip bytes): each file found in its app's dist/ with
 * its source map; a file without one counts whole under its name.
 */
function attribute(page: PageFigures): Map<string, number> {
  const shares = new Map<string, number>();
  for (const { url, gzip } of page.scripts) {
    const address = new URL(url);
    const app = APP_NAMES.find((name) => String(appPort(name)) === address.port);
    const path = decodeURIComponent(address.pathname);
    // A remote's code comes from a release of its site (decision 4901): the build's own files.
    const file = !app
      ? ''
      : path.startsWith('/releases/') && app !== 'shell'
        ? join(siteDirOf(app), path)
        : join(appDir(app), 'dist', path);
    if (!file || !existsSync(file) || !existsSync(`${file}.map`)) {
      shares.set(`${NO_SOURCE_MAP} ${address.pathname}`, gzip);
      continue;
    }
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap;
    addFileShares(shares, bytesByGroup(readFileSync(file, 'utf8'), map), gzip);
  }
  return shares;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

function firstProductId(): string {
  const seed = JSON.parse(readFileSync(join(ROOT, 'database/seed/catalog.json'), 'utf8')) as {
    catalog?: { products?: Record<string, unknown> };
  };
  return Object.keys(seed.catalog?.products ?? {}).sort()[0] ?? 'unknown';
}

async function main() {
  const { values } = parseArgs({
    options: {
      check: { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  ensureChromium();
  if (values.build || APP_NAMES.some((app) => !existsSync(join(appDir(app), 'dist', appPage(app)))))
    await buildAll();

  const apps = APP_NAMES.map(measureDist);
  const stack = await ensureStack([...APP_NAMES, 'database']);
  const stopOnSignal = () => void stack.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const pages: PageFigures[] = [];
  try {
    for (const path of ['/', `/products/${firstProductId()}`, '/checkout'])
      pages.push(await measurePage(path));
  } finally {
    await stack.stop();
  }

  console.log('\nProduction builds per app: every .js and .css in dist/ (source maps excluded)\n');
  const sum = (pick: (a: AppFigures) => number) => apps.reduce((n, a) => n + pick(a), 0);
  console.log(
    table(
      ['app', 'JS files', 'JS raw', 'JS gzip', 'CSS files', 'CSS raw', 'CSS gzip'],
      [
        ...apps.map((a) => [
          a.app,
          String(a.js.files),
          kb(a.js.raw),
          kb(a.js.gzip),
          String(a.css.files),
          kb(a.css.raw),
          kb(a.css.gzip),
        ]),
        [
          '**all**',
          String(sum((a) => a.js.files)),
          kb(sum((a) => a.js.raw)),
          kb(sum((a) => a.js.gzip)),
          String(sum((a) => a.css.files)),
          kb(sum((a) => a.css.raw)),
          kb(sum((a) => a.css.gzip)),
        ],
      ],
    ),
  );

  console.log('\nDownloaded before any interaction, per page (Chromium, production builds)\n');
  console.log(
    table(
      [
        'page',
        'JS files',
        'JS raw',
        'JS gzip',
        'JS wire (br)',
        'CSS files',
        'CSS raw',
        'CSS gzip',
        'total gzip',
        'React copies',
      ],
      pages.map((p) => [
        p.path,
        String(p.js.files),
        kb(p.js.raw),
        kb(p.js.gzip),
        kb(p.js.wire),
        String(p.css.files),
        kb(p.css.raw),
        kb(p.css.gzip),
        kb(p.js.gzip + p.css.gzip),
        String(p.reactCopies),
      ]),
    ),
  );

  const home = pages[0] as PageFigures;
  const shares = [...attribute(home)].sort((a, b) => b[1] - a[1]);
  const byLayer = new Map<Layer, number>();
  for (const [group, bytes] of shares)
    byLayer.set(layerOf(group), (byLayer.get(layerOf(group)) ?? 0) + bytes);
  const jsTotal = home.js.gzip;
  const percent = (bytes: number) => `${((bytes / jsTotal) * 100).toFixed(1)} %`;
  console.log(
    '\nWhere the JavaScript of / comes from (gzip; each file shared out by its source map)\n',
  );
  console.log(
    table(
      ['package', 'layer', 'gzip', 'share'],
      shares.map(([group, bytes]) => [group, layerOf(group), kb(bytes), percent(bytes)]),
    ),
  );
  console.log(
    `\nframework (React, React Router, Module Federation, webpack) ${kb(byLayer.get('framework') ?? 0)}, ` +
      `other libraries ${kb(byLayer.get('library') ?? 0)}, our code ${kb(byLayer.get('shop') ?? 0)}` +
      (byLayer.has('unknown') ? `, without a source map ${kb(byLayer.get('unknown') ?? 0)}.` : '.'),
  );

  const budgets = JSON.parse(readFileSync(join(ROOT, 'bench/budgets.json'), 'utf8')) as Budgets;
  const homeTotal = home.js.gzip + home.css.gzip;
  const used = Math.round((homeTotal / budgets.homeTotalGzipBytes) * 100);
  console.log(
    `\nBudget for / : ${kb(budgets.homeTotalGzipBytes)} of JS + CSS (gzip); measured ` +
      `${kb(homeTotal)} (${homeTotal} bytes, ${used}% of the budget).`,
  );

  if (values.json) {
    const file = resolve(ROOT, values.json); // an absolute path is kept as it is
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({ measuredAt: new Date().toISOString(), apps, pages, budgets }, null, 2),
    );
    console.log(`Figures saved in ${relative(ROOT, file)}.`);
  }

  const problems: string[] = [];
  if (homeTotal > budgets.homeTotalGzipBytes)
    problems.push(
      `/ is over budget by ${kb(homeTotal - budgets.homeTotalGzipBytes)}: ` +
        'find what grew (per-app table above), or raise bench/budgets.json with a reason.',
    );
  for (const page of pages)
    if (page.reactCopies !== 1)
      problems.push(`${page.path} loads ${page.reactCopies} React copies`);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`✗ ${problem}`);
    if (values.check) process.exit(1);
  } else if (values.check) {
    console.log('✓ bundle check passed');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
