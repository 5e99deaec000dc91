// Stock per product and size (decision 1406) in the assembled shop. The product page shows what is
// left, the order function refuses more than is left with a message naming the product and size,
// the basket and the details are kept, and the lowered order goes through once.
import type { Browser } from 'playwright-core';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import {
  allOrders,
  fillTestCard,
  fillValidDetails,
  orderSentPage,
  VALID_DETAILS,
  whatThePageShows,
} from '../support/checkout';
import { adminGet, adminPut } from '../support/database';
import { uniqueEmail } from '../support/identity';
import { settle, waitForBasketCount } from '../support/shop';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('the product page shows sold-out sizes as unavailable and how many are left', async () => {
  const stock = await adminGet<Record<string, number>>('catalog/products/cable-knit-sweater/stock');
  expect(stock).toMatchObject({ L: 3, XL: 0 });
  const { page, context, pageErrors } = await openPage(browser, '/products/cable-knit-sweater');
  try {
    await settle(page);
    await expect(page.getByRole('radio', { name: /^XL\b.*sold out/ }).isDisabled()).resolves.toBe(
      true,
    );
    await page.getByRole('radio', { name: 'L', exact: true }).check();
    await page.getByText('Only 3 left').waitFor();
    await page.getByRole('radio', { name: 'M', exact: true }).check();
    await page.getByText('In stock').waitFor();
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('more than is left: a clear refusal naming product and size, basket and details kept, then one order', async () => {
  const product = 'retro-runner';
  const size = '44';
  const stockPath = `catalog/products/${product}/stock/${size}`;
  await adminPut(stockPath, 2);
  const { name } = await adminGet<{ name: string }>(`catalog/products/${product}`);
  const before = new Set((await allOrders()).keys());
  const email = uniqueEmail('stock');
  const { page, context, pageErrors } = await openPage(browser, `/products/${product}`);
  try {
    await settle(page);
    await page.getByRole('radio', { name: size, exact: true }).check();
    await page.getByText('Only 2 left').waitFor();
    await page.getByRole('combobox', { name: 'Quantity' }).selectOption('2');
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await waitForBasketCount(page, 2);

    await page.goto(`${SHELL_URL}/checkout`);
    await page.getByRole('link', { name: 'Continue to details' }).click();
    await fillValidDetails(page, email);
    // Another shopper buys one of the two meanwhile.
    await adminPut(stockPath, 1);
    await page.getByRole('button', { name: 'Place order' }).click();

    await page.getByRole('heading', { name: 'Something went wrong!' }).waitFor({ timeout: 30_000 });
    await page
      .getByText(
        `Only 1 left of ${name} in size ${size} (your basket has 2): please lower the quantity.`,
      )
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await whatThePageShows(page)}`);
      });
    await expect(adminGet<number>(stockPath)).resolves.toBe(1);
    expect([...(await allOrders()).keys()].filter((key) => !before.has(key))).toEqual([]);

    // The basket, read afresh, says what is left and holds the shopper until the line fits.
    await page.getByRole('link', { name: 'Review your basket' }).click();
    await page.getByText('Only 1 left in size 44: lower the quantity to order.').waitFor();
    await expect(page.getByRole('link', { name: 'Continue to details' }).count()).resolves.toBe(0);
    await page
      .getByRole('combobox', { name: new RegExp(`^Quantity of ${name}, size ${size}`) })
      .selectOption('1');
    await page.getByRole('link', { name: 'Continue to details' }).click();
    // The details typed before are still there.
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe(
      VALID_DETAILS.Name,
    );
    await expect(page.getByLabel('Email address', { exact: true }).inputValue()).resolves.toBe(
      email,
    );
    // The card is not kept by the page (decision 5301): typed again.
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await orderSentPage(page);

    const added = [...(await allOrders()).entries()].filter(([key]) => !before.has(key));
    expect(added).toHaveLength(1);
    expect(added[0]?.[1].order.products).toEqual([
      expect.objectContaining({ id: product, size, quantity: 1 }),
    ]);
    await expect(adminGet<number>(stockPath)).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});
