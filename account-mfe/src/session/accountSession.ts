// Who is signed in, as the account pages need it: the page's session must have started (so the
// bus carries the restored auth state) and the identity service must hold the account user (its
// ID token is what the database accepts for users/validated/{uid}). Both, or not signed in.
import { bus, getAccountUid, startSession } from '@shop/shared';
import { redirect } from 'react-router-dom';

export const MY_ACCOUNT_PATH = '/account/myaccount';

/** The signed-in account's uid, or '' for a visitor. */
export async function signedInAccountUid(): Promise<string> {
  await startSession();
  if (!bus.auth$.getValue().isSignedIn) return '';
  return getAccountUid();
}

/**
 * A path we may send the user back to after signing in: same-origin, absolute, not the
 * authentication page itself. Anything else (`//evil.example`, `https://...`) is dropped, so a
 * crafted link cannot turn the sign-in page into an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return null;
  }
  if (/^\/authentication(?:[/?#]|$)/.test(next)) return null;
  return next;
}

/** `/authentication?mode=signin&next=<path of this request>` */
export function signInUrlFor(requestUrl: string): string {
  const url = new URL(requestUrl);
  const params = new URLSearchParams({ mode: 'signin', next: url.pathname + url.search });
  return `/authentication?${params.toString()}`;
}

/** For loaders of account pages: the account uid, or a redirect to the sign-in page. */
export async function requireAccountUid(request: Request): Promise<string> {
  const uid = await signedInAccountUid();
  if (!uid) throw redirect(signInUrlFor(request.url));
  return uid;
}
