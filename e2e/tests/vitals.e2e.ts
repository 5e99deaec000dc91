// Field data for teams (issue 40, decision 4203): a page view and an error thrown on a catalog
// page arrive in the vitals store, tagged with the route pattern, the catalog and the label of
// the catalog build that runs, through the real reporter (a lazy chunk of the shell), a real
// beacon and the real `vitals` function in the Functions emulator; `npm run vitals` then prints
// them per route and per build.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import type { StoredSample } from '../../shared/src/vitals/fieldData';
import { ROOT, appDir } from '../../scripts/lib/apps';
import { buildApp } from '../../scripts/lib/build';
import { PUBLIC_READ_TTL_MS } from '../../shell/src/server/publicReads';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import { adminGet, adminPut, firstProductId } from '../support/database';
import { expectRenderedPage } from '../support/shop';

let browser: Browser;
const label = `vitals-${Date.now()}`;
let undeploy: (() => Promise<void>) | null = null;

type Store = Record<string, { reports?: Record<string, { samples: StoredSample[] } | null> }>;

async function storedSamples(): Promise<StoredSample[]> {
  const store = (await adminGet<Store | null>('vitals')) ?? {};
  return Object.values(store).flatMap((day) =>
    Object.values(day.reports ?? {}).flatMap((report) => report?.samples ?? []),
  ) as StoredSample[];
}

beforeAll(async () => {
  // The catalog team deploys a labelled build alone (as foundation.e2e.ts does): its dist/ swapped.
  const fresh = mkdtempSync(join(tmpdir(), 'catalog-vitals-'));
  await buildApp('catalog', { SHOP_BUILD_LABEL: label }, fresh);
  const dist = join(appDir('catalog'), 'dist');
  await rename(dist, `${dist}-previous`);
  await rename(fresh, dist);
  undeploy = async () => {
    await rm(dist, { recursive: true, force: true });
    await rename(`${dist}-previous`, dist);
  };
  // The shell server reads the new manifest within its read cache's life (decision 3701).
  await new Promise((resolve) => setTimeout(resolve, PUBLIC_READ_TTL_MS));
  browser = await launchBrowser();
  await adminPut('vitals', null);
});

afterAll(async () => {
  await browser?.close();
  await undeploy?.();
});

test("a product page's vitals and an error thrown on it arrive with the catalog's build label; npm run vitals shows them", async () => {
  const productId = await firstProductId();
  const { page, context } = await openPage(browser, `/products/${productId}`);
  try {
    // The reporter's second chunk (web-vitals) is asked for once its error listeners are on: the
    // shopper's first interaction (expectRenderedPage moves the pointer) starts it.
    const reporterReady = page.waitForRequest((request) =>
      /\/web-vitals\.[0-9a-f]+\.js$/.test(request.url()),
    );
    await expectRenderedPage(page);
    await reporterReady;
    // An uncaught error on the catalog's page (no test hook in the shop: thrown from a timer).
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Basket failed for ada@example.com, order TL-482913');
      }, 0);
    });
    // An interaction to measure (INP): a key press on the page.
    await page.keyboard.press('Tab');
    // Leaving the page hides it: the reporter sends what it holds.
    await page.goto(`${SHELL_URL}/about`);

    const expected = { route: '/products/:id', app: 'catalog', build: label };
    let samples: StoredSample[] = [];
    const deadline = Date.now() + 15_000;
    const complete = () =>
      ['LCP', 'CLS', 'TTFB'].every((name) =>
        samples.some((s) => s.kind === 'metric' && s.name === name),
      ) && samples.some((s) => s.kind === 'error');
    while (Date.now() < deadline) {
      samples = await storedSamples();
      if (complete()) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const metrics = samples.filter((s) => s.kind === 'metric');
    expect(metrics.map((s) => s.name).sort()).toEqual(
      expect.arrayContaining(['CLS', 'LCP', 'TTFB']),
    );
    for (const sample of metrics) {
      expect(sample).toMatchObject(expected);
      expect(sample.value).toBeGreaterThanOrEqual(0);
    }
    const lcp = metrics.find((s) => s.name === 'LCP');
    expect(lcp?.value).toBeGreaterThan(0);
    expect(samples.filter((s) => s.kind === 'error')).toEqual([
      {
        kind: 'error',
        ...expected,
        message: 'Error: Basket failed for [email] order TL-[number]',
      },
    ]);
    // Nothing of the address: no product id, no email anywhere in the store.
    const stored = JSON.stringify(await adminGet('vitals'));
    expect(stored).not.toContain(productId);
    expect(stored).not.toContain('ada@example.com');

    // What a team reads: `npm run vitals` against this stack's database.
    const { stdout } = await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/vitals.ts', '--days', '2'],
      { cwd: ROOT },
    );
    console.log(`npm run vitals:\n${stdout}`);
    expect(stdout).toMatch(new RegExp(`\\| /products/:id +\\| catalog +\\| \\d+ ms \\(1\\)`));
    expect(stdout).toMatch(
      new RegExp(`\\| catalog +\\| ${label} +\\| 1 +\\| Error: Basket failed`),
    );
  } finally {
    await context.close();
  }
});
