// Route module "./checkout-successful": the order confirmation (docs/product.md §2). The action
// sends the submitted details form and redirects to the same page with the outcome in the query
// (outcomeAddress.ts), so the page survives a reload: the loader reads the order back from the
// database. Without query parameters it redirects to `/`.
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
import { placeOrder, readStoredOrder, refusalMessage } from '../order/placeOrder';
import { CHECKOUT_PATHS } from '../routes/ownPaths';
import { messageText, outcomeUrl } from './outcomeAddress';
import { messages } from '../messages';

export async function action({ request }: ActionFunctionArgs) {
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

export async function loader({
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
export function Component() {
  const data = useLoaderData() as ConfirmationData;
  const { pathname, search } = useLocation();
  useLayoutEffect(() => confirmationShown(pathname + search), [pathname, search]);
  return <Confirmation data={data} />;
}

export const handle = { title: 'Order confirmation', messages };
