// The trusted order endpoint (the `placeOrder` Cloud Function, decision 1401): the browser asks,
// the function prices, numbers and stores the order. The caller proves who it is with its ID
// token: the signed-in account's, or the anonymous session's.
import { type AuthUser, getAuthBackend, getFunctionsUrl, getTokenId } from '@shop/shared';
import type { OrderForm } from './orderForm';

/** How long the endpoint may take before the order counts as not sent (it can be retried). */
export const ORDER_SERVICE_TIMEOUT_MS = 20_000;

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
let fetchImpl: FetchLike | null = null;

/** Replaces the fetch used for the endpoints (tests); null resets. */
export function setOrderServiceFetch(fn: FetchLike | null): void {
  fetchImpl = fn;
}

/** What one of our functions answered (its JSON object, `{}` for anything else), or no answer. */
export type FunctionCall =
  | { status: 'answered'; httpStatus: number; headers: Headers; fields: Record<string, unknown> }
  | { status: 'unreachable'; message: string; timedOut: boolean };

const failureText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A JSON object (what our functions answer), not an array or null. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The one way the checkout calls an HTTPS function: POST JSON to `${getFunctionsUrl()}/${name}`. */
export async function callFunction(
  name: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<FunctionCall> {
  const doFetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(`${getFunctionsUrl()}/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(ORDER_SERVICE_TIMEOUT_MS),
    });
  } catch (error) {
    // A timeout is not a refusal: the request may have reached the function and still run.
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { status: 'unreachable', message: failureText(error), timedOut };
  }
  let answer: unknown = null;
  try {
    answer = await response.json();
  } catch {
    // a proxy's HTML page or an empty body
  }
  const fields = isJsonObject(answer) ? answer : {};
  return { status: 'answered', httpStatus: response.status, headers: response.headers, fields };
}

export type OrderServiceResult =
  | { status: 'placed'; order: unknown }
  | {
      status: 'refused';
      httpStatus: number;
      error: string;
      message: string;
      /** When to ask again (an order in progress, a limit): the answer's retryAfterSeconds. */
      retryAfterSeconds?: number;
    }
  | { status: 'unreachable'; message: string; timedOut: boolean };

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
  };
  // An expired or revoked token: once more with a fresh one.
  for (let attempt = 0; ; attempt += 1) {
    let token: string;
    try {
      token = await user.getIdToken(attempt > 0);
    } catch (error) {
      return { status: 'unreachable', message: failureText(error), timedOut: false };
    }
    const call = await callFunction('placeOrder', body, { Authorization: `Bearer ${token}` });
    if (call.status === 'unreachable') return call;
    const { httpStatus, fields } = call;
    if (httpStatus >= 200 && httpStatus < 300 && fields.order) {
      return { status: 'placed', order: fields.order };
    }
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
