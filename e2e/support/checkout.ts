// Checkout helpers shared by the journeys: valid details, what the database stored, and what the
// page showed when a step did not come (so a failure explains itself).
import type { BrowserContext, Page } from 'playwright-core';
import { SHELL_URL } from './browser';
import { adminGet } from './database';

export interface StoredOrderView {
  id: string;
  /** Given by the order function (decision 1401), e.g. TL-7F3K2Q. */
  number?: string;
  status?: string;
  totalPrice: number;
  totalQuantity: number;
  shipment: number;
  products: { id: string; quantity: number; discountedPrice: number; originalPrice: number }[];
  discount?: { isDiscount: boolean; discountType: number | 'SHIPMENT' | ''; discountCode: string };
  personalInformation: Record<string, string>;
  paymentMethod?: string;
  /** A card order's payment (decision 5301). */
  payment?: { status: string; amount: { amount: number; currency: string } };
}

const SHIPMENT_FEE = 9.99;
const toCents = (n: number) => Math.round(n * 100);

/**
 * An order's totals worked out again here, from the catalog's prices and the stored discount code
 * (docs/product.md §9: products × (1 − d/100), shipment 9.99 unless SHIPMENT), independently of the app's
 * pricing module, in whole cents.
 */
export async function recomputedTotals(
  order: StoredOrderView,
): Promise<{ totalPrice: number; totalQuantity: number; shipment: number; lines: unknown[] }> {
  const lines = [];
  let productCents = 0;
  let totalQuantity = 0;
  for (const line of order.products) {
    const product = await adminGet<{ originalPrice: number; discountedPrice: number }>(
      `catalog/products/${line.id}`,
    );
    lines.push({
      id: line.id,
      originalPrice: product.originalPrice,
      discountedPrice: product.discountedPrice,
    });
    productCents += toCents(product.discountedPrice) * line.quantity;
    totalQuantity += line.quantity;
  }
  const code = order.discount?.isDiscount ? order.discount.discountCode : '';
  const stored = code
    ? await adminGet<{ discountType: number | 'SHIPMENT' }>(`discounts/${code}`)
    : null;
  const type = stored?.discountType ?? null;
  const afterDiscount =
    typeof type === 'number' ? Math.round((productCents * (100 - type)) / 100) : productCents;
  const shipment = type === 'SHIPMENT' ? 0 : SHIPMENT_FEE;
  return {
    totalPrice: (afterDiscount + toCents(shipment)) / 100,
    totalQuantity,
    shipment,
    lines,
  };
}

export const VALID_DETAILS = {
  Name: 'Ada Lovelace',
  'Email address': '',
  'Phone number': '+48 123 456 789',
  Address: '12 Analytical Street',
  City: 'London',
  'ZIP Code': 'N1 9GU',
};

export async function fillValidDetails(page: Page, email: string): Promise<void> {
  for (const [label, value] of Object.entries({ ...VALID_DETAILS, 'Email address': email })) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByLabel('Country').selectOption('United Kingdom');
  await fillTestCard(page);
}

/** The local test provider's cards (README "Test cards"). */
export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  secondStep: '4000 0027 6000 3184',
} as const;

/** The provider's card fields, in their own frame (decision 5301). */
export const cardFrame = (page: Page) => page.frameLocator('iframe[title="Card details"]');

/**
 * Types a test card into the provider's fields when card is the chosen payment method (the
 * default); any future expiry and a three-digit code.
 */
export async function fillTestCard(page: Page, number: string = TEST_CARDS.succeeds) {
  const card = page.getByRole('radio', { name: /^Card/ });
  if (!(await card.isChecked())) return;
  const frame = cardFrame(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel(/Expiry/).fill('12 / 34');
  await frame.getByLabel('Security code').fill('123');
  // The button into view now, and two frames painted, before a journey clicks it: a click that
  // scrolls first lands on the old layout's hit-test areas while the provider's frame (another
  // site, so another renderer process) has not drawn its new place yet, and goes to the frame.
  await page.getByRole('button', { name: 'Place order' }).scrollIntoViewIfNeeded();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * The confirmation's own page: "Order sent!" at its address, under its title. The checkout shows
 * the same confirmation a moment earlier, in the render that empties the basket, before the router
 * has moved there (decision 1601); a journey that reads the address or leaves waits for the page.
 * Gives the order's key, read from that address.
 */
export async function orderSentPage(page: Page, timeout = 30_000): Promise<string> {
  await page.getByRole('heading', { name: 'Order sent!' }).waitFor({ timeout });
  await page.waitForURL(/\/checkout-successful\?order=/, { timeout });
  await page.waitForFunction(() => document.title.startsWith('Order confirmation'), null, {
    timeout,
  });
  return orderKeyInAddress(page);
}

/**
 * A guest orders the basket on `page` with `email`, from the basket's page to the confirmation's
 * own page; gives the order number it shows (TL-…).
 */
export async function placeGuestOrder(
  page: Page,
  email: string,
  /** The payment method's label; the default, card, pays with the provider's test card. */
  paying: 'Card' | 'Bank transfer' | 'Cash on delivery' = 'Card',
): Promise<string> {
  await page.goto(`${SHELL_URL}/checkout`);
  await page.getByRole('link', { name: 'Continue to details' }).click();
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
  if (paying !== 'Card') await page.getByRole('radio', { name: new RegExp(`^${paying}`) }).check();
  await fillValidDetails(page, email);
  // Enabled once the details are valid (500 ms after the last input): click waits for it.
  await page.getByRole('button', { name: 'Place order' }).click();
  await orderSentPage(page);
  const number = (await page.locator('.checkout-confirmation__number').textContent()) ?? '';
  return number.trim().toUpperCase();
}

/** The order's key in the confirmation's address (a Firebase push id, ORDER_KEY_PATTERN). */
export function orderKeyInAddress(page: Page): string {
  const key = new URL(page.url()).searchParams.get('order') ?? '';
  expect(key).toMatch(/^[-0-9A-Za-z_]{20}$/);
  return key;
}

/** The details step's text for an empty basket: after an order it must never reach the screen. */
export const NOTHING_TO_ORDER = 'Your basket is empty, so there is nothing to order yet.';

/**
 * Counts, from now until the page is left, the frames the browser paints with the text given on
 * the page (read just before each paint); `framesWithText` tells how many there were.
 */
export async function watchFramesFor(page: Page, text: string): Promise<void> {
  await page.evaluate((wanted) => {
    const counter = window as { __framesWithText?: number };
    counter.__framesWithText = 0;
    const beforePaint = () => {
      // textContent: reading it forces no layout, so the watch does not change the frames' timing.
      if (document.body.textContent?.includes(wanted)) {
        counter.__framesWithText = (counter.__framesWithText ?? 0) + 1;
      }
      requestAnimationFrame(beforePaint);
    };
    requestAnimationFrame(beforePaint);
  }, text);
}

export async function framesWithText(page: Page): Promise<number | undefined> {
  return page.evaluate(() => (window as { __framesWithText?: number }).__framesWithText);
}

/**
 * Watches every page of `context`, from its first script on, for a heading reading `name`; the
 * returned wait settles once one has been attached. A locator's wait polls, so it can miss a
 * heading that is on screen for a few frames only (the in-place confirmation its page replaces
 * at once is there for 50 to 200 ms); a MutationObserver reports it in the task that attached it.
 */
export async function watchForHeading(
  context: BrowserContext,
  name: string,
): Promise<(timeoutMs: number) => Promise<void>> {
  let attached!: () => void;
  const seen = new Promise<void>((resolve) => (attached = resolve));
  await context.exposeBinding('__headingAttached', () => attached());
  await context.addInitScript((wanted) => {
    const observer = new MutationObserver(() => {
      const headings = document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]');
      if (![...headings].some((heading) => heading.textContent?.trim() === wanted)) return;
      observer.disconnect();
      void (window as unknown as { __headingAttached: () => Promise<void> }).__headingAttached();
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true });
  }, name);
  return (timeoutMs) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no heading "${name}" within ${timeoutMs} ms`)),
        timeoutMs,
      );
      void seen.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
}

/** Every order stored under any anonymous session or account, by key (admin read). */
export async function allOrders(): Promise<Map<string, { path: string; order: StoredOrderView }>> {
  const found = new Map<string, { path: string; order: StoredOrderView }>();
  const groups: [string, string][] = [
    ['users/anonymousTokens', 'anonymousOrders'],
    ['users/validated', 'userOrders'],
  ];
  for (const [base, child] of groups) {
    const owners = await adminGet<Record<string, true> | null>(base, '?shallow=true');
    for (const owner of Object.keys(owners ?? {})) {
      const orders = await adminGet<Record<string, StoredOrderView> | null>(
        `${base}/${owner}/${child}`,
      );
      for (const [key, order] of Object.entries(orders ?? {})) {
        found.set(key, { path: `${base}/${owner}/${child}/${key}`, order });
      }
    }
  }
  return found;
}

/** The orders stored under one owner (an anonymous session or an account), by key. */
export async function ordersOf(
  owner: { sessionUid: string } | { accountUid: string },
): Promise<Record<string, StoredOrderView>> {
  const path =
    'sessionUid' in owner
      ? `users/anonymousTokens/${owner.sessionUid}/anonymousOrders`
      : `users/validated/${owner.accountUid}/userOrders`;
  return (await adminGet<Record<string, StoredOrderView> | null>(path)) ?? {};
}

/** The main region's text, the address, the bus's basket and session, and the stored keys. */
export async function whatThePageShows(page: Page): Promise<string> {
  const main = (
    await page
      .locator('main')
      .innerText({ timeout: 2_000 })
      .catch(() => '?')
  ).trim();
  const state = await page
    .evaluate(() => {
      type Bus = {
        cart$: { getValue(): unknown };
        auth$: { getValue(): unknown };
      };
      const bus = (window as unknown as { __SHOP_BUS__?: Bus }).__SHOP_BUS__;
      const stored = Object.keys(localStorage)
        .filter((key) => key.startsWith('shop:'))
        .map((key) => `${key}=${localStorage.getItem(key)?.slice(0, 200)}`);
      return JSON.stringify({
        url: location.href,
        cart: bus?.cart$.getValue(),
        auth: bus?.auth$.getValue(),
        stored,
      });
    })
    .catch((error: unknown) => String(error));
  return `page main: ${main.slice(0, 400)}\npage state: ${state}`;
}

/** Waits until the session has loaded the basket (the header badge is there, network quiet). */
export async function basketLoaded(page: Page): Promise<void> {
  const badge = page.getByTestId('basket-count').first();
  try {
    await badge.waitFor({ state: 'visible', timeout: 60_000 });
  } catch (error) {
    await page.screenshot({ path: 'e2e/artifacts/checkout-settle-failure.png', fullPage: true });
    throw new Error(`${page.url()}: ${(await page.locator('body').innerText()).slice(0, 500)}`, {
      cause: error,
    });
  }
  await page.waitForLoadState('networkidle');
}

/**
 * Basket → details by the page's own link. (A direct load of a nested address currently fails
 * in the shell: its index.html asks for main.js relative to the address, e.g. /checkout/main.js.)
 */
export async function openDetails(page: Page): Promise<void> {
  await page.goto(`${SHELL_URL}/checkout`);
  await page.getByRole('link', { name: 'Continue to details' }).click();
}

/**
 * Orders a journey file placed, by key (other journeys' orders are theirs to check): `placed`
 * waits for the confirmation and keeps its key; `expectEachRecomputed` checks there are at least
 * `atLeast` and that every one is
 * stored, numbered and placed, with the totals of the catalog and the discount worked out again.
 */
export function ordersOfThisFile(): {
  placed(page: Page): Promise<string>;
  expectEachRecomputed(atLeast: number): Promise<void>;
} {
  const keys = new Set<string>();
  return {
    async placed(page) {
      const key = await orderSentPage(page);
      keys.add(key);
      return key;
    },
    async expectEachRecomputed(atLeast) {
      const stored = await allOrders();
      expect(keys.size).toBeGreaterThanOrEqual(atLeast);
      const orders = [...keys].map((key) => stored.get(key));
      expect(orders).not.toContain(undefined);
      for (const { path, order } of orders.filter((found) => found !== undefined)) {
        const expected = await recomputedTotals(order);
        // A card order is stored paid, for exactly its total in cents (decision 5301).
        const byCard = order.paymentMethod === 'card';
        expect({ path, number: order.number, status: order.status, paid: order.payment }).toEqual({
          path,
          number: expect.stringMatching(/^TL-[2-9A-HJKMNP-TW-Z]{6}$/),
          status: byCard ? 'paid' : 'placed',
          paid: byCard
            ? expect.objectContaining({
                amount: { amount: toCents(order.totalPrice), currency: 'USD' },
              })
            : undefined,
        });
        expect({
          path,
          totalPrice: order.totalPrice,
          totalQuantity: order.totalQuantity,
          shipment: order.shipment,
          lines: order.products.map((l) => ({
            id: l.id,
            originalPrice: l.originalPrice,
            discountedPrice: l.discountedPrice,
          })),
        }).toEqual({ path, ...expected });
      }
    },
  };
}
