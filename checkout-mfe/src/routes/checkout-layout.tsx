// Exposed as `./checkout-layout`: the /checkout layout (docs/product.md §2).
import { CheckoutLayout } from '../layout/CheckoutLayout';
import { waitForSession } from '../session/waitForSession';

export const handle = { title: 'Checkout' };

/**
 * Waits for the session, so the steps open on the shopper's loaded basket and sign-in state
 * rather than flashing an empty basket on a fresh page load.
 */
export async function loader() {
  await waitForSession();
  return null;
}

export const Component = CheckoutLayout;
