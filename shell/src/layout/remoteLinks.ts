import { formatMessage, type Language, type Translate } from '@shop/shared/firstRender';
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

/** The shell's own pages in the navigation, in the page's language (`t`, the shell's texts). */
const shellLinks = (t: Translate): LayoutLink[] => [
  { to: '/about', label: t('About'), order: 40 },
  { to: '/contact', label: t('Contact'), order: 50 },
];

function entries(lists: RouteLists): RouteListEntry[] {
  return composedRemotes(lists).flatMap((remote) => lists[remote] ?? []);
}

/**
 * The header's (or the footer's) navigation links, in their order and in `language`: a remote's
 * label as its route list publishes it in that language (CONTRACT §9b), the shell's in `t`.
 */
export function navigationLinks(
  lists: RouteLists,
  place: 'header' | 'footer',
  t: Translate = formatMessage,
  language: Language = 'en',
): LayoutLink[] {
  const remote = entries(lists).flatMap((entry) => {
    const nav = entry.nav;
    if (!nav || (place === 'header' ? nav.header === false : !nav.footer)) return [];
    const label = entry.texts?.[language]?.label ?? nav.label;
    return [{ to: entry.path, label, order: nav.order, end: entry.path === '/' }];
  });
  return [...remote, ...shellLinks(t)].sort((a, b) => a.order - b.order);
}

/** Where the layout links for `role` (the first list that names it), if any remote names it. */
export function roleLink(lists: RouteLists, role: LinkRole): string | undefined {
  for (const entry of entries(lists)) {
    const address = entry.roles?.[role];
    if (address) return address;
  }
  return undefined;
}
