// Who is signed in, as the account pages need it: the page's session must have started (so the
// bus carries the restored auth state) and the identity service must hold the account user (its
// ID token is what the database accepts for users/validated/{uid}). Both, or not signed in.
import { bus, getAccountUid, getAuthBackend, pathOutOfMarket, startSession } from '@shop/shared';
import { redirect } from 'react-router-dom';
import { ACCOUNT_PATHS } from '../routes/ownPaths';

export const MY_ACCOUNT_PATH = ACCOUNT_PATHS.myAccount;

/** The signed-in account's uid, or '' for a visitor. */
export async function signedInAccountUid(): Promise<string> {
  // No account in this browser (nothing persisted, none signed in on this page): a visitor, known
  // at once. The sign-in form then shows without waiting for the identity SDK and the session,
  // which start meanwhile (decision 0702).
  if (getAuthBackend().mayHoldAccount?.() === false && !bus.auth$.getValue().isSignedIn) {
    void startSession();
    return '';
  }
  await startSession();
  if (!bus.auth$.getValue().isSignedIn) return '';
  return getAccountUid();
}

/** Control characters: URL parsing drops tab, LF and CR, so `/\t/evil.example` is `//evil…`. */
const hasControlCharacter = (value: string) =>
  [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
/** A stand-in origin to resolve `next` against (`.invalid` never resolves). */
const NEXT_BASE = 'https://shop.invalid';

/**
 * A path we may send the user back to after signing in: same-origin, absolute, not the
 * authentication page itself. Anything else (`//evil.example`, `https://...`, a control character
 * anywhere) is dropped, so a crafted link cannot turn the sign-in page into an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (
    !next ||
    !next.startsWith('/') ||
    next.startsWith('//') ||
    next.startsWith('/\\') ||
    hasControlCharacter(next)
  ) {
    return null;
  }
  // What the browser will make of it: it must stay on our origin, and not be the sign-in page.
  let resolved: URL;
  try {
    resolved = new URL(next, NEXT_BASE);
  } catch {
    return null;
  }
  if (resolved.origin !== NEXT_BASE) return null;
  const signIn = ACCOUNT_PATHS.authentication;
  if (resolved.pathname === signIn || resolved.pathname.startsWith(`${signIn}/`)) return null;
  return next;
}

/** The sign-in page (`/authentication?mode=signin&next=<path of this request>`). */
export function signInUrlFor(requestUrl: string): string {
  const url = new URL(requestUrl);
  // The way back as the router reads it: without the market's prefix, its basename (decision 5101).
  const next = pathOutOfMarket(url.pathname) + url.search;
  const params = new URLSearchParams({ mode: 'signin', next });
  return `${ACCOUNT_PATHS.authentication}?${params.toString()}`;
}

/** For loaders of account pages: the account uid, or a redirect to the sign-in page. */
export async function requireAccountUid(request: Request): Promise<string> {
  const uid = await signedInAccountUid();
  if (!uid) throw redirect(signInUrlFor(request.url));
  return uid;
}
