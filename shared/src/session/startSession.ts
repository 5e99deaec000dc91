// Session start (docs/product.md §4, its identity half), once per page whichever apps
// call it: device watch → anonymous sign-in (token id) → GET users/anonymousTokens/{token} →
//   none: PUT .../anonymousCart {totalQuantity: 0} (non-200: "Couldn't connect to the server.
//         Response code: {status}");
//   isSignedIn.status and the account instance signed in: restore the signed-in state with the
//         stored email;
//   record says signed in but no account here: repair the record; otherwise anonymous.
// Then whose basket this is goes on the basket channel (SessionInfo), where the cart remote's
// basket service loads and syncs it (decision 1202). When the record itself cannot be read, whose
// basket this is stays unknown: nothing is published, the basket stays kept and the read is
// tried again (decision 1601).
import { startDeviceWatch, stopDeviceWatch } from '../bus/device';
import { bus } from '../bus/bus';
import { raiseError, setAuth, setLoading } from '../bus/publishers';
import {
  type SessionInfo,
  basketChannels,
  resetBasketChannels,
  setSessionInfo,
} from '../basket/basketContract';
import { keepBasketUntilLoaded, stopKeepingBasket } from '../basket/keptBasket';
import { MESSAGES } from '../constants';
import { getAuthBackend } from '../firebase/authBackend';
import { getData, setData } from '../firebase/database';
import { signInAnonymouslyForToken } from '../firebase/identity';
import type { AnonymousTokenRecord, AuthState } from '../types';
import { PAGE_GLOBALS } from '../pageGlobals';
import { forgetRequest, requested } from './sessionRequested';

const SESSION_KEY = PAGE_GLOBALS.session;
const RELEASE_KEY = PAGE_GLOBALS.sessionRelease;
type Holder = typeof globalThis & {
  [SESSION_KEY]?: Promise<void>;
  [RELEASE_KEY]?: () => void;
};

export interface StartSessionOptions {
  /**
   * Start only once this settles (the shell passes "the first page has painted", so the identity
   * SDK never holds up the first page). A later call without it starts the session at once.
   */
  after?: Promise<unknown>;
}

/**
 * Starts the page's session: idempotent (the first call does the work, every later call, from
 * any app or copy of the package, gets the same promise). Resolves once whose basket this is has
 * been published (or could not be read); the basket itself is loaded by the basket service
 * (`basketLoaded()`). Never rejects: failures are published on bus.error$. After a failed start
 * a later call tries again. Until the basket service has loaded the basket, the shopper's changes
 * are kept in localStorage, so leaving the page loses none.
 */
export function startSession({ after }: StartSessionOptions = {}): Promise<void> {
  const holder = globalThis as Holder;
  if (!holder[SESSION_KEY]) {
    keepBasketUntilLoaded();
    const released = new Promise<void>((resolve) => {
      holder[RELEASE_KEY] = resolve;
    }).then(() => requested().resolve());
    holder[SESSION_KEY] = released.then(runSession).catch((error: unknown) => {
      delete holder[SESSION_KEY];
      raiseError(MESSAGES.cartLoadFailed, error);
    });
    if (after) void after.then(holder[RELEASE_KEY], holder[RELEASE_KEY]);
  }
  if (!after) holder[RELEASE_KEY]?.();
  return holder[SESSION_KEY];
}

let generation = 0;

/** Stops the session (basket service, device watch) so startSession() starts afresh (tests, hot reload). */
export function stopSession(): void {
  generation += 1;
  resetBasketChannels();
  stopDeviceWatch();
  if (recordRetry) clearTimeout(recordRetry);
  recordRetry = null;
  stopKeepingBasket(); // what it kept stays for the next start
  const holder = globalThis as Holder;
  delete holder[SESSION_KEY];
  delete holder[RELEASE_KEY];
  forgetRequest();
}

async function runSession(): Promise<void> {
  startDeviceWatch();
  setLoading(true);
  try {
    // Taken before the first await: a session stopped meanwhile (a test, a hot reload) must not
    // publish into the one started after it.
    const started = generation;
    const sessionUid = await signInAnonymouslyForToken();
    await establishSession(sessionUid, 0, started);
  } finally {
    setLoading(false);
  }
}

/** Read attempts after a record that could not be read: 2 s, 4 s, … 30 s apart, while the page lives. */
const RECORD_RETRIES = 6;
let recordRetry: ReturnType<typeof setTimeout> | null = null;

async function establishSession(sessionUid: string, failures: number, started: number) {
  // What the record says is published only if nothing newer was meanwhile: the session is still
  // this page's, and no sign-in or sign-out published another identity while the record was
  // read. A stale read published over a sign-in sent the account's basket to the anonymous path.
  const authBefore = bus.auth$.getValue();
  const sessionBefore = basketChannels().session$.getValue();
  const current = () =>
    generation === started &&
    bus.auth$.getValue() === authBefore &&
    basketChannels().session$.getValue() === sessionBefore;
  let read: SessionRead;
  try {
    read = await readSession(sessionUid);
  } catch (error) {
    raiseError(MESSAGES.cartLoadFailed, error);
    // Whose basket this is could not be read (anonymous or an account's): nothing is published,
    // so nothing is sent anywhere. The basket stays on the page and kept in localStorage (a reload
    // merges it), and the read is tried again. Sending it to the anonymous basket lost a signed-in
    // shopper's line (decision 1601).
    if (failures + 1 < RECORD_RETRIES) {
      recordRetry = setTimeout(
        () => {
          recordRetry = null;
          if (generation === started) void establishSession(sessionUid, failures + 1, started);
        },
        Math.min(2000 * 2 ** failures, 30_000),
      );
    }
    return;
  }
  if (!current()) return;
  if (read.auth) setAuth(read.auth);
  setSessionInfo(read.info);
}

/** Whose basket this session's is, and the identity to publish with it (if it changes). */
interface SessionRead {
  info: SessionInfo;
  auth?: Partial<AuthState>;
}

async function readSession(sessionUid: string): Promise<SessionRead> {
  const recordPath = `users/anonymousTokens/${sessionUid}`;
  const record = await getData<AnonymousTokenRecord>(recordPath);
  if (record.status !== 200) throw new Error(record.error.message);

  if (record.response === null) {
    const created = await setData(`${recordPath}/anonymousCart`, { totalQuantity: 0 });
    if (created.status !== 200) {
      raiseError(
        MESSAGES.cartLoadFailed,
        MESSAGES.couldNotConnect(created.error.httpStatus ?? created.status),
      );
      return { info: { sessionUid, accountUid: '', anonymousCart: null } };
    }
    return { info: { sessionUid, accountUid: '', anonymousCart: { totalQuantity: 0 } } };
  }

  const data = record.response;
  const anonymousCart = data.anonymousCart ?? { totalQuantity: 0 };
  if (data.isSignedIn?.status) {
    const backend = getAuthBackend();
    await backend.accountReady();
    const account = backend.accountUser();
    const storedUid = data.credentials?.userAccountUid;
    if (account && (!storedUid || storedUid === account.uid)) {
      return {
        info: { sessionUid, accountUid: account.uid, anonymousCart },
        auth: {
          isSignedIn: true,
          email: data.credentials?.email || account.email || '',
          userAccountUid: account.uid,
          justSignedIn: false,
          signedOutByLogout: false,
        },
      };
    }
    // The record says signed in but this browser holds no account: repair the record first, so
    // the database never shows a signed-in session whose basket goes to the anonymous path.
    const repaired = await setData(`${recordPath}/isSignedIn`, { status: false });
    if (repaired.status !== 200) throw new Error(repaired.error.message);
  }
  return {
    info: { sessionUid, accountUid: '', anonymousCart },
    auth: bus.auth$.getValue().isSignedIn
      ? { isSignedIn: false, email: '', userAccountUid: '' }
      : undefined,
  };
}
