// Field data for teams (decision 4203): a page view and an error thrown on a catalog
// page arrive in the vitals store, tagged with the route pattern, the catalog and the label of
// the catalog build that runs, through the real reporter (a lazy chunk of the shell), a real
// beacon and the real `vitals` function in the Functions emulator; `npm run vitals` then prints
// them per route and per build.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import type { StoredSample } from '../../shared/src/vitals/fieldData';
import { ROOT } from '../../scripts/lib/apps';
import { catalogVariant } from '../support/catalogVariant';
import { releaseFolder } from '../support/releases';
import { PUBLIC_READ_TTL_MS } from '../../shell/src/server/publicReads';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import { adminGet, adminPut, firstProductId } from '../support/database';
import { expectRenderedPage } from '../support/shop';

let browser: Browser;
let undeploy: (() => Promise<void>) | null = null;
/** The release's tag in the field data. */
let build = '';

type Store = Record<string, { reports?: Record<string, { samples: StoredSample[] } | null> }>;

async function storedSamples(): Promise<StoredSample[]> {
  const store = (await adminGet<Store | null>('vitals')) ?? {};
  return Object.values(store).flatMap((day) =>
    Object.values(day.reports ?? {}).flatMap((report) => report?.samples ?? []),
  ) as StoredSample[];
}

/** The stored samples once `done` says so (the beacon and the function take a moment). */
async function waitForSamples(done: (samples: StoredSample[]) => boolean): Promise<StoredSample[]> {
  const deadline = Date.now() + 15_000;
  let samples = await storedSamples();
  while (!done(samples) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    samples = await storedSamples();
  }
  return samples;
}

beforeAll(async () => {
  // The catalog team releases a labelled build alone (decision 4901): its field data is tagged
  // with the release, `<label>.<id>`.
  const { folder, label } = await catalogVariant();
  const released = await releaseFolder('catalog', folder);
  build = `${label}.${released.id}`;
  undeploy = () => released.undo();
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
    const reporterReady = page.waitForResponse((response) =>
      /\/web-vitals\.[0-9a-f]+\.js$/.test(response.url()),
    );
    await expectRenderedPage(page);
    await reporterReady;
    // An uncaught error on the catalog's page (no test hook in the shop: thrown from a timer). It
    // is sent on its own soon after, while the page stays open.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Basket failed for ada@example.com, order TL-482913');
      }, 0);
    });
    const expected = { route: '/products/:id', app: 'catalog', build };
    const errors = (
      await waitForSamples((samples) => samples.some((s) => s.kind === 'error'))
    ).filter((s) => s.kind === 'error');
    expect(errors).toEqual([
      {
        kind: 'error',
        ...expected,
        message: 'Error: Basket failed for [email] order TL-[number]',
      },
    ]);

    // An interaction to measure (INP), then the shopper leaves: the page's metrics are sent.
    await page.keyboard.press('Tab');
    await page.goto(`${SHELL_URL}/about`);
    const samples = await waitForSamples((stored) =>
      ['LCP', 'CLS', 'TTFB'].every((name) =>
        stored.some((s) => s.kind === 'metric' && s.name === name && s.route === expected.route),
      ),
    );
    // (The /about page reports too, once it is left: only the product page's are looked at.)
    const metrics = samples.filter(
      (s): s is Extract<StoredSample, { kind: 'metric' }> =>
        s.kind === 'metric' && s.route === expected.route,
    );
    expect(metrics.map((s) => s.name).sort()).toEqual(
      expect.arrayContaining(['CLS', 'LCP', 'TTFB']),
    );
    for (const sample of metrics) {
      expect(sample).toMatchObject(expected);
      expect(sample.value).toBeGreaterThanOrEqual(0);
    }
    expect(metrics.find((s) => s.name === 'LCP')?.value).toBeGreaterThan(0);
    expect(samples.filter((s) => s.kind === 'error')).toEqual(errors);
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
      new RegExp(
        `\\| catalog +\\| ${build.replace(/\./g, '\\.')} +\\| 1 +\\| Error: Basket failed`,
      ),
    );
  } finally {
    await context.close();
  }
});
