import {
  EMPTY_CART,
  MESSAGES,
  ROOT_MARKET,
  SIGNED_OUT,
  basketChannels,
  type ToastEvent,
  bus,
  cartActions,
  getBasketService,
  marketById,
  setAuth,
  basketLoaded,
  startSession,
  stopSession,
} from '@shop/shared';
import {
  type FakeAuth,
  type FakeDatabase,
  installFakeBackend,
  seedBasket,
  uninstallFakeBackend,
} from '@shop/shared/testing';
import { SAMPLE_PERSONAL_INFORMATION } from '../testing/sampleOrder';
import { ensureOrderKey } from './checkoutStorage';
import {
  type FakeOrderService,
  installFakeOrderService,
  uninstallFakeOrderService,
} from '../testing/fakeOrderService';
import {
  ORDER_FOLLOW_UPS,
  placeOrder,
  readStoredOrder,
  refusalMessage,
  resetOrderMemory,
  setFollowUpPause,
  startCardPayment,
} from './placeOrder';

function detailsForm(extra: Record<string, string> = {}): FormData {
  const data = new FormData();
  const values: Record<string, string> = {
    ...SAMPLE_PERSONAL_INFORMATION,
    'payment-method': 'card',
    ...extra,
  };
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

let db: FakeDatabase;
let auth: FakeAuth;
let service: FakeOrderService;
let toasts: ToastEvent[];
let pauses: number[];

async function startWithBasket(where: { accountUid?: string; email?: string } = {}) {
  seedBasket(db, [{ id: 'linen-shirt', size: 'M', quantity: 2 }], where);
  if (where.accountUid) auth.signInAs(where.accountUid, where.email ?? '');
  await startSession();
  await basketLoaded();
}

/** Orders stored (by the order function); the browser itself never writes one. */
const orderWrites = () => {
  expect(db.requests.filter((r) => r.method !== 'GET' && /Orders/.test(r.path))).toEqual([]);
  return service.writes;
};

beforeEach(() => {
  ({ db, auth } = installFakeBackend());
  service = installFakeOrderService(db);
  stopSession();
  setAuth(SIGNED_OUT);
  cartActions.replaceCart(EMPTY_CART);
  sessionStorage.clear();
  localStorage.clear(); // the cart sync keeps unsent baskets there
  resetOrderMemory();
  pauses = [];
  setFollowUpPause((ms) => {
    pauses.push(ms);
    return Promise.resolve();
  });
  toasts = [];
  bus.toasts$.subscribe((t) => toasts.push(t));
});

afterEach(() => {
  setFollowUpPause(null);
  stopSession();
  uninstallFakeOrderService();
  uninstallFakeBackend();
});

describe('placeOrder, anonymous shopper', () => {
  it('stores the order once under the session with the catalog prices, then empties the basket', async () => {
    await startWithBasket();
    const key = ensureOrderKey();

    const outcome = await placeOrder(detailsForm());

    expect(outcome.status).toBe('sent');
    const writes = orderWrites();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.path).toBe(`users/anonymousTokens/session-1/anonymousOrders/${key}`);
    // The function is asked with the session's ID token, for this checkout's key.
    expect(service.calls[0]).toMatchObject({
      token: 'token-session-1',
      body: { orderKey: key, paymentMethod: 'card', personalInformation: { name: 'Ada Lovelace' } },
    });
    expect(outcome.status === 'sent' && outcome.order.number).toMatch(/^TL-/);
    const stored = db.get(`users/anonymousTokens/session-1/anonymousOrders/${key}`);
    expect(stored).toMatchObject({
      id: key,
      totalQuantity: 2,
      shipment: 9.99,
      totalPrice: 109.99,
      paymentMethod: 'card',
      discount: { isDiscount: false, discountType: '', discountCode: '' },
      personalInformation: { name: 'Ada Lovelace', country: 'United Kingdom' },
      products: [
        { id: 'linen-shirt', size: 'M', quantity: 2, originalPrice: 60, discountedPrice: 50 },
      ],
    });
    expect(typeof (stored as { timestamp: number }).timestamp).toBe('number');
    expect(bus.cart$.getValue().totalQuantity).toBe(0);
    expect(toasts.map((t) => t.message)).toEqual([MESSAGES.orderSent]);
    // The next checkout gets a new key.
    expect(ensureOrderKey()).not.toBe(key);
  });

  it('shows the stored order right before the basket empties, so both render together (decision 1601)', async () => {
    await startWithBasket();
    const events: string[] = [];
    const watching = bus.cart$.subscribe((cart) => {
      if (cart.products.length === 0) events.push('basket emptied');
    });
    const shown: unknown[] = [];
    const outcome = await placeOrder(detailsForm(), {
      showSent: (order) => {
        shown.push(order);
        events.push('order shown');
      },
    });
    watching.unsubscribe();
    if (outcome.status !== 'sent') throw new Error(`not sent: ${outcome.status}`);
    expect(shown).toEqual([outcome.order]);
    // Nothing in between that could give the empty basket a screen of its own.
    expect(events).toEqual(['order shown', 'basket emptied']);
  });

  it('an order not sent is not shown, and the details step keeps its basket', async () => {
    await startWithBasket();
    service.refusal = { status: 409, error: 'discount', message: 'gone' };
    const showSent = jest.fn();
    expect(await placeOrder(detailsForm(), { showSent })).toEqual({
      status: 'failed',
      reason: 'discount',
    });
    expect(showSent).not.toHaveBeenCalled();
    expect(cartActions.get().products).toHaveLength(1);
  });

  it('prices the order from the catalog at order time', async () => {
    await startWithBasket();
    db.set('catalog/products/linen-shirt/discountedPrice', 45);
    const outcome = await placeOrder(detailsForm());
    expect(outcome.status === 'sent' && outcome.order.totalPrice).toBe(99.99);
  });

  it('applies a percentage code and a SHIPMENT code as the database has them', async () => {
    await startWithBasket();
    cartActions.updateDiscount({ isDiscount: true, discountType: 10, discountCode: 'SAVE10' });
    const percent = await placeOrder(detailsForm());
    expect(percent.status === 'sent' && percent.order.totalPrice).toBe(99.99); // 90 + 9.99

    cartActions.replaceCart({ ...EMPTY_CART, products: [{ id: 'trail-sneaker', quantity: 1 }] });
    cartActions.updateDiscount({
      isDiscount: true,
      discountType: 'SHIPMENT',
      discountCode: 'FREESHIP',
    });
    const shipment = await placeOrder(detailsForm());
    expect(shipment.status === 'sent' && shipment.order).toMatchObject({
      shipment: 0,
      totalPrice: 100,
    });
  });

  it('refuses to price an order from a malformed catalog record, and says why in the console', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await startWithBasket();
    db.set('catalog/products/linen-shirt/discountedPrice', '45');
    expect(await placeOrder(detailsForm())).toEqual({ status: 'failed', reason: 'unavailable' });
    expect(orderWrites()).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith(
      '[catalog] product "linen-shirt" skipped: discountedPrice: expected number, got a string',
    );
    warn.mockRestore();
  });

  it('fails the order when the discount code no longer exists', async () => {
    await startWithBasket();
    cartActions.updateDiscount({ isDiscount: true, discountType: 50, discountCode: 'GONE50' });
    expect(await placeOrder(detailsForm())).toEqual({ status: 'failed', reason: 'discount' });
    expect(orderWrites()).toHaveLength(0);
  });

  it.each([
    ['out-of-stock', 'Merino Crew Knit in size M is sold out: please remove it from your basket.'],
    [
      'too-many-lines',
      'The basket holds 51 different items; one order takes at most 50. Please remove some.',
    ],
    [
      'first-order-only',
      'The code WELCOME15 is for a first order only, and this email address has ordered before. Please remove the code from your basket.',
    ],
    ['too-many-orders', 'Too many orders in a short time. Please try again in 4 minutes.'],
  ] as const)(
    'a %s refusal keeps basket, key and draft, and keeps the function’s words for the page',
    async (error, message) => {
      await startWithBasket();
      const key = ensureOrderKey();
      service.refusal = { status: 409, error, message };
      expect(await placeOrder(detailsForm())).toEqual({ status: 'failed', reason: error });
      expect(refusalMessage(error)).toBe(message);
      expect(refusalMessage('write')).toBeUndefined();
      expect(cartActions.get().products).toEqual([{ id: 'linen-shirt', size: 'M', quantity: 2 }]);
      expect(ensureOrderKey()).toBe(key);
      expect(orderWrites()).toHaveLength(0);
    },
  );

  /** The order function's answer when the stored basket is empty. */
  const EMPTY_BASKET_REFUSAL = {
    status: 409,
    error: 'empty-basket',
    message: 'The basket is empty: there is nothing to order.',
  };

  it('a basket emptied elsewhere (another tab ordered it first): nothing ordered, said so', async () => {
    await startWithBasket();
    const key = ensureOrderKey();
    // The function read the stored basket after another tab's order had emptied it.
    service.refusal = EMPTY_BASKET_REFUSAL;
    expect(await placeOrder(detailsForm())).toEqual({ status: 'failed', reason: 'empty-basket' });
    expect(ensureOrderKey()).toBe(key);
    expect(toasts).toHaveLength(0);
    expect(orderWrites()).toHaveLength(0);
  });

  it('an empty stored basket while this page’s lines are still unsent is a failed write', async () => {
    await startWithBasket();
    const basketService = getBasketService();
    if (!basketService) throw new Error('the stand-in basket service is not registered');
    const pending = jest.spyOn(basketService, 'hasPendingUpload').mockReturnValue(true);
    service.refusal = EMPTY_BASKET_REFUSAL;
    expect(await placeOrder(detailsForm())).toEqual({ status: 'failed', reason: 'write' });
    expect(cartActions.get().products).toEqual([{ id: 'linen-shirt', size: 'M', quantity: 2 }]);
    pending.mockRestore();
  });

  it('an empty stored basket without the basket service (cart remote down) is a failed write', async () => {
    await startWithBasket();
    basketChannels().service$.next(null);
    service.refusal = EMPTY_BASKET_REFUSAL;
    expect(await placeOrder(detailsForm())).toEqual({ status: 'failed', reason: 'write' });
  });

  it('a double submit stores the order once and both get the same confirmation', async () => {
    await startWithBasket();
    const [first, second] = await Promise.all([
      placeOrder(detailsForm()),
      placeOrder(detailsForm()),
    ]);
    expect(first).toEqual(second);
    expect(orderWrites()).toHaveLength(1);
    // A late third submit (basket already empty) lands on the same confirmation, stores nothing.
    const third = await placeOrder(detailsForm());
    expect(third.status === 'sent' && third.order.id).toBe(
      first.status === 'sent' && first.order.id,
    );
    expect(orderWrites()).toHaveLength(1);
  });

  it('with the database down keeps the basket and the key; the retry stores it once', async () => {
    await startWithBasket();
    const key = ensureOrderKey();
    db.down = true;
    expect(await placeOrder(detailsForm())).toEqual({ status: 'failed', reason: 'write' });
    expect(bus.cart$.getValue().totalQuantity).toBe(2);
    expect(toasts).toHaveLength(0);

    db.down = false;
    const retry = await placeOrder(detailsForm());
    expect(retry.status === 'sent' && retry.order.id).toBe(key);
    expect(orderWrites()).toHaveLength(1);
  });

  it('with the order function unreachable keeps basket, key and draft; once back, one order', async () => {
    await startWithBasket();
    const key = ensureOrderKey();
    service.down = true;
    expect(await placeOrder(detailsForm())).toEqual({ status: 'failed', reason: 'service' });
    expect(bus.cart$.getValue().totalQuantity).toBe(2);
    expect(toasts).toHaveLength(0);
    expect(ensureOrderKey()).toBe(key);

    service.down = false;
    const retry = await placeOrder(detailsForm());
    expect(retry.status === 'sent' && retry.order.id).toBe(key);
    expect(orderWrites()).toHaveLength(1);
  });

  it('no answer in time (a cold start) but the order was stored: the page finds it under its key, no failure', async () => {
    await startWithBasket();
    const key = ensureOrderKey();
    service.script = ['lost'];
    const outcome = await placeOrder(detailsForm());
    expect(outcome.status === 'sent' && outcome.order.id).toBe(key);
    expect(orderWrites()).toHaveLength(1);
    expect(service.calls).toHaveLength(1);
    expect(bus.cart$.getValue().totalQuantity).toBe(0);
  });

  it('"in progress" is asked about again with the same key after its Retry-After, then confirmed', async () => {
    await startWithBasket();
    const key = ensureOrderKey();
    service.script = ['in-progress', 'in-progress'];
    const outcome = await placeOrder(detailsForm());
    expect(outcome.status === 'sent' && outcome.order.id).toBe(key);
    expect(service.calls.map((c) => c.body.orderKey)).toEqual([key, key, key]);
    expect(pauses).toEqual([2000, 2000]);
    expect(orderWrites()).toHaveLength(1);
  });

  it('still in progress after every follow-up: "pending", never "failed to send"; basket and key kept', async () => {
    await startWithBasket();
    const key = ensureOrderKey();
    service.script = Array.from({ length: ORDER_FOLLOW_UPS + 1 }, () => 'in-progress' as const);
    expect(await placeOrder(detailsForm())).toEqual({ status: 'failed', reason: 'pending' });
    expect(bus.cart$.getValue().totalQuantity).toBe(2);
    expect(ensureOrderKey()).toBe(key);
    expect(toasts).toHaveLength(0);
    // Trying again with the same key gets the order (placed once).
    const retry = await placeOrder(detailsForm());
    expect(retry.status === 'sent' && retry.order.id).toBe(key);
    expect(orderWrites()).toHaveLength(1);
  });

  it('a retry after an answer that was lost gets the order already stored, not a second one', async () => {
    await startWithBasket();
    const key = ensureOrderKey();
    const first = await placeOrder(detailsForm());
    // The same key again (e.g. the answer was lost and the tab kept its key).
    sessionStorage.setItem('threadline:checkout:orderKey', key);
    resetOrderMemory();
    cartActions.replaceCart({ ...EMPTY_CART, products: [{ id: 'trail-sneaker', quantity: 1 }] });
    const again = await placeOrder(detailsForm());
    expect(again.status === 'sent' && again.order.number).toBe(
      first.status === 'sent' && first.order.number,
    );
    expect(orderWrites()).toHaveLength(1);
  });

  it('rejects a form that breaks the rules without writing anything', async () => {
    await startWithBasket();
    expect(await placeOrder(detailsForm({ city: 'Rome' }))).toEqual({
      status: 'failed',
      reason: 'invalid-details',
    });
    expect(await placeOrder(detailsForm({ password: 'short' }))).toEqual({
      status: 'failed',
      reason: 'invalid-details',
    });
    expect(orderWrites()).toHaveLength(0);
  });

  it('with a password creates the account and stores the order there, never the password', async () => {
    await startWithBasket();
    const key = ensureOrderKey();
    const outcome = await placeOrder(detailsForm({ password: 'correct horse' }));
    expect(outcome.status).toBe('sent');
    expect(auth.accounts.get('ada@example.com')).toBe('correct horse');
    expect(db.get(`users/validated/account-1/userOrders/${key}`)).toMatchObject({ id: key });
    expect(db.get('users/validated/account-1/personalInformation')).toEqual(
      SAMPLE_PERSONAL_INFORMATION,
    );
    expect(JSON.stringify(db.requests)).not.toContain('correct horse');
  });

  it('reports a sign-up error and sends nothing', async () => {
    await startWithBasket();
    auth.accounts.set('ada@example.com', 'other');
    expect(await placeOrder(detailsForm({ password: 'correct horse' }))).toEqual({
      status: 'failed',
      reason: 'signup',
      detail: MESSAGES.emailTaken,
    });
    expect(orderWrites()).toHaveLength(0);
    expect(bus.cart$.getValue().totalQuantity).toBe(2);
  });
});

describe('placeOrder, signed-in shopper', () => {
  it('stores the order and the personal information in the account', async () => {
    await startWithBasket({ accountUid: 'account-7', email: 'ada@example.com' });
    const key = ensureOrderKey();
    const outcome = await placeOrder(detailsForm({ 'payment-method': 'bank transfer' }));
    expect(outcome.status).toBe('sent');
    expect(orderWrites().map((w) => w.path)).toEqual([
      `users/validated/account-7/userOrders/${key}`,
    ]);
    // Signed in: the function is asked with the account's ID token.
    expect(service.calls.map((c) => c.token)).toEqual(['token-account-7']);
    expect(db.get('users/validated/account-7/personalInformation')).toMatchObject({
      name: 'Ada Lovelace',
    });
    expect(db.get('users/validated/account-7/personalInformation')).not.toHaveProperty(
      'payment-method',
    );
    expect(db.get('users/anonymousTokens/session-1/anonymousOrders')).toBeNull();
  });

  it('fails when the personal information is not saved, and the retry rewrites the same order', async () => {
    await startWithBasket({ accountUid: 'account-7', email: 'ada@example.com' });
    const key = ensureOrderKey();
    db.failWrites = ['users/validated/account-7/personalInformation'];
    expect(await placeOrder(detailsForm())).toEqual({ status: 'failed', reason: 'write' });
    expect(bus.cart$.getValue().totalQuantity).toBe(2);
    db.failWrites = [];
    await placeOrder(detailsForm());
    const orders = db.get('users/validated/account-7/userOrders') as Record<string, unknown>;
    expect(Object.keys(orders)).toEqual([key]);
  });
});

describe('readStoredOrder', () => {
  it('reads a confirmed order back after a reload', async () => {
    await startWithBasket();
    const outcome = await placeOrder(detailsForm());
    const key = outcome.status === 'sent' ? outcome.order.id : '';
    resetOrderMemory(); // a reload forgets the page's memory
    const lookup = await readStoredOrder(key);
    expect(lookup.status === 'found' && lookup.order).toMatchObject({
      id: key,
      totalPrice: 109.99,
      discount: { isDiscount: false, discountType: null },
    });
    expect(await readStoredOrder('-NotAnOrderKey123456')).toEqual({ status: 'missing' });
  });
});

describe('a card order (decision 5301)', () => {
  it("its first step answers the payment to confirm in the provider's fields; nothing is stored", async () => {
    await startWithBasket();
    service.cardPayment = { clientSecret: 'pay_1_secret_abc' };
    await expect(startCardPayment(detailsForm())).resolves.toEqual({
      status: 'confirm',
      payment: { clientSecret: 'pay_1_secret_abc' },
    });
    expect(service.calls[0]?.body).toMatchObject({ paymentMethod: 'card' });
    expect(service.writes).toEqual([]);
    expect(cartActions.get().totalQuantity).toBe(2);
  });

  it('anything but a payment to confirm is for the form to send (another method: the order)', async () => {
    await startWithBasket();
    service.cardPayment = { clientSecret: 'pay_1_secret_abc' };
    await expect(
      startCardPayment(detailsForm({ 'payment-method': 'bank transfer' })),
    ).resolves.toEqual({ status: 'send' });
  });

  it('the form sent while the card is not authorised fails as "payment", basket kept', async () => {
    await startWithBasket();
    service.cardPayment = { clientSecret: 'pay_1_secret_abc' };
    await expect(placeOrder(detailsForm())).resolves.toEqual({
      status: 'failed',
      reason: 'payment',
    });
    expect(cartActions.get().totalQuantity).toBe(2);
  });
});

describe('placeOrder in a market (decision 5101)', () => {
  afterEach(() => bus.market$.next(ROOT_MARKET));

  it('a US page sends the market us: the order is in dollars as before', async () => {
    await startWithBasket();
    const outcome = await placeOrder(detailsForm());
    expect(service.calls[0]?.body).toMatchObject({ market: 'us' });
    expect(outcome.status === 'sent' && outcome.order).toMatchObject({
      currency: 'USD',
      shipment: 9.99,
      totalPrice: 109.99,
    });
  });

  it("a German page sends the market de: the order is priced in euros with Germany's fee", async () => {
    db.set('catalog/products/linen-shirt/prices', {
      EUR: { originalPrice: 55, discountedPrice: 45 },
    });
    bus.market$.next(marketById('de') ?? ROOT_MARKET);
    await startWithBasket();
    const outcome = await placeOrder(detailsForm());
    expect(service.calls[0]?.body).toMatchObject({ market: 'de' });
    expect(outcome.status === 'sent' && outcome.order).toMatchObject({
      currency: 'EUR',
      market: 'de',
      shipment: 4.95,
      totalPrice: 94.95,
      products: [{ id: 'linen-shirt', discountedPrice: 45 }],
    });
  });
});
