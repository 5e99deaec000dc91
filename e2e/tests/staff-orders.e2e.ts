// Staff move orders on (decision 5201), against the running stack: `npm run staff`'s library makes
// an account a fulfilment member in the Auth emulator (custom claims) and the database (the record
// the status function trusts); the member marks a real order paid through the functions' front
// end, and the order keeps when while the audit trail keeps who; the guest's order-status page
// in Chromium shows the order paid; a shopper is refused; once the role is taken away, so is the
// former member.
import { ORDER_PATHS } from '@shop/shared/order/orderVocabulary';
import type { Browser } from 'playwright-core';
import { LOCAL_URLS } from '../../scripts/lib/apps';
import { addStaff, removeStaff } from '../../scripts/lib/staff';
import { LOCAL_STAFF_SERVICES } from '../support/staff';
import { expectAccessible } from '../support/axe';
import { signUp } from '../support/account';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import { adminGet, adminPut, firstProductId } from '../support/database';
import {
  type TestUser,
  createAccount,
  createAnonymousSession,
  signInWithPassword,
  uniqueEmail,
} from '../support/identity';

const LOCAL = LOCAL_STAFF_SERVICES;
const PASSWORD = 'fulfil-password';

/** The claims of an ID token (the emulator's are unsigned JWTs). */
const claimsOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

const changeStatus = async (token: string, body: object) => {
  const response = await fetch(`${LOCAL_URLS.functions}/changeOrderStatus`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/**
 * One item of the catalog ordered through the order function by the caller of `idToken`, from
 * the basket at `cartPath`, as a checkout would; answers the stored order.
 */
async function orderOneItem(
  idToken: string,
  cartPath: string,
  orderKey: string,
  who: { name: string; email: string; paymentMethod: string },
): Promise<{ id: string; number: string; status: string }> {
  const productId = await firstProductId();
  const { sizes } = await adminGet<{ sizes?: string[] }>(`catalog/products/${productId}`);
  const size = sizes?.[0];
  await adminPut(cartPath, {
    totalQuantity: 1,
    products: {
      [size ? `${productId}_${size}` : productId]: {
        id: productId,
        quantity: 1,
        ...(size ? { size } : {}),
      },
    },
  });
  const placed = await fetch(`${LOCAL_URLS.functions}/placeOrder`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({
      orderKey,
      personalInformation: {
        name: who.name,
        email: who.email,
        tel: '+48 123 456 789',
        address: '12 Analytical Street',
        city: 'London',
        zipCode: 'N1 9GU',
        country: 'United Kingdom',
      },
      paymentMethod: who.paymentMethod,
    }),
  });
  const answer = (await placed.json()) as {
    order?: { id: string; number: string; status: string };
  };
  if (!answer.order) throw new Error(`no order: ${JSON.stringify(answer)}`);
  return answer.order;
}

/** A push-id-shaped order key (20 characters) unique to this run. */
const orderKeyFor = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}`.padEnd(20, '0').slice(0, 20);

let member: TestUser;
const guestEmail = uniqueEmail('grace');
let shopper: TestUser;
let order: { id: string; number: string; status: string };
let orderPath: string;

beforeAll(async () => {
  [member, shopper] = await Promise.all([
    createAccount(uniqueEmail('fulfil'), PASSWORD),
    createAnonymousSession(),
  ]);
  // The shopper, a guest, orders one item through the order function.
  order = await orderOneItem(
    shopper.idToken,
    ORDER_PATHS.anonymousCart(shopper.uid),
    orderKeyFor('-Nstaff'),
    { name: 'Grace Guest', email: guestEmail, paymentMethod: 'bank transfer' },
  );
  orderPath = ORDER_PATHS.anonymousOrder(shopper.uid, order.id);
});

it('a fulfilment member marks a bank-transfer order paid; the order keeps when, the audit who', async () => {
  const uid = await addStaff(LOCAL, member.email as string, ['fulfilment']);
  expect(uid).toBe(member.uid);
  // The identity service carries the role for the browser from the next sign-in on.
  const signedIn = await signInWithPassword(member.email as string, PASSWORD);
  expect(claimsOf(signedIn.idToken).staff).toEqual(['fulfilment']);

  const before = Date.now();
  const paid = await changeStatus(signedIn.idToken, {
    number: order.number,
    from: 'placed',
    to: 'paid',
    note: 'Transfer received',
  });
  expect(paid.status).toBe(200);
  const stored = await adminGet<{ status: string; statusHistory: Record<string, unknown>[] }>(
    orderPath,
  );
  expect(stored.status).toBe('paid');
  expect(stored.statusHistory).toEqual([{ at: expect.any(Number), to: 'paid' }]);
  // Who did it, and the note, are staff's: kept apart from the order the shopper reads.
  expect(await adminGet(`${ORDER_PATHS.orderAudit}/${order.id}`)).toEqual({
    '0000': {
      at: stored.statusHistory[0]?.at,
      by: { uid: member.uid, email: member.email },
      from: 'placed',
      to: 'paid',
      note: 'Transfer received',
    },
  });
  expect(stored.statusHistory[0]?.at as number).toBeGreaterThanOrEqual(before - 5000);
});

it("the guest's order-status page shows the order paid, with its date, and nothing of who", async () => {
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const { page, context } = await openPage(browser, `/order-status?number=${order.number}`);
    await page.getByLabel('Email address').fill(guestEmail);
    await page.getByLabel('Email address').press('Enter');
    const progress = page
      .getByRole('region', { name: `Order ${order.number}` })
      .getByRole('region', { name: 'Order progress' });
    await progress.waitFor({ timeout: 30_000 });
    const steps = await progress.getByRole('listitem').allInnerTexts();
    expect(steps).toEqual([expect.stringMatching(/^Placed /), expect.stringMatching(/^Paid /)]);
    const shown = await page.locator('main').innerText();
    expect(shown).not.toContain(member.email as string);
    expect(shown).not.toContain('Transfer received');
    await page.screenshot({ path: 'e2e/artifacts/order-status-progress-1280.png', fullPage: true });
    await expectAccessible(page, '/order-status with the order progress', 'checkout');
    await context.close();
  } finally {
    await browser?.close();
  }
});

it('the shopper cannot move their own order, and a former member no longer can', async () => {
  const shopperTry = await changeStatus(shopper.idToken, {
    number: order.number,
    from: 'paid',
    to: 'cancelled',
  });
  expect(shopperTry).toMatchObject({ status: 403, body: { error: 'forbidden' } });

  await removeStaff(LOCAL, member.email as string);
  const signedIn = await signInWithPassword(member.email as string, PASSWORD);
  expect(claimsOf(signedIn.idToken).staff).toBeUndefined();
  const formerTry = await changeStatus(signedIn.idToken, {
    number: order.number,
    from: 'paid',
    to: 'packed',
  });
  expect(formerTry).toMatchObject({ status: 403, body: { error: 'forbidden' } });
  expect((await adminGet<{ status: string }>(orderPath)).status).toBe('paid');
});

it("a signed-in shopper's open order page follows the order live: staff ship it, the page says so", async () => {
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const email = uniqueEmail('shopper');
    const password = 'shopper-password';
    const { page, context } = await openPage(browser, '/');
    await signUp(page, email, password);
    // The account orders one item through the order function, as its checkout would.
    const account = await signInWithPassword(email, password);
    const orderKey = orderKeyFor('-Nlive');
    const own = await orderOneItem(
      account.idToken,
      ORDER_PATHS.accountCart(account.uid),
      orderKey,
      {
        name: 'Sam Shopper',
        email,
        paymentMethod: 'bank transfer',
      },
    );

    await page.goto(`${SHELL_URL}/account/orders/${orderKey}`);
    await page.getByText('Status: Placed').waitFor({ timeout: 30_000 });
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    await addStaff(LOCAL, member.email as string, ['fulfilment']);
    const staff = await signInWithPassword(member.email as string, PASSWORD);
    const moves: [string, string, object][] = [
      ['placed', 'paid', {}],
      ['paid', 'packed', {}],
      ['packed', 'shipped', { carrier: 'DHL', tracking: 'JD0146 7' }],
    ];
    for (const [from, to, parcel] of moves) {
      const moved = await changeStatus(staff.idToken, { number: own.number, from, to, ...parcel });
      expect(moved.status).toBe(200);
    }

    await page.getByText('Status: Shipped').waitFor({ timeout: 10_000 });
    const progress = page.getByRole('region', { name: 'Order progress' });
    expect(await progress.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Placed /),
      expect.stringMatching(/^Paid /),
      expect.stringMatching(/^Packed /),
      expect.stringMatching(/^Shipped [\s\S]*DHL, tracking number JD0146 7$/),
    ]);
    expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    await context.close();
  } finally {
    await browser?.close();
  }
});
