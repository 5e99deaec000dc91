// Checkout when a part of the backend goes away mid-checkout (the database, the order function): a
// clear message, the basket and the details kept; once it is back, one order. Stops services, so it
// runs alone (decision 5002).
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from '../support/browser';
import {
  allOrders,
  basketLoaded,
  fillTestCard,
  fillValidDetails,
  openDetails,
  ordersOfThisFile,
} from '../support/checkout';
import { addToBasket, basketCount, type CatalogProduct, catalogProducts } from '../support/shop';
import { cutOffService, reconnectService, startService, stopService } from '../support/stackState';

let browser: Browser;
let products: CatalogProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  products = await catalogProducts();
});

afterAll(async () => {
  await browser?.close();
});

const placedOrders = ordersOfThisFile();

type StoredOrders = Awaited<ReturnType<typeof allOrders>>;

/**
 * A shopper with the catalog's first product in the basket, on the details step, filled: the
 * stored orders before anything is placed.
 */
async function detailsFilled(page: Page, email: string): Promise<StoredOrders> {
  const [product] = products;
  if (!product) throw new Error('empty catalog');
  await basketLoaded(page);
  await addToBasket(page, product);
  await openDetails(page);
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
  await fillValidDetails(page, email);
  await page.waitForTimeout(600);
  return allOrders();
}

/** Once the service is back: "Try again" keeps the details, and the order is stored once. */
async function placedOnceAfterTryAgain(page: Page, before: StoredOrders): Promise<void> {
  await page.getByRole('link', { name: 'Try again' }).click();
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
  expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Ada Lovelace');
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  const key = await placedOrders.placed(page);
  const after = await allOrders();
  expect(after.size).toBe(before.size + 1);
  expect(after.get(key)?.order.totalQuantity).toBe(1);
}

describe('checkout with the database down', () => {
  test('a clear error, the basket kept; once it is back the order goes through once', async () => {
    const { page, context } = await openPage(browser, '/');
    try {
      const before = await detailsFilled(page, 'ada.offline@example.com');

      await stopService('database');
      try {
        await page.getByRole('button', { name: 'Place order' }).click();
        await page
          .getByRole('heading', { name: 'Something went wrong!' })
          .waitFor({ timeout: 40_000 });
        await page.getByText('An error has occured, please try again later.').waitFor();
        await page.getByText('Your basket is kept').waitFor();
        expect(await basketCount(page)).toBe(1);
        await page.screenshot({ path: 'e2e/artifacts/checkout-failed-1280.png', fullPage: true });
      } finally {
        await startService('database');
      }

      await placedOnceAfterTryAgain(page, before);
    } finally {
      await context.close();
    }
  });
});

describe('checkout with the order function down', () => {
  test('a clear message, basket and details kept; once it is back, one order', async () => {
    const { page, context } = await openPage(browser, '/');
    try {
      const before = await detailsFilled(page, 'ada.nofunction@example.com');

      // The order function (with the identity service: one firebase-tools process) becomes
      // unreachable, as if stopped (decision 5003).
      await cutOffService('auth');
      try {
        await page.getByRole('button', { name: 'Place order' }).click();
        await page
          .getByRole('heading', { name: 'Something went wrong!' })
          .waitFor({ timeout: 40_000 });
        await page.getByText("We couldn't reach our order service").waitFor();
        await page.getByText('Your basket and your details are kept').waitFor();
        expect(await basketCount(page)).toBe(1);
        expect((await allOrders()).size).toBe(before.size);
        await page.screenshot({ path: 'e2e/artifacts/checkout-no-function.png', fullPage: true });
      } finally {
        await reconnectService('auth');
      }

      await placedOnceAfterTryAgain(page, before);
      await page.getByText(/^TL-[2-9A-HJKMNP-TW-Z]{6}$/).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('orders stored by these journeys', () => {
  test('each is numbered and placed, and its totals are the catalog and discount recomputed', async () => {
    await placedOrders.expectEachRecomputed(2);
  });
});
