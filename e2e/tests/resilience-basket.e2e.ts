// The shop stays up when one part fails (docs/product.md; shared steps: support/resilience.ts).
// The basket of one session in two tabs at once, and across a database stopped and restarted: no
// line lost or doubled.
import type { Browser } from 'playwright-core';
import { SHELL_URL, launchBrowser } from '../support/browser';
import { newShopper, waitForStoredCart, withServiceDown } from '../support/resilience';
import {
  addToBasketHere,
  addToBasket,
  basketCount,
  catalogProducts,
  sessionUid,
  settle,
  type CatalogProduct,
} from '../support/shop';

let browser: Browser;
let products: CatalogProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  products = await catalogProducts();
});

afterAll(async () => {
  await browser?.close();
});

describe('two tabs of one session (decision 4201)', () => {
  test('each adds a different product at the same moment: both lines are stored and shown in both', async () => {
    const [first, second] = products;
    if (!first || !second) throw new Error('the seed catalog needs two products');
    const { context, page: tabA } = await newShopper(browser);
    try {
      await tabA.goto(`${SHELL_URL}/products/${first.id}`);
      await settle(tabA, { interact: true });
      const uid = await sessionUid(tabA);
      const tabB = await context.newPage();
      await tabB.goto(`${SHELL_URL}/products/${second.id}`);
      await settle(tabB, { interact: true });
      expect(await sessionUid(tabB)).toBe(uid);
      for (const tab of [tabA, tabB]) {
        await tab.locator('.cart-mini').first().waitFor();
        const size = tab.locator('input[name="size"]:not(:disabled)').first();
        if (await size.count()) await size.check();
      }
      // Both presses at once: each tab's change is in flight before it hears of the other's.
      await Promise.all(
        [tabA, tabB].map((tab) => tab.getByRole('button', { name: 'Add to basket' }).click()),
      );
      const stored = await waitForStoredCart(`users/anonymousTokens/${uid}/anonymousCart`, [
        first.id,
        second.id,
      ]);
      expect(Object.keys(stored?.products ?? {})).toHaveLength(2);
      for (const tab of [tabA, tabB]) {
        await tab.waitForFunction(
          () => Number(document.querySelector('[data-testid="basket-count"]')?.textContent) === 2,
          undefined,
          { timeout: 30_000 },
        );
      }
    } finally {
      await context.close();
    }
  });
});

describe('the database stopped and restarted during a session', () => {
  test('a basket change made while it is down is kept locally, sent after the restart, and survives a reload', async () => {
    const [first, second] = products;
    if (!first || !second) throw new Error('the seed catalog needs two products');
    const { context, page } = await newShopper(browser);
    try {
      await page.goto(`${SHELL_URL}/`);
      await settle(page);
      await addToBasket(page, first);
      const uid = await sessionUid(page);
      const cartPath = `users/anonymousTokens/${uid}/anonymousCart`;
      await waitForStoredCart(cartPath, [first.id]);

      await page.goto(`${SHELL_URL}/products/${second.id}`);
      await settle(page);
      await withServiceDown('database', async () => {
        await addToBasketHere(page);
        // The unsent basket waits in localStorage while the server is away.
        await page.waitForFunction(
          (key) => (localStorage.getItem(key) ?? '').includes('quantity'),
          `shop:cart-pending:${uid}`,
          { timeout: 15_000 },
        );
        expect(await basketCount(page)).toBe(2);
      });

      // Back up: the retry (or the next start) sends it; nothing was lost.
      await waitForStoredCart(cartPath, [first.id, second.id], 90_000);
      await page.reload();
      await settle(page);
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="basket-count"]')?.textContent) === 2,
        undefined,
        { timeout: 30_000 },
      );
      const stored = await waitForStoredCart(cartPath, [first.id, second.id]);
      expect(stored?.totalQuantity).toBe(2);
      await page.waitForFunction(
        (key) => localStorage.getItem(key) === null,
        `shop:cart-pending:${uid}`,
        { timeout: 30_000 },
      );
    } finally {
      await context.close();
    }
  });

  test('a change made just before the stop and a reload while it is down lose nothing', async () => {
    const [, , third] = products;
    if (!third) throw new Error('the seed catalog needs three products');
    const { context, page } = await newShopper(browser);
    try {
      await page.goto(`${SHELL_URL}/products/${third.id}`);
      await settle(page);
      // The pointer comes onto the page: a new visitor's session starts (decision 1308), and the
      // basket is loaded before the change is made.
      await page.mouse.move(10, 10);
      const uid = await sessionUid(page);
      await page.waitForLoadState('networkidle');
      await addToBasketHere(page);
      // Stop at once: the 300 ms debounced upload may or may not have left.
      await withServiceDown('database', async () => {
        await page.reload();
        await page.getByTestId('basket-count').first().waitFor({ timeout: 30_000 });
        await page.waitForTimeout(1_000);
      });
      await page.reload();
      await settle(page);
      await waitForStoredCart(`users/anonymousTokens/${uid}/anonymousCart`, [third.id], 90_000);
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="basket-count"]')?.textContent) === 1,
        undefined,
        { timeout: 30_000 },
      );
    } finally {
      await context.close();
    }
  });
});
