// Route module "./checkout-layout": the /checkout layout (docs/product.md §2). The data of the
// /checkout layout.
import { waitForSession } from '../session/waitForSession';
import { CheckoutLayout } from './CheckoutLayout';
import { messages } from '../messages';

/**
 * Waits for the session, so the steps open on the shopper's loaded basket and sign-in state
 * rather than flashing an empty basket on a fresh page load.
 */
export async function loader() {
  await waitForSession();
  return null;
}

export const handle = { title: 'Checkout', messages };
export const Component = CheckoutLayout;
