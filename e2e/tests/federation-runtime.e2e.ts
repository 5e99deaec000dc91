// Decision 1310: a remote's production entry carries no federation runtime core of its own. In
// the storefront the shell provides it; on a remote's standalone page the remote's own
// `federation-runtime.js` does. Either way the remote's page must run.
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '../support/browser';
import { appOrigin } from '../../scripts/lib/apps';

/** The folder of a remote's current release, from its site's pointer. */
async function releaseFolderOf(site: string): Promise<string> {
  const pointer = await fetch(`${site}/mf-manifest.json`);
  const { metaData } = (await pointer.json()) as { metaData: { publicPath: string } };
  return metaData.publicPath;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test("the storefront's remote entries run on the shell's runtime", async () => {
  const { page, context, pageErrors } = await openPage(browser, '/');
  try {
    await page.getByRole('heading', { level: 1, name: 'New season, new favourites' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The catalog's region is its remote's code, started on the runtime the shell provided.
    const provided = await page.evaluate(() => {
      const core = (globalThis as { _FEDERATION_RUNTIME_CORE?: Record<string, unknown> })
        ._FEDERATION_RUNTIME_CORE;
      return core ? typeof core.ModuleFederation : 'absent';
    });
    expect(provided).toBe('function');
    // The current release's entry (decision 4901), where the catalog site's pointer says.
    const entry = await fetch(`${await releaseFolderOf(appOrigin('catalog'))}remoteEntry.js`).then(
      (r) => r.text(),
    );
    expect(entry).toContain('_FEDERATION_RUNTIME_CORE'); // reads the page's core
    // A core of its own would set up the page's globals, as the shell's does.
    expect(entry).not.toContain('__GLOBAL_LOADING_REMOTE_ENTRY__');
    // Moving on within the shop loads the product page's module from the same remote.
    await page.locator('main a[href^="/products/"]').first().click();
    await page.getByRole('button', { name: 'Add to basket' }).waitFor();
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test.each([
  { remote: 'catalog', url: `${appOrigin('catalog')}/`, heading: 'New season, new favourites' },
  { remote: 'checkout', url: `${appOrigin('checkout')}/order-status`, heading: 'Order status' },
  {
    remote: 'account',
    url: `${appOrigin('account')}/authentication`,
    heading: 'Create new account',
  },
])("the $remote remote's standalone page runs on its own provider", async ({ url, heading }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    // Deferred scripts run in document order: the provider before the remote's own scripts.
    // The site's page loads its current release's files (decision 4901).
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => script.src),
    );
    const release = await releaseFolderOf(new URL(url).origin);
    expect(scripts.slice(0, 2)).toEqual([`${release}federation-runtime.js`, `${release}main.js`]);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});
