// Whether the page's session has been asked to start (startSession.ts). Apart from the session's
// code, so the shell's first render can wait on it without loading the session (decision 5102).
import { PAGE_GLOBALS } from '../pageGlobals';

const REQUESTED_KEY = PAGE_GLOBALS.sessionRequested;
type Holder = typeof globalThis & {
  [REQUESTED_KEY]?: { promise: Promise<void>; resolve: () => void };
};

/** The page's one "session asked for" promise and its resolver, found by whichever copy comes first. */
export function requested(): { promise: Promise<void>; resolve: () => void } {
  const holder = globalThis as Holder;
  if (!holder[REQUESTED_KEY]) {
    let resolve: () => void = () => undefined;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    holder[REQUESTED_KEY] = { promise, resolve };
  }
  return holder[REQUESTED_KEY];
}

/**
 * Settles when the session starts: its `after` settled, or a page that needs it sooner (checkout,
 * account) called startSession() without it. The shell loads the basket's code no later.
 */
export function sessionRequested(): Promise<void> {
  return requested().promise;
}

/** A stopped session (tests, hot reload) is asked for afresh. */
export function forgetRequest(): void {
  delete (globalThis as Holder)[REQUESTED_KEY];
}
