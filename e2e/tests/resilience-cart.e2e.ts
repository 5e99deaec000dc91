// The shop stays up when one part fails (docs/product.md; shared steps: support/resilience.ts).
// The cart remote stopped: its region shows the fallback and "Try again" recovers; the header's
// mini basket falls back to a plain link, and an add made meanwhile is kept and saved once it is back.
import type { Browser } from 'playwright-core';
import { SHELL_URL, launchBrowser } from '../support/browser';
import {
  describeRemoteStopped,
  markDocument,
  newShopper,
  sameDocument,
  waitForStoredCart,
  withServiceDown,
} from '../support/resilience';
import {
  addToBasket,
  addToBasketHere,
  catalogProducts,
  expectRenderedPage,
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

describeRemoteStopped('cart', () => browser);

describe('each remote stopped in turn costs only its own region', () => {
  test('cart stopped: the header mini basket falls back to a plain basket link that still counts; an add made meanwhile is kept and saved once the cart is back (decision 1202)', async () => {
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
      await withServiceDown('cart', async () => {
        // The basket is the cart remote's: with it down, a new page cannot load the basket, but
        // the shopper can still add, and the count shows what was added here.
        await page.goto(`${SHELL_URL}/products/${second.id}`);
        await expectRenderedPage(page);
        const fallback = page.locator('.mini-basket-fallback');
        const retry = fallback.getByRole('button', { name: 'Reload the basket preview' });
        await retry.waitFor({ state: 'visible', timeout: 30_000 });
        await addToBasketHere(page);
        expect(await fallback.getByRole('link').getAttribute('href')).toBe('/checkout');
        await markDocument(page);
      });
      await page.getByRole('button', { name: 'Reload the basket preview' }).click();
      await page.locator('.mini-basket-fallback').waitFor({ state: 'detached', timeout: 30_000 });
      // The cart's basket service loaded the stored basket and applied the kept add: both lines,
      // each once, in the page and in the database.
      const stored = await waitForStoredCart(cartPath, [first.id, second.id]);
      expect(stored?.totalQuantity).toBe(2);
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="basket-count"]')?.textContent) === 2,
        undefined,
        { timeout: 30_000 },
      );
      expect(await sameDocument(page)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
