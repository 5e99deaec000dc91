// The confirmation must show every time (decision 1601). Orders placed one after another as a
// shopper places them (product from the home page, size, basket, details, one click or a double
// click), 30 as guests and 10 signed in; each shows "Order sent!" and is stored exactly once. One
// guest in five also fills the optional password, so an account is made with the order and the
// session on the bus changes while the order is sent (a candidate cause of the stuck confirmation).
//
// `SHOP_E2E_BUSY_CORES=2` keeps that many cores busy for the whole file (the race of decision 1601
// was seen with the machine loaded):
// `SHOP_E2E_BUSY_CORES=2 npm run test:e2e -- --no-build order-rep`.
import type { Browser, Locator, Page } from 'playwright-core';
import { signUp } from '../support/account';
import { SHELL_URL, launchBrowser } from '../support/browser';
import {
  NOTHING_TO_ORDER,
  fillValidDetails,
  framesWithText,
  orderKeyInAddress,
  orderSentPage,
  ordersOf,
  watchFramesFor,
  watchForHeading,
  whatThePageShows,
} from '../support/checkout';
import { type CpuLoad, startCpuLoad } from '../support/cpuLoad';
import { signInWithPassword, uniqueEmail } from '../support/identity';
import { pageIsLive, sessionUid } from '../support/shop';

const GUEST_ORDERS = 30;
/** Guests whose run number leaves this remainder (of 5) make an account with the order. */
const MAKES_ACCOUNT = 4;
const SIGNED_IN_ORDERS = 10;
/** A stuck confirmation stayed for more than 40 s; a shown one comes in well under a second. */
const CONFIRMATION_TIMEOUT_MS = 15_000;
/** Each order takes a few seconds end to end; the whole series gets room for a loaded machine. */
const SERIES_TIMEOUT_MS = 15 * 60_000;

let browser: Browser;
let load: CpuLoad | null = null;
const timings: number[] = [];

beforeAll(async () => {
  load = startCpuLoad(Number(process.env.SHOP_E2E_BUSY_CORES ?? 0));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await load?.stop();
  if (timings.length > 0) {
    const sorted = [...timings].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    console.log(
      `order → "Order sent!" over ${sorted.length} orders (busy cores: ${load?.cores ?? 0}): ` +
        `p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${sorted[sorted.length - 1]} ms`,
    );
  }
});

/** Home page → a product card → a size → "Add to basket" → the basket badge counts it. */
async function addFromHomePage(page: Page, run: number): Promise<void> {
  await page.goto(`${SHELL_URL}/`);
  const cards = page.locator('main a[href^="/products/"]');
  await cards.first().waitFor();
  await cards.nth(run % Math.min(4, await cards.count())).click();
  const add = page.getByRole('button', { name: 'Add to basket' });
  await add.waitFor();
  // The server-rendered page's presses count once it is React's (settle in support/shop.ts).
  await pageIsLive(page);
  const size = page.locator('input[name="size"]:not([disabled])').first();
  if (await size.count()) await size.check();
  await add.click();
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid="basket-count"]')?.textContent) >= 1,
    null,
    { timeout: 15_000 },
  );
}

/**
 * /checkout (typed in the address bar) → the details step by its link → filled, with the optional
 * password when given (an account made with the order); its submit.
 */
async function detailsFilled(page: Page, email: string, password?: string): Promise<Locator> {
  await page.goto(`${SHELL_URL}/checkout`);
  await page.getByRole('link', { name: 'Continue to details' }).click();
  const name = page.getByLabel('Name', { exact: true });
  await name.waitFor();
  await fillValidDetails(page, email);
  if (password) await page.getByLabel('Password', { exact: true }).fill(password);
  await page.waitForFunction(
    () => {
      const button = [...document.querySelectorAll('button')].find(
        (b) => b.textContent?.trim() === 'Place order',
      );
      return button ? !button.disabled : false;
    },
    null,
    { timeout: 5_000 },
  );
  return page.getByRole('button', { name: 'Place order' });
}

/** The details filled and submitted: the order's key once "Order sent!" shows. */
async function checkOut(
  page: Page,
  email: string,
  doubleClick: boolean,
  password?: string,
): Promise<string> {
  const submit = await detailsFilled(page, email, password);
  await watchFramesFor(page, NOTHING_TO_ORDER);
  // The confirmation's one reload (decision 1601) serves a shopper, but here it is a defect.
  let loads = 0;
  const counted = () => (loads += 1);
  page.on('load', counted);
  const clicked = Date.now();
  if (doubleClick) await submit.dblclick();
  else await submit.click();
  try {
    await page
      .getByRole('heading', { name: 'Order sent!' })
      .waitFor({ timeout: CONFIRMATION_TIMEOUT_MS });
  } catch (error) {
    throw new Error(
      `no confirmation ${CONFIRMATION_TIMEOUT_MS} ms after the ${doubleClick ? 'double ' : ''}click\n` +
        (await whatThePageShows(page)),
      { cause: error },
    );
  }
  timings.push(Date.now() - clicked);
  await page.getByText('Thank you for shopping with us!').waitFor();
  const key = await orderSentPage(page, CONFIRMATION_TIMEOUT_MS);
  page.off('load', counted);
  expect(loads).toBe(0);
  // The stuck screen of decision 1601 (the details step saying there is nothing to order) was
  // painted on every order, for a frame or two, before the confirmation; held, it is the report's
  // stuck page.
  expect(await framesWithText(page)).toBe(0);
  return key;
}

test(
  `${GUEST_ORDERS} guest orders in a row, single and double clicks, one in five making an account: each confirmed, each stored once`,
  async () => {
    for (let run = 0; run < GUEST_ORDERS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      try {
        await addFromHomePage(page, run);
        const session = await sessionUid(page);
        if (run % 5 === MAKES_ACCOUNT) {
          const email = uniqueEmail(`guest.${run}`);
          const password = 'guest-account-password';
          const key = await checkOut(page, email, run % 3 !== 0, password);
          const { uid: accountUid } = await signInWithPassword(email, password);
          expect(Object.keys(await ordersOf({ accountUid }))).toEqual([key]);
          expect(await ordersOf({ sessionUid: session })).toEqual({});
        } else {
          const key = await checkOut(page, `guest.${run}@example.com`, run % 3 !== 0);
          expect(Object.keys(await ordersOf({ sessionUid: session }))).toEqual([key]);
        }
      } catch (error) {
        throw new Error(`guest order ${run + 1} of ${GUEST_ORDERS}`, { cause: error });
      } finally {
        await context.close();
      }
    }
  },
  SERIES_TIMEOUT_MS,
);

test(
  `${SIGNED_IN_ORDERS} signed-in orders in a row: each confirmed, each stored once`,
  async () => {
    const email = uniqueEmail('repeat');
    const password = 'repeat-password';
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await signUp(page, email, password);
      const { uid: accountUid } = await signInWithPassword(email, password);
      const keys: string[] = [];
      for (let run = 0; run < SIGNED_IN_ORDERS; run += 1) {
        try {
          await addFromHomePage(page, run);
          keys.push(await checkOut(page, email, run % 2 === 1));
          const stored = await ordersOf({ accountUid });
          expect(Object.keys(stored).sort()).toEqual([...keys].sort());
        } catch (error) {
          throw new Error(`signed-in order ${run + 1} of ${SIGNED_IN_ORDERS}`, { cause: error });
        }
      }
    } finally {
      await context.close();
    }
  },
  SERIES_TIMEOUT_MS,
);

/**
 * The confirmation's guard (decision 1601): an order whose confirmation's page cannot come. The
 * checkout shows "Order sent!" in place (the render that empties the basket), the page is loaded
 * once more a little after its address, and the reloaded page (a GET, no order's action) loads
 * nothing again. The order is stored once.
 */
async function orderReloadedOnce(trap: () => void, run: number, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(trap);
  // In place, "Order sent!" may be on screen for a few frames only (its page replaces it).
  const orderSentShown = await watchForHeading(context, 'Order sent!');
  const page = await context.newPage();
  try {
    await addFromHomePage(page, run);
    const submit = await detailsFilled(page, email);
    // The details page fired its own load long ago: the next one is the guard's reload.
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await submit.click();
    await orderSentShown(15_000);
    await reloaded;
    const key = orderKeyInAddress(page);
    let laterLoads = 0;
    page.on('load', () => (laterLoads += 1));
    await page.waitForTimeout(3_000);
    expect(laterLoads).toBe(0);
    expect(Object.keys(await ordersOf({ sessionUid: await sessionUid(page) }))).toEqual([key]);
  } catch (error) {
    await context.close();
    throw error;
  }
  return page;
}

test('a confirmation that cannot show: the page is loaded once more, not again', async () => {
  // On the confirmation's address every price fails to format, so the page cannot render there
  // (an error screen in its place), on the reloaded page too.
  const trap = () => {
    const format = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format');
    Object.defineProperty(Intl.NumberFormat.prototype, 'format', {
      configurable: true,
      get(this: Intl.NumberFormat) {
        if (window.location.pathname === '/checkout-successful') {
          throw new Error('e2e: no prices on the confirmation');
        }
        return format?.get?.call(this) as unknown;
      },
    });
  };
  const page = await orderReloadedOnce(trap, 0, 'stuck.confirmation@example.com');
  await page.context().close();
});

test('a scheduler that stopped running tasks: the page is loaded again and shows "Order sent!"', async () => {
  // The router's move held on purpose: from the moment it pushes the confirmation's address, no
  // message reaches a MessagePort's onmessage handler (React's scheduler runs its tasks from
  // one), so no transition renders again in this document. Updates React flushes in a microtask
  // (the basket's reset, the in-place confirmation) still render.
  const trap = () => {
    let stopped = false;
    const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
    Object.defineProperty(MessagePort.prototype, 'onmessage', {
      configurable: true,
      get(this: MessagePort): unknown {
        return onmessage?.get?.call(this);
      },
      set(this: MessagePort, handler: ((this: MessagePort, event: MessageEvent) => void) | null) {
        const gated =
          handler &&
          function (this: MessagePort, event: MessageEvent) {
            if (!stopped) handler.call(this, event);
          };
        onmessage?.set?.call(this, gated);
      },
    });
    const push = history.pushState.bind(history);
    history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
      push(data, unused, url);
      if (String(url).includes('/checkout-successful?')) stopped = true;
    };
  };
  const page = await orderReloadedOnce(trap, 2, 'stopped.scheduler@example.com');
  try {
    await orderSentPage(page, 15_000);
  } finally {
    await page.context().close();
  }
});
