// The data of the order confirmation (route module "./checkout-successful", docs/product.md §2).
// The action sends the submitted details form and redirects to the same page with the outcome in
// the query (`?order={key}` or `?status=failed&reason=...`), so the page survives a reload: the
// loader reads the order back from the database. Without query parameters it redirects to `/`.
import { MESSAGES } from '@shop/shared';
import { isOrderFailureReason, isOrderKey } from '@shop/shared/order/orderVocabulary';
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
  useLocation,
} from 'react-router-dom';
import { useLayoutEffect } from 'react';
import { Confirmation, ConfirmationInPlace, type ConfirmationData } from './Confirmation';
import { showConfirmationInPlace } from './confirmationInPlace';
import { confirmationLoaded, confirmationShown, expectConfirmation } from './reloadIfNotShown';
import {
  type OrderOutcome,
  placeOrder,
  readStoredOrder,
  refusalMessage,
} from '../order/placeOrder';
import { CHECKOUT_PATHS } from '../routes/ownPaths';

/** The MESSAGES entry of a sign-up error, so only our own texts ever come back from the URL. */
function messageName(text: string): string {
  const entry = Object.entries(MESSAGES).find(([, value]) => value === text);
  return entry ? entry[0] : 'signUpFailed';
}

function messageText(name: string | null): string | undefined {
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

export async function confirmationAction({ request }: ActionFunctionArgs) {
  const outcome = await placeOrder(await request.formData(), {
    // Shown by the checkout from the render that empties the basket until this page is there.
    showSent: (order) => showConfirmationInPlace(<ConfirmationInPlace order={order} />),
  });
  const url = outcomeUrl(outcome);
  // The outcome must show once the router is there, or the page loads once more (decision 1601).
  // A submission the router dropped for a newer one (a double click) redirects nowhere.
  if (url.startsWith(`${CHECKOUT_PATHS.confirmation}?`) && !request.signal.aborted) {
    expectConfirmation(url);
  }
  return redirect(url);
}

export async function confirmationLoader({
  request,
}: LoaderFunctionArgs): Promise<ConfirmationData | Response> {
  const url = new URL(request.url);
  if ([...url.searchParams.keys()].length === 0) return redirect('/');
  const data = await confirmationData(url.searchParams);
  // The router moves to the page right after this loader (confirmation/reloadIfNotShown.ts).
  confirmationLoaded(url.pathname + url.search);
  return data;
}

async function confirmationData(query: URLSearchParams): Promise<ConfirmationData> {
  if (query.get('status') === 'failed') {
    const given = query.get('reason');
    const reason = isOrderFailureReason(given) ? given : 'write';
    const detail = reason === 'signup' ? messageText(query.get('message')) : refusalMessage(reason);
    return detail ? { outcome: 'failed', reason, detail } : { outcome: 'failed', reason };
  }
  const key = query.get('order') ?? '';
  if (!isOrderKey(key)) return { outcome: 'failed', reason: 'not-found' };
  const lookup = await readStoredOrder(key);
  if (lookup.status === 'found') return { outcome: 'sent', order: lookup.order };
  return { outcome: 'failed', reason: lookup.status === 'missing' ? 'not-found' : 'unreachable' };
}

/** The page: the outcome the loader read, told to the reload guard once it shows. */
export function ConfirmationPage() {
  const data = useLoaderData() as ConfirmationData;
  const { pathname, search } = useLocation();
  useLayoutEffect(() => confirmationShown(pathname + search), [pathname, search]);
  return <Confirmation data={data} />;
}
