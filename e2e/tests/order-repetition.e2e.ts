// Issue 16: the confirmation must show every time. Orders placed one after another as a shopper
// places them (product from the home page, size, basket, details, one click or a double click),
// 30 as guests and 10 signed in; each shows "Order sent!" and is stored exactly once. One guest
// in five also fills the optional password, so an account is made with the order and the session
// on the bus changes while the order is sent (a candidate the issue names).
//
// `SHOP_E2E_BUSY_CORES=2` keeps that many cores busy for the whole file (the race of issue 16 was
// seen with the machine loaded): `SHOP_E2E_BUSY_CORES=2 npm run test:e2e -- --no-build order-rep`.
import type { Browser, Locator, Page } from 'playwright-core';
import { CONFIRMATION_NOT_SHOWN } from '../../checkout-mfe/src/confirmation/confirmationWatch';
import { signUp } from '../support/account';
import { SHELL_URL, launchBrowser, stuckConfirmations } from '../support/browser';
import {
  NOTHING_TO_ORDER,
  confirmationReportsOf,
  fillValidDetails,
  framesWithText,
  orderKeyInAddress,
  orderSentPage,
  ordersOf,
  watchFramesFor,
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
  // Issue 16's screen (the details step saying there is nothing to order) was painted on every
  // order, for a frame or two, before the confirmation; held, it is the report's stuck page.
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
 * An order whose confirmation's page React was made unable to show (the context's init script):
 * the watch logs `reason` with the checkout showing the confirmation in place (its router never got
 * there, so its links would not either), the page is loaded again and shows
 * "Order sent!" (a reloaded page is a new document and a GET: it starts no watch, and the router
 * does not push there, so the init script's trap stays off), the order is stored once, and the
 * reloaded page sends the watch's report to the session's record once, under the order's key
 * (confirmationReport.ts).
 */
async function orderRepairedByReload(
  trap: () => void,
  order: { run: number; email: string; reason: string; what: string },
): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(trap);
  const page = await context.newPage();
  try {
    await addFromHomePage(page, order.run);
    const submit = await detailsFilled(page, order.email);
    const logged = watchLine(page);
    // The details page fired its own load long ago: the next one is the watch's reload.
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    const clicked = Date.now();
    await submit.click();
    await page.getByRole('heading', { name: 'Order sent!' }).waitFor({ timeout: 15_000 });
    const inPlace = Date.now() - clicked;
    const line = await logged;
    expect(line).toContain(`"reason":"${order.reason}"`);
    // The shopper saw the order confirmed already: the checkout showed it in the render that
    // emptied the basket, while the router's move to its page was held back.
    expect(line).toContain('"heading":"Order sent!"');
    await reloaded;
    const key = await orderSentPage(page, 15_000);
    console.log(
      `${order.what}: click → "Order sent!" in place in ${inPlace} ms, on its page after the reload in ${Date.now() - clicked} ms`,
    );
    const uid = await sessionUid(page);
    expect(Object.keys(await ordersOf({ sessionUid: uid }))).toEqual([key]);
    const reports = await confirmationReportsOf(uid, 1);
    expect(Object.keys(reports)).toEqual([key]);
    const report = reports[key];
    expect(report).toMatchObject({
      reason: order.reason,
      outcome: `/checkout-successful?order=${key}`,
    });
    expect(typeof report?.at).toBe('number');
    expect(JSON.parse(report?.details ?? '{}')).toMatchObject({
      reason: order.reason,
      visibility: 'visible',
      heading: 'Order sent!',
      userAgent: expect.stringContaining('Chrome') as unknown,
    });
    // The watch's line is this test's expected outcome, not a defect met (noStuckConfirmation.ts).
    expect(stuckConfirmations.splice(0)).toHaveLength(1);
  } finally {
    await context.close();
  }
}

/** The confirmation watch's log line, once the page writes one (confirmationWatch.ts). */
async function watchLine(page: Page): Promise<string> {
  const message = await page.waitForEvent('console', {
    predicate: (m) => m.text().startsWith(CONFIRMATION_NOT_SHOWN),
    timeout: 15_000,
  });
  return message.text();
}

test('a confirmation that cannot show: logged, the page loaded once more, no reload after that', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Issue 16's state made on purpose: on the confirmation's address every price fails to
  // format, so the confirmation cannot render there while the address has moved to it.
  await context.addInitScript(() => {
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
  });
  const page = await context.newPage();
  try {
    await addFromHomePage(page, 0);
    const submit = await detailsFilled(page, 'stuck.confirmation@example.com');
    const logged = watchLine(page);
    await submit.click();
    const line = await logged;
    expect(line).toContain('"outcome":"/checkout-successful?order=');
    expect(line).toMatch(/"react":\{"pendingLanes":\d+/);
    // An error screen was committed in the confirmation's place: nothing left for React to do, so
    // the page did not wait the whole grace.
    expect(line).toContain('"reason":"no update pending"');
    // The reload, then no other: the reloaded page (a GET) starts no watch.
    await page.waitForEvent('load', { timeout: 15_000 });
    const key = orderKeyInAddress(page);
    let laterLoads = 0;
    page.on('load', () => (laterLoads += 1));
    await page.waitForTimeout(3_000);
    expect(laterLoads).toBe(0);
    // The order itself was stored exactly once.
    const stored = await ordersOf({ sessionUid: await sessionUid(page) });
    expect(Object.keys(stored)).toEqual([key]);
    // The watch's line is this test's expected outcome, not a defect met (noStuckConfirmation.ts).
    expect(stuckConfirmations.splice(0)).toHaveLength(1);
  } finally {
    await context.close();
  }
});

test('a task React counts on that will not run: the page is loaded again and shows "Order sent!"', async () => {
  // Case 2 of decision 1601 made on purpose: from the moment the router moves to the confirmation,
  // every task React schedules for its root is cancelled as the scheduler cancels one (its
  // callback emptied), so React keeps counting on tasks that will not run.
  const trap = () => {
    const push = history.pushState.bind(history);
    history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
      push(data, unused, url);
      if (!String(url).includes('/checkout-successful?')) return;
      const container = document.getElementById('root') as unknown as Record<string, unknown>;
      const key = Object.keys(container).find((k) => k.startsWith('__reactContainer'));
      const root = (key ? (container[key] as { stateNode?: object }).stateNode : null) as {
        callbackNode: { callback: unknown } | null;
      } | null;
      if (!root) return;
      let task = root.callbackNode;
      if (task) task.callback = null;
      Object.defineProperty(root, 'callbackNode', {
        configurable: true,
        get: () => task,
        set: (next: { callback: unknown } | null) => {
          if (next) next.callback = null;
          task = next;
        },
      });
    };
  };
  await orderRepairedByReload(trap, {
    run: 1,
    email: 'dead.task@example.com',
    reason: 'task already ran',
    what: 'a dead task at the confirmation',
  });
});

test('a scheduler that stopped running tasks: the page is loaded again and shows "Order sent!"', async () => {
  // Case 3 of decision 1601 made on purpose: from the moment the router moves to the confirmation,
  // no message reaches a MessagePort's onmessage handler (React's scheduler runs its tasks from
  // one), so the scheduler counts on a message that never comes and runs no task again. Updates
  // React flushes in a microtask (synchronous ones, like the basket's reset) still render.
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
  await orderRepairedByReload(trap, {
    run: 2,
    email: 'stopped.scheduler@example.com',
    reason: 'task not run',
    what: 'a stopped scheduler at the confirmation',
  });
});
