// A guest finds an order again (decision 1405): the `orderStatus` function answers an
// order number and the email given at checkout with the order's receipt. No ID token is sent: a
// guest may have lost the session. Called like the order function (orderService's callCheckoutFunction).
import type { OrderReceipt } from '@shop/shared';
import { isJsonObject } from '@shop/shared/functions/callFunction';
import { callCheckoutFunction } from '../order/orderService';

export type OrderStatusResult =
  | { status: 'found'; receipt: OrderReceipt }
  | { status: 'not-found' }
  | { status: 'invalid' }
  | { status: 'too-many'; retryAfterSeconds: number }
  | { status: 'unreachable' };

/** The receipt, if the answer is one (anything else is not our function's). */
function readReceipt(value: unknown): OrderReceipt | null {
  if (!isJsonObject(value)) return null;
  const { number, status, timestamp, products, totalPrice, shipment, discount, shipping } = value;
  const ok =
    typeof number === 'string' &&
    typeof status === 'string' &&
    typeof timestamp === 'number' &&
    Array.isArray(products) &&
    products.every(isJsonObject) &&
    typeof totalPrice === 'number' &&
    typeof shipment === 'number' &&
    isJsonObject(discount) &&
    isJsonObject(shipping);
  return ok ? (value as unknown as OrderReceipt) : null;
}

/** Looks an order up by its number and checkout email. Never throws. */
export async function lookUpOrder(number: string, email: string): Promise<OrderStatusResult> {
  const call = await callCheckoutFunction('orderStatus', { number, email });
  if (call.status === 'unreachable') return { status: 'unreachable' };
  const { httpStatus, headers, fields } = call;
  if (httpStatus === 200) {
    const receipt = readReceipt(fields.receipt);
    return receipt ? { status: 'found', receipt } : { status: 'unreachable' };
  }
  if (httpStatus === 404 && fields.error === 'not-found') return { status: 'not-found' };
  if (httpStatus === 400 && fields.error === 'invalid-request') return { status: 'invalid' };
  if (httpStatus === 429) {
    // The body says it too: a page of another origin sees Retry-After only where CORS exposes it.
    const seconds = [fields.retryAfterSeconds, Number(headers.get('Retry-After') ?? '')].find(
      (value): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0,
    );
    return { status: 'too-many', retryAfterSeconds: seconds ?? 600 };
  }
  return { status: 'unreachable' };
}
