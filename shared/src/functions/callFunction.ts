// The one way an app calls one of the shop's HTTPS functions (the order, the guest's order status,
// the claim of guest orders, the back office's): JSON in, JSON out, never a throw. An answer is
// what the function said (its status and its JSON object), or that no answer came, so each caller
// decides what its shopper or member reads. A subpath of its own: pages that call no function
// never load it.
import { getFunctionsUrl } from '../firebase/config';

/** What one of our functions answered, or that it could not be reached. */
export type FunctionCall =
  | {
      status: 'answered';
      httpStatus: number;
      /** A 2xx answer: what the function was asked for was done. */
      ok: boolean;
      headers: Headers;
      /** The answer's JSON object; `{}` for anything else (a proxy's HTML page, an empty body). */
      fields: Record<string, unknown>;
      /** Whether the body was a JSON object at all. */
      isObject: boolean;
    }
  | { status: 'unreachable'; message: string; timedOut: boolean };

/** A JSON object (what our functions answer), not an array or null. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `?a=1&b=2` of the values given (empty ones left out), or '' when none is: a call's or a link's. */
export const searchOf = (query: Record<string, string | undefined> = {}): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export interface CallOptions {
  /** POST (the default) or GET; a GET sends no body. */
  method?: 'GET' | 'POST';
  /** The address's query (empty values left out). */
  query?: Record<string, string | undefined>;
  /** Sent as JSON (a POST without one sends no body). */
  body?: unknown;
  /** The caller's ID token, sent as `Authorization: Bearer …`. */
  token?: string;
  headers?: Record<string, string>;
  /** How long before the call counts as unanswered (it may still run: not a refusal). */
  timeoutMs?: number;
  /** The fetch to use (tests replace it; the global one, as it is at the call, by default). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

const DEFAULT_TIMEOUT_MS = 20_000;

const failureText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Calls the function `name` at `${getFunctionsUrl()}/${name}`. */
export async function callFunction(name: string, options: CallOptions = {}): Promise<FunctionCall> {
  const { method = 'POST', query, body, token } = options;
  const sendsBody = method === 'POST' && body !== undefined;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(`${getFunctionsUrl()}/${name}${searchOf(query)}`, {
      method,
      headers: {
        ...(sendsBody ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...options.headers,
      },
      ...(sendsBody ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    // A timeout is not a refusal: the request may have reached the function and still run.
    // (By name: the abort's DOMException need not be this realm's Error.)
    const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
    return { status: 'unreachable', message: failureText(error), timedOut };
  }
  let answer: unknown = null;
  try {
    answer = await response.json();
  } catch {
    // a proxy's HTML page or an empty body
  }
  const isObject = isJsonObject(answer);
  return {
    status: 'answered',
    httpStatus: response.status,
    ok: response.ok,
    headers: response.headers,
    fields: isJsonObject(answer) ? answer : {},
    isObject,
  };
}
