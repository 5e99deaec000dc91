// Loaders run as soon as the page opens, possibly before the session has signed in and the cart
// remote's basket service has loaded the basket. They wait for both (startSession is idempotent
// and never rejects), but never longer than SESSION_WAIT_MS: with the identity service or the
// cart remote down the page still renders.
import { basketLoaded, startSession } from '@shop/shared';

export const SESSION_WAIT_MS = 8000;

export function waitForSession(timeoutMs = SESSION_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  return Promise.race([startSession().then(basketLoaded), timeout]).finally(() =>
    clearTimeout(timer),
  );
}
