// How long the shell server's answers may be kept, and by whom (decision 3701).
import { PUBLIC_READ_TTL_MS } from './publicReads';

/**
 * The shop promises catalog data at most `PUBLIC_READ_TTL_MS` old on a page (decision 1302). A
 * kept page may hold data that was itself kept, so each keeps half: a price change is on every
 * page after at most the promise. A deploy shows once the manifests are read again.
 */
export const RENDER_CACHE_TTL_MS = PUBLIC_READ_TTL_MS / 2;

/**
 * Public pages: a shared cache (Hosting's CDN) may keep one for seconds and serve it while it asks
 * again; a browser asks every time (a 304 when unchanged). Private pages are never stored.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * How long the shell server reuses its read of the remote list and the sites' pointers: a deploy,
 * a switch or a rollback of a remote is rendered from this long after it at most (decision 4901).
 */
export const MANIFESTS_KEPT_MS = 2_000;
