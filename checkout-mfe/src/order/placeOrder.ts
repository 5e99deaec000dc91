// Sending an order (the /checkout-successful form action). The money path:
// - one key per checkout (checkoutStorage); the order function (decision 1401) stores each key
//   once, so a retry, a refresh, the back button or a double click stores the order once; two
//   submissions running at the same time share one run;
// - the basket sync is flushed first: the function prices the basket the database holds, with the
//   catalog's prices and the discount code as stored, numbers the order and writes it (with the
//   personal information of a signed-in shopper); the browser no longer writes orders;
// - no answer in time (a cold start) or "in progress" is not a failure: the page looks for the
//   order under its key and asks again with the same key (placed once whatever happens) before
//   it says anything failed, and then says that the order may still be placed (decision 3901);
// - on success the basket is emptied and the toast shows; on failure basket, key and draft stay.
import {
  type AuthState,
  MESSAGES,
  bus,
  cartActions,
  flushCartSync,
  getData,
  getBasketService,
  getTokenId,
  toast,
  type StoredOrder,
} from '@shop/shared';
import { signUp } from '@shop/shared/accounts';
import {
  ORDER_PATHS,
  type OrderFailureReason,
  type PlaceOrderError,
  REASONS_NAMING_ITEMS,
  REFUSAL_REASONS,
} from '@shop/shared/order/orderVocabulary';
import { waitForSession } from '../session/waitForSession';
import { fromOrderRecord } from './buildOrder';
import { clearDraft, clearOrderKey, ensureOrderKey } from './checkoutStorage';
import { type OrderForm, parseOrderForm } from './orderForm';
import { type CardPaymentNeeded, type OrderServiceResult, requestOrder } from './orderService';

export type OrderOutcome =
  | { status: 'sent'; order: StoredOrder }
  | { status: 'failed'; reason: OrderFailureReason; detail?: string }
  | { status: 'empty' };

const failed = (reason: OrderFailureReason, detail?: string): OrderOutcome =>
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
  lastRefusal = null;
  accountMadeHere = null;
}

export const signedInAccount = (auth: AuthState): string =>
  auth.isSignedIn && auth.userAccountUid ? auth.userAccountUid : '';

export interface PlaceOrderOptions {
  /**
   * Called with the stored order right before the basket is emptied, so that whatever it shows
   * reaches the screen in the same render as the empty basket (decision 1601).
   */
  showSent?: (order: StoredOrder) => void;
}

export async function placeOrder(
  data: FormData,
  options: PlaceOrderOptions = {},
): Promise<OrderOutcome> {
  const parsed = parseOrderForm(data);
  if (!parsed.valid) return failed('invalid-details');
  await waitForSession();
  const key = ensureOrderKey();
  // No await between the lookup and the set: a second submission always finds the first.
  const running = inFlight.get(key);
  if (running) return running;
  const run = sendOrder(key, parsed.form, options).finally(() => inFlight.delete(key));
  inFlight.set(key, run);
  return run;
}

/**
 * The function found the stored basket empty although this page shows lines: emptied elsewhere
 * (another tab, window or device, e.g. by an order placed there) before this page heard of it.
 * Unless this page's own lines may never have reached the database (an upload still pending, or
 * no basket service to send them): then it is a failed write, and the basket is kept.
 */
function refusalReason(error: string): OrderFailureReason {
  if (error === 'empty-basket') {
    const basket = getBasketService();
    return basket && !basket.hasPendingUpload() ? 'empty-basket' : 'write';
  }
  return REFUSAL_REASONS[error as PlaceOrderError] ?? 'write';
}

/**
 * The last such message, kept in the page (not put in the address: a link must not be able to
 * make the shop say anything). A reloaded failure page shows the general text.
 */
let lastRefusal: { reason: OrderFailureReason; message: string } | null = null;

export function refusalMessage(reason: OrderFailureReason): string | undefined {
  return lastRefusal?.reason === reason ? lastRefusal.message : undefined;
}

/** How many times the page asks again about an order that had no answer or was in progress. */
export const ORDER_FOLLOW_UPS = 3;
/** The pause before asking again when the function named none (seconds). */
const FOLLOW_UP_PAUSE_S = 2;
const FOLLOW_UP_PAUSE_MAX_S = 10;

let pauseImpl = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Replaces the pause between follow-ups (tests); null resets. */
export function setFollowUpPause(fn: ((ms: number) => Promise<void>) | null): void {
  pauseImpl = fn ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
}

const isPending = (result: OrderServiceResult) =>
  (result.status === 'unreachable' && result.timedOut) ||
  (result.status === 'refused' && result.error === 'in-progress');

/**
 * The order's answer, or the stored order: a request that timed out may still be running (a
 * cold start took 27 s), and "in progress" means another request with this key is. So the page
 * reads the order under its key and asks again with the same key, a few times, before it
 * settles for "pending" (decision 3901).
 */
async function settledOrder(
  key: string,
  form: OrderForm,
  accountUid: string,
): Promise<OrderServiceResult | { status: 'stored'; order: StoredOrder } | { status: 'pending' }> {
  let result = await requestOrder(key, form, accountUid);
  for (let round = 0; round < ORDER_FOLLOW_UPS && isPending(result); round += 1) {
    const lookup = await readStoredOrder(key, accountUid);
    if (lookup.status === 'found') return { status: 'stored', order: lookup.order };
    const seconds =
      result.status === 'refused' && result.retryAfterSeconds !== undefined
        ? Math.min(result.retryAfterSeconds, FOLLOW_UP_PAUSE_MAX_S)
        : FOLLOW_UP_PAUSE_S;
    await pauseImpl(seconds * 1000);
    result = await requestOrder(key, form, accountUid);
  }
  if (!isPending(result)) return result;
  const lookup = await readStoredOrder(key, accountUid);
  return lookup.status === 'found'
    ? { status: 'stored', order: lookup.order }
    : { status: 'pending' };
}

async function sendOrder(
  key: string,
  form: OrderForm,
  { showSent }: PlaceOrderOptions,
): Promise<OrderOutcome> {
  await flushCartSync();
  // The function orders the basket the database holds: the one the shopper reviewed, synced.
  const cart = cartActions.get();
  if (cart.products.length === 0) {
    const last = lastConfirmedKey ? confirmed.get(lastConfirmedKey) : undefined;
    return last ? { status: 'sent', order: last } : { status: 'empty' };
  }

  const account = await orderingAccount(form);
  if ('error' in account) return failed('signup', account.error);

  const result = await settledOrder(key, form, account.uid);
  if (result.status === 'pending') return failed('pending');
  // The card was not authorised (the details step confirms it before it sends the form).
  if (result.status === 'payment') return failed('payment');
  if (result.status === 'unreachable') return failed('service');
  if (result.status === 'refused') {
    const reason = refusalReason(result.error);
    if (REASONS_NAMING_ITEMS.includes(reason)) lastRefusal = { reason, message: result.message };
    return failed(reason);
  }
  const stored = result.status === 'stored' ? result.order : fromOrderRecord(result.order);
  if (!stored) return failed('write');

  confirmed.set(key, stored);
  lastConfirmedKey = key;
  accountMadeHere = null;
  clearOrderKey(key);
  clearDraft();
  showSent?.(stored);
  cartActions.reset();
  toast.success(MESSAGES.orderSent);
  return { status: 'sent', order: stored };
}

/**
 * The account this checkout made for its email, until its order is confirmed: the card step makes
 * it, and the form's action that follows must not make it again (the bus may not have heard yet).
 */
let accountMadeHere: { uid: string; email: string } | null = null;

/**
 * The account the order is placed for: the signed-in one, or one made now from the form's
 * password; '' for a guest.
 */
async function orderingAccount(form: OrderForm): Promise<{ uid: string } | { error: string }> {
  const { email } = form.personalInformation;
  const made = accountMadeHere?.email === email ? accountMadeHere.uid : '';
  const signedIn = signedInAccount(bus.auth$.getValue()) || made;
  if (!form.password || signedIn) return { uid: signedIn };
  const result = await signUp(email, form.password);
  if ('error' in result) return { error: result.error };
  accountMadeHere = { uid: result.userAccountUid, email };
  return { uid: result.userAccountUid };
}

export type CardStart = { status: 'confirm'; payment: CardPaymentNeeded } | { status: 'send' };

/**
 * A card order's first step, on the details step (decision 5301): the function holds the stock
 * and makes the payment, and answers what the provider's fields confirm. Anything else (the order
 * already stored, a refusal, no answer) is for the form's action to tell: 'send'. The same key is
 * used, so the action's request is the same order, placed once.
 */
export async function startCardPayment(data: FormData): Promise<CardStart> {
  const parsed = parseOrderForm(data);
  if (!parsed.valid) return { status: 'send' };
  await waitForSession();
  const key = ensureOrderKey();
  await flushCartSync();
  if (cartActions.get().products.length === 0) return { status: 'send' };
  const account = await orderingAccount(parsed.form);
  if ('error' in account) return { status: 'send' };
  const result = await requestOrder(key, parsed.form, account.uid);
  return result.status === 'payment'
    ? { status: 'confirm', payment: result.payment }
    : { status: 'send' };
}

export type StoredOrderLookup =
  { status: 'found'; order: StoredOrder } | { status: 'missing' } | { status: 'error' };

/** Reads an order back (a reloaded confirmation): the account's orders first, then the session's. */
export async function readStoredOrder(key: string, account = ''): Promise<StoredOrderLookup> {
  const cached = confirmed.get(key);
  if (cached) return { status: 'found', order: cached };
  await waitForSession();
  const paths: string[] = [];
  // The account the order was sent for (one made with the order may not be on the bus yet).
  const accountUid = account || signedInAccount(bus.auth$.getValue());
  if (accountUid) paths.push(ORDER_PATHS.accountOrder(accountUid, key));
  try {
    paths.push(ORDER_PATHS.anonymousOrder(await getTokenId(), key));
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
