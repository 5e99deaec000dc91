// Links to another team's page by its role (CONTRACT §9 "Links by role"): the address the owner
// publishes in its `routes.json`, so a link follows its page when the owner moves it. Pure: which
// addresses a page links with comes from its shop context (shopContext.ts), made per request on
// the server and per page in the browser.
import type { LinkRole } from './roles';

/** What links need of the route lists: each entry's path and roles. */
export type LinkableLists = Partial<
  Record<string, ReadonlyArray<{ path: string; roles?: Record<string, string> }>>
>;

/** Each role's address in one composition of the shop. */
export type LinkAddresses = ReadonlyMap<string, string>;

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

/**
 * The link to the page `addresses` give for `role`, its `:name` segments filled from `params`
 * (encoded). A role no list composed names (its remote is down) links to the home page.
 */
export function linkTo(
  addresses: LinkAddresses,
  role: LinkRole,
  params: Record<string, string> = {},
): string {
  const address = addresses.get(role);
  if (address === undefined) return '/';
  const query = address.indexOf('?');
  const path = query === -1 ? address : address.slice(0, query);
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  return query === -1 ? filled : filled + address.slice(query);
}
