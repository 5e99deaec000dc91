// The trusted order endpoint (the `placeOrder` Cloud Function, decision 1401): the browser asks,
// the function prices, numbers and stores the order. The caller proves who it is with its ID
// token: the signed-in account's, or the anonymous session's.
import { type AuthUser, bus, getAuthBackend, getTokenId } from '@shop/shared';
import { type FunctionCall, callFunction } from '@shop/shared/functions/callFunction';
import type { OrderForm } from './orderForm';

/** How long the endpoint may take before the order counts as not sent (it can be retried). */
export const ORDER_SERVICE_TIMEOUT_MS = 20_000;

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
let fetchImpl: FetchLike | null = null;

/** Replaces the fetch used for the endpoints (tests); null resets. */
export function setOrderServiceFetch(fn: FetchLike | null): void {
  fetchImpl = fn;
}

/** The checkout's calls to its functions: the shared call with its time limit and fetch. */
export const callCheckoutFunction = (
  name: string,
  body: unknown,
  token?: string,
): Promise<FunctionCall> =>
  callFunction(name, {
    body,
    ...(token ? { token } : {}),
    timeoutMs: ORDER_SERVICE_TIMEOUT_MS,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });

const failureText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A card order waiting for the shopper's card (decision 5301): what the provider's fields need. */
export interface CardPaymentNeeded {
  clientSecret: string;
}

export type OrderServiceResult =
  | { status: 'placed'; order: unknown }
  | { status: 'payment'; payment: CardPaymentNeeded }
  | {
      status: 'refused';
      httpStatus: number;
      error: string;
      message: string;
      /** When to ask again (an order in progress, a limit): the answer's retryAfterSeconds. */
      retryAfterSeconds?: number;
    }
  | { status: 'unreachable'; message: string; timedOut: boolean };

/**
 * The 202 answer's payment, when it is one. Its last refusal is not read: the provider's fields
 * showed it when it happened.
 */
function cardPaymentOf(httpStatus: number, value: unknown): CardPaymentNeeded | null {
  if (httpStatus !== 202 || typeof value !== 'object' || value === null) return null;
  const { clientSecret } = value as Record<string, unknown>;
  return typeof clientSecret === 'string' && clientSecret !== '' ? { clientSecret } : null;
}

async function callerUser(accountUid: string): Promise<AuthUser | null> {
  const backend = getAuthBackend();
  if (accountUid) {
    await backend.accountReady();
    return backend.accountUser();
  }
  await getTokenId();
  return backend.sessionUser();
}

export async function requestOrder(
  orderKey: string,
  form: OrderForm,
  accountUid: string,
): Promise<OrderServiceResult> {
  let user: AuthUser | null;
  try {
    user = await callerUser(accountUid);
  } catch (error) {
    return { status: 'refused', httpStatus: 401, error: 'unauthenticated', message: String(error) };
  }
  if (!user) {
    return { status: 'refused', httpStatus: 401, error: 'unauthenticated', message: 'no user' };
  }
  const body = {
    orderKey,
    personalInformation: form.personalInformation,
    paymentMethod: form.paymentMethod,
    // The page's market: the function prices the order in its currency (decision 5101).
    market: bus.market$.getValue().id,
  };
  // An expired or revoked token: once more with a fresh one.
  for (let attempt = 0; ; attempt += 1) {
    let token: string;
    try {
      token = await user.getIdToken(attempt > 0);
    } catch (error) {
      return { status: 'unreachable', message: failureText(error), timedOut: false };
    }
    const call = await callCheckoutFunction('placeOrder', body, token);
    if (call.status === 'unreachable') return call;
    const { httpStatus, fields } = call;
    if (call.ok && fields.order) {
      return { status: 'placed', order: fields.order };
    }
    const payment = cardPaymentOf(httpStatus, fields.payment);
    if (payment) return { status: 'payment', payment };
    if (httpStatus === 401 && attempt === 0) continue;
    // No answer of ours (a gateway's 502/504): the endpoint is not there.
    if (typeof fields.error !== 'string') {
      return { status: 'unreachable', message: `HTTP ${httpStatus}`, timedOut: false };
    }
    const retry = fields.retryAfterSeconds;
    return {
      status: 'refused',
      httpStatus,
      error: fields.error,
      message: typeof fields.message === 'string' ? fields.message : '',
      ...(typeof retry === 'number' && Number.isFinite(retry) && retry >= 0
        ? { retryAfterSeconds: retry }
        : {}),
    };
  }
}
