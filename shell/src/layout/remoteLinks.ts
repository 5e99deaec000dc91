// The layout's links to remote pages, from the remotes' route lists (their `nav` and `roles`):
// the shell names no remote's address. A remote that is down has no list: its links are absent
// until it is back (the page itself shows the remote's fallback).
import type { LinkRole, RouteListEntry } from '@shop/shared/routes/routeList';
import type { RouteLists } from '../remotes/pageModules';
import { composedRemotes } from '../remotes/remoteNames';

export interface LayoutLink {
  to: string;
  label: string;
  order: number;
  /** Active only on exactly this address (the home page). */
  end?: boolean;
}

/** The shell's own pages in the navigation. */
const SHELL_LINKS: Array<LayoutLink & { footer: boolean }> = [
  { to: '/about', label: 'About', order: 40, footer: true },
  { to: '/contact', label: 'Contact', order: 50, footer: true },
];

function entries(lists: RouteLists): RouteListEntry[] {
  return composedRemotes(lists).flatMap((remote) => lists[remote] ?? []);
}

/** The header's (or the footer's) navigation links, in their order. */
export function navigationLinks(lists: RouteLists, place: 'header' | 'footer'): LayoutLink[] {
  const remote = entries(lists).flatMap((entry) => {
    const nav = entry.nav;
    if (!nav || (place === 'header' ? nav.header === false : !nav.footer)) return [];
    return [{ to: entry.path, label: nav.label, order: nav.order, end: entry.path === '/' }];
  });
  const own = SHELL_LINKS.map(({ footer: _footer, ...link }) => link);
  return [...remote, ...own].sort((a, b) => a.order - b.order);
}

/** Where the layout links for `role` (the first list that names it), if any remote names it. */
export function roleLink(lists: RouteLists, role: LinkRole): string | undefined {
  for (const entry of entries(lists)) {
    const address = entry.roles?.[role];
    if (address) return address;
  }
  return undefined;
}
