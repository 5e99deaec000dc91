// Whether this browser has been here before in a way the page must show at once: a session (its
// basket lives in the database), a signed-in account, or basket changes not yet sent. A new
// visitor has none of these: nobody is signed in and the basket is empty, so the session (the
// identity SDK, ~28 KiB gzip) and the basket's code can wait until the visitor first does
// something (decision 1308).
import { readKeptBasket } from '../basket/keptBasket';
import { persistedAccount, persistedSession } from '../firebase/authBackend';

/** False only when this browser surely holds no session, no account and no kept basket. */
export function isReturningVisitor(): boolean {
  return persistedSession() || persistedAccount() || readKeptBasket() !== null;
}
