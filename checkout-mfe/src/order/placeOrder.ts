// Sending an order (the /checkout-successful form action). The money path:
// - one key per checkout (checkoutStorage), written with PUT, so a retry, a refresh, the back
//   button or a double click stores the order once; two submissions running at the same time
//   share one run;
// - the basket sync is flushed first, the basket is priced from the catalog, the discount code
//   is read again from the database;
// - success only if every write answered 200 (spec §4): signed in, the order and the personal
//   information; anonymous, the order. Then the basket is emptied and the toast shows.
import {
  type AuthState,
  type CartDiscount,
  type DiscountCode,
  MESSAGES,
  type StoredOrder,
  type WriteResult,
  bus,
  cartActions,
  flushCartSync,
  getData,
  getTokenId,
  isPercentDiscount,
  setData,
  signUp,
  toast,
} from '@shop/shared';
import { waitForSession } from '../session/waitForSession';
import {
  accountOrderPath,
  anonymousOrderPath,
  buildOrder,
  fromOrderRecord,
  personalInformationPath,
} from './buildOrder';
import { clearDraft, clearOrderKey, ensureOrderKey } from './checkoutStorage';
import { type OrderForm, parseOrderForm } from './orderForm';
import { loadOrderLines } from './orderLines';

export type FailureReason =
  'invalid-details' | 'signup' | 'unavailable' | 'discount' | 'write' | 'not-found' | 'unreachable';

export type OrderOutcome =
  | { status: 'sent'; order: StoredOrder }
  | { status: 'failed'; reason: FailureReason; detail?: string }
  | { status: 'empty' };

const failed = (reason: FailureReason, detail?: string): OrderOutcome =>
  detail ? { status: 'failed', reason, detail } : { status: 'failed', reason };

const inFlight = new Map<string, Promise<OrderOutcome>>();
/** Orders confirmed on this page: the confirmation shows them without asking the server. */
const confirmed = new Map<string, StoredOrder>();
let lastConfirmedKey: string | null = null;

export function confirmedOrder(key: string): StoredOrder | undefined {
  return confirmed.get(key);
}

/** Forgets the page's memory (tests). */
export function resetOrderMemory(): void {
  inFlight.clear();
  confirmed.clear();
  lastConfirmedKey = null;
}

export const signedInAccount = (auth: AuthState): string =>
  auth.isSignedIn && auth.userAccountUid ? auth.userAccountUid : '';

export async function placeOrder(data: FormData): Promise<OrderOutcome> {
  const parsed = parseOrderForm(data);
  if (!parsed.valid) return failed('invalid-details');
  await waitForSession();
  const key = ensureOrderKey();
  // No await between the lookup and the set: a second submission always finds the first.
  const running = inFlight.get(key);
  if (running) return running;
  const run = sendOrder(key, parsed.form).finally(() => inFlight.delete(key));
  inFlight.set(key, run);
  return run;
}

/** The discount as the database has it now: a code that vanished fails the order. */
async function confirmDiscount(
  discount: CartDiscount,
): Promise<{ ok: true; discount: CartDiscount } | { ok: false; reason: FailureReason }> {
  if (!discount.isDiscount || !discount.discountCode) {
    return { ok: true, discount: { isDiscount: false, discountType: null, discountCode: '' } };
  }
  const result = await getData<DiscountCode>(`discounts/${discount.discountCode}`);
  if (result.status !== 200) return { ok: false, reason: 'write' };
  const type = result.response?.discountType;
  if (type !== 'SHIPMENT' && !isPercentDiscount(type)) return { ok: false, reason: 'discount' };
  return {
    ok: true,
    discount: { isDiscount: true, discountType: type, discountCode: discount.discountCode },
  };
}

async function sendOrder(key: string, form: OrderForm): Promise<OrderOutcome> {
  await flushCartSync();
  // The basket the shopper reviewed (sign-up below may merge baskets; the order keeps this one).
  const cart = cartActions.get();
  if (cart.products.length === 0) {
    const last = lastConfirmedKey ? confirmed.get(lastConfirmedKey) : undefined;
    return last ? { status: 'sent', order: last } : { status: 'empty' };
  }

  let accountUid = signedInAccount(bus.auth$.getValue());
  if (form.password && !accountUid) {
    const result = await signUp(form.personalInformation.email, form.password);
    if ('error' in result) return failed('signup', result.error);
    accountUid = result.userAccountUid;
  }

  const lines = await loadOrderLines(cart.products);
  if (lines.status === 'error') return failed('write');
  if (lines.status === 'unavailable') return failed('unavailable');
  const discount = await confirmDiscount(cart.discount);
  if (!discount.ok) return failed(discount.reason);

  const order = buildOrder(key, lines.lines, discount.discount, form, Date.now());
  let writes: Promise<WriteResult<unknown>>[];
  if (accountUid) {
    writes = [
      setData(accountOrderPath(accountUid, key), order, 'PUT'),
      setData(personalInformationPath(accountUid), form.personalInformation, 'PUT'),
    ];
  } else {
    let sessionUid: string;
    try {
      sessionUid = await getTokenId();
    } catch {
      return failed('write');
    }
    writes = [setData(anonymousOrderPath(sessionUid, key), order, 'PUT')];
  }
  const results = await Promise.all(writes);
  if (!results.every((r) => r.status === 200)) return failed('write');

  const stored = fromOrderRecord(order) as StoredOrder;
  confirmed.set(key, stored);
  lastConfirmedKey = key;
  clearOrderKey(key);
  clearDraft();
  cartActions.reset();
  toast.success(MESSAGES.orderSent);
  return { status: 'sent', order: stored };
}

export type StoredOrderLookup =
  { status: 'found'; order: StoredOrder } | { status: 'missing' } | { status: 'error' };

/** Reads an order back (a reloaded confirmation): the account's orders first, then the session's. */
export async function readStoredOrder(key: string): Promise<StoredOrderLookup> {
  const cached = confirmed.get(key);
  if (cached) return { status: 'found', order: cached };
  await waitForSession();
  const paths: string[] = [];
  const accountUid = signedInAccount(bus.auth$.getValue());
  if (accountUid) paths.push(accountOrderPath(accountUid, key));
  try {
    paths.push(anonymousOrderPath(await getTokenId(), key));
  } catch {
    // no session: only the account can be asked
  }
  let sawError = paths.length === 0;
  for (const path of paths) {
    const result = await getData<unknown>(path);
    if (result.status !== 200) {
      sawError = true;
      continue;
    }
    const order = fromOrderRecord(result.response);
    if (order) return { status: 'found', order };
  }
  return sawError ? { status: 'error' } : { status: 'missing' };
}
