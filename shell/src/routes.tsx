// Route composition (docs/product.md §2): every route under one root layout with an error screen. The shell
// owns /about, /contact and the 404; every other page comes from the remotes' own route lists
// (their manifests, read at run time by the registry), so a team adds a page with its own deploy.
import {
  composeRouteTree,
  type OwnedRouteEntry,
  type RouteConflict,
} from '@shop/shared/routes/routeList';
import { data, type RouteObject } from 'react-router-dom';
import { getRegistry, type ShellStateSource } from './remotes/registry';
import { RootLayout } from './layout/RootLayout';
import { ErrorScreen } from './layout/ErrorScreen';
import { Unmatched } from './pages/Unmatched';
import { type RouteLists, waitsForInteraction } from './remotes/pageModules';
import { indexSlot } from './remotes/indexSlot';
import { remoteRoute } from './remotes/remoteRoute';
import { PAGE_REMOTE_MODULES, type RemoteModules } from './remotes/loadRemoteModule';
import { composedRemotes } from './remotes/remoteNames';
import { messages } from './messages';

export const ROOT_ROUTE_ID = 'root';

/**
 * The status of an address no page claims (what the server answers, decision 1302): 404, or 503
 * while a remote's route list is unreadable (the page may be that remote's, see Unmatched).
 */
const unmatchedStatus = (state: ShellStateSource) => () =>
  data(null, { status: state()?.missing.length ? 503 : 404 });

/**
 * The pages the shell owns itself. Their code loads with them (no other page's first load carries
 * it, decision 1312); the bootstrap loads it first when the server rendered one of them.
 */
export const SHELL_ROUTES: RouteObject[] = [
  {
    id: 'shell:about',
    path: 'about',
    lazy: async () => ({ Component: (await import('./pages/About')).About }),
    handle: { title: 'About', messages },
  },
  {
    id: 'shell:contact',
    path: 'contact',
    lazy: async () => ({ Component: (await import('./pages/Contact')).Contact }),
    handle: { title: 'Contact', messages },
  },
];

const routeId = (entry: OwnedRouteEntry) => `${entry.owner}:${entry.parent ?? ''}>${entry.path}`;

/**
 * The remotes' pages, composed from their route lists (see composeRouteTree); their 404s and index
 * slots read the composition from `state` (the browser's registry unless told otherwise).
 */
export function remotePages(
  lists: RouteLists,
  state: ShellStateSource = getRegistry,
  modules: RemoteModules = PAGE_REMOTE_MODULES,
): {
  routes: RouteObject[];
  conflicts: RouteConflict[];
} {
  const entries: OwnedRouteEntry[] = composedRemotes(lists).flatMap((remote) =>
    (lists[remote] ?? []).map((entry) => ({ ...entry, owner: remote })),
  );
  const tree = composeRouteTree(entries, {
    page: (entry, nested) => ({
      id: routeId(entry),
      ...remoteRoute(entry.owner, entry.module, {
        nested,
        title: entry.title,
        texts: entry.texts,
        isPrivate: entry.private === true,
        onInteraction: waitsForInteraction(entry),
        modules,
      }),
    }),
    conflict: (conflict) => ({
      id: `conflict:${conflict.path}`,
      // Only a deploy with a clash shows it: its code is in no first page (decision 4203's cut).
      lazy: async () => {
        const { ClaimedTwice } = await import('./pages/ClaimedTwice');
        return { element: <ClaimedTwice conflict={conflict} /> };
      },
      handle: { title: 'Page unavailable', messages },
    }),
    // Inside a layout, an address no page claims: the 404, or a missing remote's fallback.
    layoutExtras: (layout) => [
      {
        id: `${routeId(layout)}:*`,
        path: '*',
        loader: unmatchedStatus(state),
        element: <Unmatched nested state={state} />,
        handle: { title: 'Page not found', messages },
      },
    ],
  });
  for (const conflict of tree.conflicts) {
    console.error(
      `[shell] ${conflict.path} is claimed by ${conflict.owners.join(' and ')}: neither is served until one of them drops it.`,
    );
  }
  for (const orphan of tree.orphans) {
    console.warn(`[shell] ${orphan.owner}'s ${orphan.path} waits for its layout ${orphan.parent}`);
  }
  // An index position no known page fills gets a slot (see indexSlot): the root's and each
  // layout's, so a page recovered later still renders there.
  const routes = tree.routes.map((route) =>
    route.children && !route.children.some((child) => child.index)
      ? {
          ...route,
          children: [indexSlot(`/${route.path ?? ''}`, true, state, modules), ...route.children],
        }
      : route,
  );
  if (!routes.some((route) => route.index)) routes.unshift(indexSlot('/', false, state, modules));
  return { routes, conflicts: tree.conflicts };
}

/**
 * The storefront's routes for the remotes' route lists known now. `state`: where its layout, 404
 * and index slots read the composition (the server passes each composition's own, the browser
 * its registry); `modules`: where its pages' code loads from (the server's per composition, the
 * browser page's).
 */
export function storefrontRoutes(
  lists: RouteLists,
  state: ShellStateSource = getRegistry,
  modules: RemoteModules = PAGE_REMOTE_MODULES,
): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      path: '/',
      element: <RootLayout state={state} modules={modules} />,
      errorElement: <ErrorScreen />,
      children: [
        ...remotePages(lists, state, modules).routes,
        ...SHELL_ROUTES,
        {
          id: 'shell:*',
          path: '*',
          loader: unmatchedStatus(state),
          element: <Unmatched state={state} />,
          handle: { title: 'Page not found', messages },
        },
      ],
    },
  ];
}

interface Patchable {
  routes: readonly RouteObject[];
  patchRoutes(routeId: string | null, children: RouteObject[]): void;
}

function knownIds(routes: readonly RouteObject[], into = new Set<string>()): Set<string> {
  for (const route of routes) {
    if (route.id) into.add(route.id);
    if (route.children) knownIds(route.children, into);
  }
  return into;
}

/**
 * Adds to a running router the pages of route lists read since it was created (a remote that was
 * down at the start is back): routes only ever get added, so what is on screen stays valid.
 */
export function addNewPages(router: Patchable, lists: RouteLists): number {
  const known = knownIds(router.routes);
  let added = 0;
  const visit = (parentId: string, routes: RouteObject[]) => {
    // Index pages are never added: their slot, already there, finds them (see indexSlot).
    const fresh = routes.filter((route) => route.id && !route.index && !known.has(route.id));
    if (fresh.length > 0) {
      router.patchRoutes(parentId, fresh);
      added += fresh.length;
    }
    for (const route of routes) {
      if (route.id && known.has(route.id) && route.children) visit(route.id, route.children);
    }
  };
  visit(ROOT_ROUTE_ID, remotePages(lists).routes);
  return added;
}
