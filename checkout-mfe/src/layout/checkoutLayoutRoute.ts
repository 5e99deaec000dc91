// The data of the /checkout layout (route module "./checkout-layout").
import { waitForSession } from '../session/waitForSession';

/**
 * Waits for the session, so the steps open on the shopper's loaded basket and sign-in state
 * rather than flashing an empty basket on a fresh page load.
 */
export async function checkoutLayoutLoader() {
  await waitForSession();
  return null;
}
