// Loaders run as soon as the page opens, possibly before the session has signed in and loaded
// the basket. They wait for it (startSession is idempotent and never rejects), but never longer
// than SESSION_WAIT_MS: with the identity service down the page still renders.
import { startSession } from '@shop/shared';

export const SESSION_WAIT_MS = 8000;

export function waitForSession(timeoutMs = SESSION_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  return Promise.race([startSession(), timeout]).finally(() => clearTimeout(timer));
}
