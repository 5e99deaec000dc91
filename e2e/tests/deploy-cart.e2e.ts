// The basket team deploys alone (decision 4901): a rebuilt cart released while the shell runs
// takes over the basket on the next load; the basket is kept, the shell untouched.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { basketLoadedByBuild, expectRenderedPage } from '../support/shop';
import { appDir } from '../../scripts/lib/apps';
import { buildApp } from '../../scripts/lib/build';
import { launchBrowser, openPage } from '../support/browser';
import { firstProductId } from '../support/database';
import { releaseFolder } from '../support/releases';
import { fingerprint } from '../support/catalogVariant';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the basket team ships a basket change with its own deploy (decision 1202)', () => {
  test("a rebuilt cart runs the running shell's basket on the next load; the basket is kept and the shell untouched", async () => {
    const label = `basket-${Date.now()}`;
    const fresh = mkdtempSync(join(tmpdir(), 'cart-build-'));
    const shellDist = join(appDir('shell'), 'dist');
    const shellBefore = await fingerprint(shellDist);
    await buildApp('cart', { SHOP_BUILD_LABEL: label }, fresh);
    const productId = await firstProductId();
    const { page, context } = await openPage(browser, `/products/${productId}`);
    let deployed: { undo(): Promise<void> } | null = null;
    try {
      await expectRenderedPage(page);
      const size = page.locator('input[name="size"]').first();
      if (await size.count()) await size.check();
      await page.getByRole('button', { name: 'Add to basket' }).click();
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="basket-count"]')?.textContent) === 1,
      );
      await page.waitForTimeout(800); // the sync's 300 ms debounce, then the upload
      expect(await basketLoadedByBuild(page)).not.toBe(label);

      // The deploy: the cart's files swapped; the shell and the other remotes untouched.
      deployed = await releaseFolder('cart', fresh);
      await page.reload();
      await expectRenderedPage(page);
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="basket-count"]')?.textContent) === 1,
        undefined,
        { timeout: 30_000 },
      );
      // The new build loaded the basket: its label is on the page's basket service.
      expect(await basketLoadedByBuild(page)).toBe(label);
      expect(await fingerprint(shellDist)).toEqual(shellBefore);
    } finally {
      await context.close();
      await deployed?.undo();
      await rm(fresh, { recursive: true, force: true });
    }
  });
});
