// Links to another team's page by its role (CONTRACT §9 "Links by role"): `hrefFor('product',
// { id })`. The shell publishes the route lists it composed the shop from (in the browser, and on
// the server for each composition), so a link follows its page when the owner moves it in its
// `routes.json`. In the main module: it must be one instance per page (the shell publishes, the
// remotes read).
import type { LinkRole } from './roles';

/** What links need of the route lists: each entry's path and roles. */
export type LinkableLists = Partial<
  Record<string, ReadonlyArray<{ path: string; roles?: Record<string, string> }>>
>;

let addresses: ReadonlyMap<string, string> = new Map();
/** Where `hrefFor` finds them: the lists published last, or on the server the render's own. */
let addressesNow = (): ReadonlyMap<string, string> => addresses;

/** Each role's address in `lists` (the first list naming a role gives it). */
export function linkAddresses(lists: LinkableLists): Map<string, string> {
  const found = new Map<string, string>();
  for (const list of Object.values(lists)) {
    for (const entry of list ?? []) {
      for (const [role, address] of Object.entries(entry.roles ?? {})) {
        if (!found.has(role)) found.set(role, address);
      }
    }
  }
  return found;
}

/** The route lists the shop is composed of now (the browser's: one composition per page). */
export function publishRouteLists(lists: LinkableLists): void {
  addresses = linkAddresses(lists);
}

/**
 * The server's (decision 3810): `hrefFor` reads the addresses of the render under way, so a
 * render that a deploy overtakes keeps the links of the composition it started with.
 */
export function readLinkAddressesFrom(source: () => ReadonlyMap<string, string>): void {
  addressesNow = source;
}

/**
 * The link to the page published for `role`, its `:name` segments filled from `params`
 * (encoded). A role no list composed now names (its remote is down) links to the home page.
 */
export function hrefFor(role: LinkRole, params: Record<string, string> = {}): string {
  const address = addressesNow().get(role);
  if (address === undefined) return '/';
  const query = address.indexOf('?');
  const path = query === -1 ? address : address.slice(0, query);
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  return query === -1 ? filled : filled + address.slice(query);
}
