// Card payments (decision 5301) in the assembled shop, with the local test provider's own fields:
// a good card orders and the order is paid for its exact total; a declined card leaves the
// shopper on the details step with the bank's answer, the basket kept, no order and the stock
// back, and another card then orders; a card that needs a second step orders once confirmed, and
// leaves nothing when the shopper cancels that step; a double press charges once.
import type { Browser, Page } from 'playwright-core';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import {
  TEST_CARDS,
  allOrders,
  cardFrame,
  fillTestCard,
  fillValidDetails,
  orderSentPage,
  whatThePageShows,
} from '../support/checkout';
import { adminGet, adminPut } from '../support/database';
import { uniqueEmail } from '../support/identity';
import { paymentsFor } from '../support/payments';
import { basketCount, settle, waitForBasketCount } from '../support/shop';
import { eventually } from '../support/eventually';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const PRODUCT = 'chelsea-boot-suede';
const SIZE = '43';
const STOCK = `catalog/products/${PRODUCT}/stock/${SIZE}`;

/** Puts one pair in the basket and opens the details step with valid details and no card yet. */
async function toDetails(page: Page, email: string): Promise<void> {
  await page.goto(`${SHELL_URL}/products/${PRODUCT}`);
  await settle(page);
  await page.getByRole('radio', { name: SIZE, exact: true }).check();
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await waitForBasketCount(page, 1);
  await page.goto(`${SHELL_URL}/checkout`);
  await page.getByRole('link', { name: 'Continue to details' }).click();
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
  await fillValidDetails(page, email);
}

/** The stored order of a key with its payment, and the total in cents it must have charged. */
async function paidOrder(key: string) {
  const found = (await allOrders()).get(key);
  if (!found) throw new Error(`no order under ${key}`);
  const order = found.order as typeof found.order & {
    payment?: { status: string; amount: { amount: number; currency: string } };
  };
  return { order, cents: Math.round(order.totalPrice * 100) };
}

/** Waits, a bounded while, for the stock count the provider's notification gives back. */
async function stockBecomes(expected: number): Promise<void> {
  await eventually(
    () => adminGet<number>(STOCK),
    (left) => expect(left).toBe(expected),
    10_000,
  );
}

test('a good card orders: "Order sent!", the order paid for its exact total, one payment', async () => {
  await adminPut(STOCK, 5);
  const { page, context, pageErrors } = await openPage(browser, '/');
  try {
    await toDetails(page, uniqueEmail('card-ok'));
    await page.getByRole('button', { name: 'Place order' }).click();
    const key = await orderSentPage(page);
    const { order, cents } = await paidOrder(key);
    expect(order.status).toBe('paid');
    expect(order.payment).toMatchObject({
      status: 'authorised',
      amount: { amount: cents, currency: 'USD' },
    });
    const payments = await paymentsFor(key);
    expect(payments.map((p) => [p.status, p.amount, p.currency])).toEqual([
      ['authorised', cents, 'USD'],
    ]);
    expect(await adminGet<number>(STOCK)).toBe(4);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a declined card: the message on the details step, basket kept, no order, stock back; another card orders', async () => {
  await adminPut(STOCK, 5);
  const before = new Set((await allOrders()).keys());
  const { page, context, pageErrors } = await openPage(browser, '/');
  try {
    await toDetails(page, uniqueEmail('card-declined'));
    await fillTestCard(page, TEST_CARDS.declined);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your card was declined.' })
      .waitFor({ timeout: 30_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await whatThePageShows(page)}`);
      });
    expect(page.url()).toContain('/checkout/details');
    expect(await basketCount(page)).toBe(1);
    expect([...(await allOrders()).keys()].filter((key) => !before.has(key))).toEqual([]);
    await stockBecomes(5);

    await fillTestCard(page, TEST_CARDS.succeeds);
    await page.getByRole('button', { name: 'Place order' }).click();
    const key = await orderSentPage(page);
    expect((await paidOrder(key)).order.status).toBe('paid');
    await stockBecomes(4);
    // One payment for the order: the declined try and the good one are the same payment.
    expect((await paymentsFor(key)).map((p) => p.status)).toEqual(['authorised']);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a card that needs a second step: the bank asks, the shopper confirms, the order is paid', async () => {
  await adminPut(STOCK, 5);
  const { page, context, pageErrors } = await openPage(browser, '/');
  try {
    await toDetails(page, uniqueEmail('card-3ds'));
    await fillTestCard(page, TEST_CARDS.secondStep);
    await page.getByRole('button', { name: 'Place order' }).click();
    const frame = cardFrame(page);
    await frame.getByRole('heading', { name: 'Confirm your payment' }).waitFor({ timeout: 30_000 });
    await frame.getByRole('button', { name: 'Confirm' }).click();
    const key = await orderSentPage(page);
    const { order, cents } = await paidOrder(key);
    expect(order.status).toBe('paid');
    expect(order.payment?.amount.amount).toBe(cents);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a second step the shopper cancels: the bank's answer on the details step, no order, stock back", async () => {
  await adminPut(STOCK, 5);
  const before = new Set((await allOrders()).keys());
  const { page, context, pageErrors } = await openPage(browser, '/');
  try {
    await toDetails(page, uniqueEmail('card-3ds-cancel'));
    await fillTestCard(page, TEST_CARDS.secondStep);
    await page.getByRole('button', { name: 'Place order' }).click();
    const frame = cardFrame(page);
    await frame.getByRole('heading', { name: 'Confirm your payment' }).waitFor({ timeout: 30_000 });
    await frame.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The payment was not confirmed with your bank.' })
      .waitFor();
    expect(page.url()).toContain('/checkout/details');
    expect(await basketCount(page)).toBe(1);
    expect([...(await allOrders()).keys()].filter((key) => !before.has(key))).toEqual([]);
    await stockBecomes(5);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a double press on "Place order" charges once and orders once', async () => {
  await adminPut(STOCK, 5);
  const before = new Set((await allOrders()).keys());
  const { page, context, pageErrors } = await openPage(browser, '/');
  try {
    await toDetails(page, uniqueEmail('card-twice'));
    await page.getByRole('button', { name: 'Place order' }).dblclick();
    const key = await orderSentPage(page);
    expect([...(await allOrders()).keys()].filter((k) => !before.has(k))).toEqual([key]);
    expect((await paymentsFor(key)).map((p) => p.status)).toEqual(['authorised']);
    expect(await adminGet<number>(STOCK)).toBe(4);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});
