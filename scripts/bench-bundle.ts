// `npm run bench:bundle`: what the browser downloads before any interaction, per page.
// Serves the production builds (builds them first when missing), opens each page in Chromium,
// waits for the network to settle and sums the JavaScript and CSS responses: raw bytes, gzip
// bytes, and what actually crossed the wire (our servers send brotli). Also counts React copies.
// `--check` fails when `/` exceeds the budget in bench/budgets.json.
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { APP_NAMES, ROOT, appDir, appPort } from './lib/apps';
import { buildAll } from './lib/build';
import { CHROMIUM_PATH, ensureChromium } from './lib/chromium';
import { isPortOpen } from './lib/services';
import { startStaticServer } from './lib/staticServer';

interface Totals {
  files: number;
  raw: number;
  gzip: number;
  wire: number;
}

const REACT_MARKER = 'react.transitional.element';

async function measure(path: string): Promise<{ js: Totals; css: Totals; reactCopies: number }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const js: Totals = { files: 0, raw: 0, gzip: 0, wire: 0 };
  const css: Totals = { files: 0, raw: 0, gzip: 0, wire: 0 };
  let reactCopies = 0;
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
          totals.files += 1;
          totals.raw += body.length;
          totals.gzip += gzipSync(body, { level: 9 }).length;
          totals.wire += sizes?.responseBodySize ?? body.length;
          // React's element symbol lives in the react package itself: one file per copy of React.
          if (type === 'script' && body.includes(`"${REACT_MARKER}"`) && body.includes('useState'))
            reactCopies += 1;
        })(),
      );
    });
    await page.goto(`http://localhost:${appPort('shell')}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    await Promise.all(pending);
  } finally {
    await browser.close();
  }
  return { js, css, reactCopies };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  ensureChromium();
  const check = process.argv.includes('--check');
  if (APP_NAMES.some((app) => !existsSync(join(appDir(app), 'dist', 'index.html'))))
    await buildAll();
  const servers: Server[] = [];
  for (const app of APP_NAMES) {
    if (await isPortOpen(appPort(app))) continue; // a running stack serves it already
    servers.push(
      await startStaticServer({
        root: join(appDir(app), 'dist'),
        port: appPort(app),
        spaFallback: true,
      }),
    );
  }
  const seed = JSON.parse(readFileSync(join(ROOT, 'database/seed/catalog.json'), 'utf8')) as {
    catalog?: { products?: Record<string, unknown> };
  };
  const productId = Object.keys(seed.catalog?.products ?? {}).sort()[0] ?? 'unknown';
  const pages = ['/', `/products/${productId}`, '/checkout'];
  const rows: string[] = [];
  let homeGzip = 0;
  try {
    for (const path of pages) {
      const { js, css, reactCopies } = await measure(path);
      if (path === '/') homeGzip = js.gzip;
      rows.push(
        `| ${path} | ${js.files} | ${kb(js.raw)} | ${kb(js.gzip)} | ${kb(js.wire)} | ${css.files} | ${kb(css.raw)} | ${reactCopies} |`,
      );
    }
  } finally {
    await Promise.all(
      servers.map((server) => new Promise((resolveClose) => server.close(resolveClose))),
    );
  }
  console.log('\nJavaScript and CSS downloaded before any interaction (production builds)\n');
  console.log(
    '| page | JS files | JS raw | JS gzip | JS on the wire (br) | CSS files | CSS raw | React copies |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  const budget = JSON.parse(readFileSync(join(ROOT, 'bench/budgets.json'), 'utf8')) as {
    homeJsGzipBytes: number;
  };
  console.log(
    `\nBudget for / : ${kb(budget.homeJsGzipBytes)} of gzipped JavaScript; measured ${kb(homeGzip)}.`,
  );
  if (check && homeGzip > budget.homeJsGzipBytes) {
    console.error('Over budget.');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
