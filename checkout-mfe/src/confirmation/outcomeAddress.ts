// Where an order's outcome is shown: the confirmation page's address with the outcome in the query
// (`?order={key}` or `?status=failed&reason=...`), so the page survives a reload. Only the names
// of our own messages travel in the address, never a text.
import { MESSAGES } from '@shop/shared';
import type { OrderOutcome } from '../order/placeOrder';
import { CHECKOUT_PATHS } from '../routes/ownPaths';

/** The MESSAGES entry of a sign-up error, so only our own texts ever come back from the URL. */
function messageName(text: string): string {
  const entry = Object.entries(MESSAGES).find(([, value]) => value === text);
  return entry ? entry[0] : 'signUpFailed';
}

/** The text of a MESSAGES entry named in an address, or undefined for any other name. */
export function messageText(name: string | null): string | undefined {
  if (!name || !Object.prototype.hasOwnProperty.call(MESSAGES, name)) return undefined;
  const value: unknown = MESSAGES[name as keyof typeof MESSAGES];
  return typeof value === 'string' ? value : undefined;
}

export function outcomeUrl(outcome: OrderOutcome): string {
  if (outcome.status === 'sent')
    return `${CHECKOUT_PATHS.confirmation}?order=${encodeURIComponent(outcome.order.id)}`;
  if (outcome.status === 'empty') return CHECKOUT_PATHS.basket;
  const query = new URLSearchParams({ status: 'failed', reason: outcome.reason });
  if (outcome.reason === 'signup' && outcome.detail)
    query.set('message', messageName(outcome.detail));
  return `${CHECKOUT_PATHS.confirmation}?${query.toString()}`;
}
