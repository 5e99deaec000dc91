// Which remote modules a page needs, from the remotes' own route lists (their manifests'
// metaData.routes): the shell knows no remote's path. Used by the inline early script of
// index.html (src/early/earlyStart.ts) before React and the router have loaded, and by the entry
// (decision 0502). Imports nothing at run time: it is inlined.
import type { RouteListEntry } from '@shop/shared/routes/routeList';
import type { RemoteName } from './remoteNames';

export interface RemoteModuleRef {
  remote: RemoteName;
  exposed: string;
  /**
   * Its route list says `"hydrate": "on-interaction"`: a server-rendered page needs its code only
   * on the shopper's first interaction, so it is neither preloaded nor loaded before (decision 1312).
   */
  onInteraction?: true;
}

/** Its route list says `"hydrate": "on-interaction"` (decision 1312). */
export const waitsForInteraction = (entry: RouteListEntry): boolean =>
  entry.hydrate === 'on-interaction';

/** The modules a page needs at once: a server-rendered page's own wait for an interaction. */
export function neededAtOnce(
  modules: readonly RemoteModuleRef[],
  serverRendered: boolean,
): RemoteModuleRef[] {
  return serverRendered ? modules.filter((module) => !module.onInteraction) : [...modules];
}

/** Each remote's route list, as read from its manifest (a remote that is down has none). */
export type RouteLists = Partial<Record<RemoteName, RouteListEntry[]>>;

export interface PageMatch {
  modules: RemoteModuleRef[];
  /** The route's parameters, as the router passes them (decoded). */
  params: Record<string, string>;
  /** The public database reads the page's remotes list for it ("{param}" templates). */
  reads: Partial<Record<RemoteName, string[]>>;
}

const NO_MATCH: PageMatch = { modules: [], params: {}, reads: {} };

/** The body of the 404 a remote route answers for an address with a malformed escape. */
export const MALFORMED_ADDRESS = 'malformed-address';

/**
 * Whether every escape in `pathname` decodes. React Router keeps an address like `/things/%`
 * undecoded and matches it anyway; the shell answers it with the shop's 404 (remoteRoute).
 */
export function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

// What a database key may not hold (database/src/paths.ts): ".", "$", "#", "[", "]", "/" and
// ASCII control characters; nor more than 768 bytes of UTF-8.
const MAX_KEY_BYTES = 768;
// eslint-disable-next-line no-control-regex
const NOT_IN_A_KEY = /[.$#[\]/\u0000-\u001f\u007f]/;

/**
 * Whether a page parameter (a decoded `:id`, `:slug`, `:orderId`) can name a record: every page
 * parameter of the shop is a database key, so one that is not (`/things/a%00b`, `/things/.x`)
 * names no page. Its page is the shop's 404 without loading the remote or reading the database
 * (the database refused such a key and the page answered 500).
 */
export function isRecordKey(value: string): boolean {
  return (
    value.length > 0 &&
    !NOT_IN_A_KEY.test(value) &&
    new TextEncoder().encode(value).length <= MAX_KEY_BYTES
  );
}

/** The parameters when `pattern` ("/things/:id") matches `path` exactly, else null. */
function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i] as string;
    const value = got[i] as string;
    if (segment.startsWith(':')) {
      if (value === '') return null;
      const param = decodeURIComponent(value);
      if (!isRecordKey(param)) return null; // names no page: the 404, nothing to preload
      params[segment.slice(1)] = param;
    } else if (segment !== value) return null;
  }
  return params;
}

/** React Router's preference, roughly: static segments beat parameters; a page beats its layout. */
const score = (entry: RouteListEntry) =>
  entry.path.split('/').reduce((sum, s) => sum + (s.startsWith(':') ? 2 : 3), 0) +
  (entry.parent !== undefined ? 1 : 0);

const pageKey = (entry: RouteListEntry) => `${entry.parent ?? ''} > ${entry.path}`;

/** The remote modules of the page at `pathname` (its layout first) and its parameters. */
export function matchPage(pathname: string, lists: RouteLists): PageMatch {
  // A malformed escape names no page: the 404 needs no remote.
  if (!isDecodablePath(pathname)) return NO_MATCH;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const all: Array<{ remote: RemoteName; entry: RouteListEntry }> = [];
  for (const [remote, entries] of Object.entries(lists) as Array<[RemoteName, unknown]>) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries as RouteListEntry[]) {
      if (typeof entry?.path === 'string' && typeof entry.module === 'string') {
        all.push({ remote, entry });
      }
    }
  }
  let best: { remote: RemoteName; entry: RouteListEntry; params: Record<string, string> } | null =
    null;
  for (const candidate of all) {
    const params = matchPattern(candidate.entry.path, path);
    if (params && (!best || score(candidate.entry) > score(best.entry))) {
      best = { ...candidate, params };
    }
  }
  if (!best) return NO_MATCH;
  const chosen = best;
  // Claimed by two remotes: the router serves neither (routes.tsx), so nothing is preloaded.
  const claims = all.filter((c) => pageKey(c.entry) === pageKey(chosen.entry));
  if (claims.some((c) => c.remote !== chosen.remote)) return NO_MATCH;
  const layout = chosen.entry.parent
    ? all.find((c) => c.entry.parent === undefined && c.entry.path === chosen.entry.parent)
    : undefined;
  if (chosen.entry.parent && !layout) return NO_MATCH; // its layout's remote is not here
  const parts = layout ? [layout, chosen] : [chosen];
  const reads: PageMatch['reads'] = {};
  for (const { remote, entry } of parts) {
    reads[remote] = [...(reads[remote] ?? []), ...(entry.reads ?? [])];
  }
  return {
    modules: parts.map(({ remote, entry }) => ({
      remote,
      exposed: entry.module,
      ...(waitsForInteraction(entry) ? { onInteraction: true as const } : {}),
    })),
    params: chosen.params,
    reads,
  };
}

/** The exposed modules of `modules`, per remote, in their order. */
export function exposedByRemote(modules: readonly RemoteModuleRef[]): Map<RemoteName, string[]> {
  const byRemote = new Map<RemoteName, string[]>();
  for (const { remote, exposed } of modules) {
    byRemote.set(remote, [...(byRemote.get(remote) ?? []), exposed]);
  }
  return byRemote;
}
