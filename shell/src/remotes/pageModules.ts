// What the first page needs from the remotes, known from its URL alone, so it can be fetched
// before React and the router have loaded: by the inline early script of index.html
// (src/early/earlyStart.ts) and by the entry (decision 0502). routes.tsx stays the authority:
// firstPage.test.ts checks this table against it. Imports nothing at run time: it is inlined.
import type { RemoteName } from './remoteNames';

export interface RemoteModuleRef {
  remote: RemoteName;
  exposed: string;
}

const PAGES: Array<[RegExp, RemoteModuleRef[]]> = [
  [/^\/$/, [{ remote: 'catalog', exposed: './home' }]],
  [/^\/products\/(?<id>[^/]+)$/, [{ remote: 'catalog', exposed: './product' }]],
  [/^\/collections$/, [{ remote: 'catalog', exposed: './collections' }]],
  [/^\/collections\/(?<collection>fall|spring)$/, [{ remote: 'catalog', exposed: './collection' }]],
  [/^\/(men|women)$/, [{ remote: 'catalog', exposed: './category' }]],
  [
    /^\/checkout$/,
    [
      { remote: 'checkout', exposed: './checkout-layout' },
      { remote: 'cart', exposed: './basket-review' },
    ],
  ],
  [
    /^\/checkout\/details$/,
    [
      { remote: 'checkout', exposed: './checkout-layout' },
      { remote: 'checkout', exposed: './details' },
    ],
  ],
  [/^\/checkout-successful$/, [{ remote: 'checkout', exposed: './checkout-successful' }]],
  [/^\/authentication$/, [{ remote: 'account', exposed: './authentication' }]],
  [/^\/account(\/|$)/, [{ remote: 'account', exposed: './account-layout' }]],
];

export interface PageMatch {
  modules: RemoteModuleRef[];
  /** The route's parameters, as the router passes them (decoded). */
  params: Record<string, string>;
}

/** The body of the 404 a remote route answers for an address with a malformed escape. */
export const MALFORMED_ADDRESS = 'malformed-address';

/**
 * Whether every escape in `pathname` decodes. React Router keeps an address like `/products/%`
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

/** The remote modules of the page at `pathname` (the header's come later) and its parameters. */
export function matchPage(pathname: string): PageMatch {
  // A malformed escape names no page: the 404 needs no remote.
  if (!isDecodablePath(pathname)) return { modules: [], params: {} };
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [pattern, modules] of PAGES) {
    const match = pattern.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.groups ?? {})) {
      params[name] = decodeURIComponent(value);
    }
    return { modules, params };
  }
  return { modules: [], params: {} };
}

export function modulesForPage(pathname: string): RemoteModuleRef[] {
  return matchPage(pathname).modules;
}

/** The exposed modules of `modules`, per remote, in their order. */
export function exposedByRemote(modules: readonly RemoteModuleRef[]): Map<RemoteName, string[]> {
  const byRemote = new Map<RemoteName, string[]>();
  for (const { remote, exposed } of modules) {
    byRemote.set(remote, [...(byRemote.get(remote) ?? []), exposed]);
  }
  return byRemote;
}
