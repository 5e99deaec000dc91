// What the function tests share: the database as an operator reads and writes it (admin token,
// local mode), a response object the handlers answer into, and the order out of an answer.
import type { OrderRecord, PlaceOrderAnswer } from '../src/placeOrder';

/** An operator's request to the test database server at `url` (admin token). */
export function adminOf(url: () => string) {
  return async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${url()}/${path}.json`, {
      method,
      headers: { Authorization: 'Bearer owner' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}`);
    return response.json();
  };
}

export interface Sent {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** An Express-like response that keeps what the handler sent. */
export function fakeResponse() {
  const sent: Sent = { status: 0, body: undefined, headers: {} };
  const res = {
    status(code: number) {
      sent.status = code;
      return res;
    },
    json(value: unknown) {
      sent.body = value;
    },
    set(name: string, value: string) {
      sent.headers[name.toLowerCase()] = value;
      return res;
    },
  };
  return { res, sent };
}

/** The order of a placeOrder answer; a refusal fails the test with what was answered. */
export function orderOf(answer: PlaceOrderAnswer): OrderRecord {
  if (!('order' in answer)) throw new Error(`no order: ${JSON.stringify(answer)}`);
  return answer.order;
}
