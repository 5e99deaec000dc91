// Canary releases (decision 4901): a site's pointer may name a second release for a share of
// shoppers; each shopper is drawn once and held on that release for the browser session by a
// cookie the shell server and the browser both read and write (`releaseCookieText`); a page's
// answer says so to caches (`releaseHeaders`). Apart from releases.ts: the browser needs it only
// while a canary runs, so it stays out of every page's first load.
import { type ReleaseMap, formatReleases, isReleaseId, parseReleases, releaseOf } from './releases';

/**
 * Where a site points: its current release, and a canary release a share of shoppers get (a
 * percent, 1–99), from the pointer's `metaData.release` and `metaData.canary`.
 */
export interface SitePointer {
  current: string;
  canary?: { id: string; share: number };
}

export function pointerOf(manifest: unknown): SitePointer | null {
  const current = releaseOf(manifest);
  if (!current) return null;
  const canary = (manifest as { metaData?: { canary?: { id?: unknown; share?: unknown } } })
    .metaData?.canary;
  const share = canary?.share;
  const valid =
    isReleaseId(canary?.id) &&
    canary.id !== current &&
    typeof share === 'number' &&
    Number.isInteger(share) &&
    share >= 1 &&
    share <= 99;
  return valid ? { current, canary: { id: canary.id as string, share } } : { current };
}

/**
 * The cookie that keeps a shopper on one release of each remote with a canary for the browser
 * session (decision 4901). `__session` because Firebase Hosting passes no other cookie to the
 * shell server's function, and keys its CDN cache on it.
 */
export const RELEASE_COOKIE = '__session';

/**
 * The cookie as `Set-Cookie` (the shell server) and `document.cookie` (the browser) take it, for
 * the browser session; an empty `value` clears it.
 */
export function releaseCookieText(value: string, secure: boolean): string {
  const attributes = ['Path=/', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  if (value === '') attributes.push('Max-Age=0');
  return [`${RELEASE_COOKIE}=${value}`, ...attributes].join('; ');
}

/** `catalog:3f9a…~cart:0c1d…` */
export const releaseCookieValue = (held: ReleaseMap): string =>
  formatReleases(held).replace(/ /g, '~');

/** The releases a request's `Cookie` header holds (malformed entries are dropped). */
export function heldReleases(cookieHeader: string | undefined): ReleaseMap {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === RELEASE_COOKIE) {
      return parseReleases(
        part
          .slice(at + 1)
          .trim()
          .replace(/~/g, ' '),
      );
    }
  }
  return {};
}

export interface ReleaseChoice {
  /** Each remote with a canary → the release this shopper gets. */
  chosen: ReleaseMap;
  /** The remotes this shopper gets a canary of. */
  onCanary: string[];
  /** The cookie's new value when it must change (a first visit, a canary started or ended). */
  cookie: string | null;
}

/**
 * The release of each remote with a canary for one shopper: the one the cookie holds while it is
 * still the current or the canary, else drawn by the canary's share. A remote without a canary
 * needs no choice (its current release) and leaves the cookie.
 */
export function chooseReleases(
  pointers: Record<string, SitePointer>,
  held: ReleaseMap,
  random: () => number = Math.random,
): ReleaseChoice {
  const chosen: ReleaseMap = {};
  const onCanary: string[] = [];
  for (const name of Object.keys(pointers).sort()) {
    const { current, canary } = pointers[name] as SitePointer;
    if (!canary) continue;
    const kept = held[name];
    const id =
      kept === current || kept === canary.id
        ? kept
        : random() * 100 < canary.share
          ? canary.id
          : current;
    chosen[name] = id;
    if (id === canary.id) onCanary.push(name);
  }
  const value = releaseCookieValue(chosen);
  return { chosen, onCanary, cookie: value === releaseCookieValue(held) ? null : value };
}

/** The name a remote's canary is registered under beside its current release (the server's). */
export const canaryName = (remote: string): string => `${remote}__canary`;

export interface ReleaseHeaders {
  headers: Record<string, string>;
  /** Whether the answer may be kept by a CDN (an answer that sets a cookie never is). */
  shared: boolean;
}

/**
 * What a page's answer says of the shopper's releases. `cookie`: the cookie's new value
 * (chooseReleases), '' to clear it, null to leave it. While a remote has a canary, a CDN keeps a
 * page per value of the cookie (Firebase Hosting keys its cache on `__session` by itself;
 * `Vary: Cookie` says so to any other); the answer that first sets it is not kept, so no shopper is
 * handed another's cookie.
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
  headers['Set-Cookie'] = releaseCookieText(cookie, secure);
  return { headers, shared: false };
}
