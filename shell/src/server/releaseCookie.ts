// What a page's answer says of the shopper's releases (decision 4901): the cookie that keeps them
// on one release of each remote with a canary, and how a CDN may keep the page meanwhile.
import { RELEASE_COOKIE, type SitePointer, heldReleases } from '../remotes/canary';

export interface ReleaseHeaders {
  headers: Record<string, string>;
  /** Whether the answer may be kept by a CDN (an answer that sets a cookie never is). */
  shared: boolean;
}

/**
 * `cookie`: the cookie's new value (chooseReleases), '' to clear it, null to leave it. While a
 * remote has a canary, a CDN keeps a page per value of the cookie (Firebase Hosting keys its cache
 * on `__session` by itself; `Vary: Cookie` says so to any other); the answer that first sets it
 * is not kept, so no shopper is handed another's cookie.
 */
export function releaseHeaders(
  pointers: Record<string, SitePointer>,
  requestCookies: string | undefined,
  cookie: string | null,
  secure: boolean,
): ReleaseHeaders {
  const canaries = Object.values(pointers).some((pointer) => pointer.canary);
  const held = Object.keys(heldReleases(requestCookies)).length > 0;
  const headers: Record<string, string> = {};
  if (canaries || held) headers.Vary = 'Accept-Encoding, Cookie';
  if (cookie === null) return { headers, shared: true };
  const attributes = ['Path=/', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  if (cookie === '') attributes.push('Max-Age=0');
  headers['Set-Cookie'] = [`${RELEASE_COOKIE}=${cookie}`, ...attributes].join('; ');
  return { headers, shared: false };
}
