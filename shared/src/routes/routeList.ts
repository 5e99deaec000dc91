// A remote's route list (shared/CONTRACT.md "Route lists"): the one place a team lists its pages.
// The remote's build exposes the modules and publishes the list in its `mf-manifest.json`
// (metaData.routes); the shell composes the storefront's routes from the lists at run time; the
// remote's standalone page and tests build their routes from the same list.
import type { RouteObject } from 'react-router-dom';
import { LINK_ROLES } from './roles';
import { isLanguage, type Language } from '../markets/markets';

export { LINK_ROLES, type LinkRole } from './roles';

export interface RouteListEntry {
  /** Absolute path in React Router syntax: "/products/:id". */
  path: string;
  /** The exposed module that serves it: "./product". */
  module: string;
  /** Its source file, for the remote's own build only (not published). */
  file?: string;
  /**
   * The layout it renders in (the absolute path of another entry, possibly another remote's).
   * The layout's own path makes it that layout's index page.
   */
  parent?: string;
  /** Public database paths its loader reads first ("{param}" for a route parameter). */
  reads?: string[];
  /** The page's title until its module has loaded. */
  title?: string;
  /** A link to the page in the shop's navigation: the header unless `header` is false, the footer when `footer`. */
  nav?: { label: string; order: number; header?: boolean; footer?: boolean };
  /**
   * Its `title` and `nav.label` in the other languages (CONTRACT §9b): published by the remote's
   * build from its message files, so the shell shows them before the remote's code has loaded.
   */
  texts?: Partial<Record<Language, { title?: string; label?: string }>>;
  /**
   * The purposes other teams link to this page by (`LINK_ROLES`: "basket", "sign-in", "product",
   * …): the address to use, this page's path with an optional query (a path with parameters:
   * the path itself, filled by the shop context's `hrefFor(role, params)`). "search": the header's search form is
   * sent there (GET, the words in `q`); without it the header has no search field.
   * "sign-in": its page takes `next`, the same-origin path to return to afterwards (returningTo).
   */
  roles?: Record<string, string>;
  /**
   * The page shows a shopper's own data, or depends on who is signed in: the shell server sends
   * the layout with the page's placeholder and never runs its loader; the browser loads it.
   * Without it, a remote that has a server container has the page rendered on the server.
   */
  private?: boolean;
  /**
   * "on-interaction": a server-rendered page's code loads with the shopper's first interaction
   * (a press, a key, a touch, a pointer move, a focus); until then the page is the server's HTML,
   * its links plain links and its presses held. Its first load then carries none of the remote's
   * code (decision 1312). Without it, the code loads with the page.
   */
  hydrate?: 'on-interaction';
}

/**
 * A sign-in address that brings the shopper back to `here` (a path with its query, as
 * `location.pathname + location.search`). Only a same-origin path is passed on: an absolute
 * address, `//host` or `/\host` gives the address unchanged (the sign-in page checks `next` again
 * before it follows it).
 */
export function returningTo(address: string, here: string): string {
  if (!here.startsWith('/') || here.startsWith('//') || here.startsWith('/\\')) return address;
  const [path = '', query = ''] = address.split('?', 2);
  // Back to the sign-in page itself is nowhere to go.
  if (here === path || here.startsWith(`${path}?`)) return address;
  const params = new URLSearchParams(query);
  params.set('next', here);
  return `${path}?${params.toString()}`;
}

/**
 * A team's own page addresses, from its route list: `{ details: './details' }` gives the path
 * of the entry served by `./details`. Moving a page in the list moves every link of the team to
 * it (other teams link by role). A name whose module the list lacks throws when the team's code
 * loads, so its tests fail rather than a shopper's click.
 */
export function ownPaths<Name extends string>(
  list: ReadonlyArray<Pick<RouteListEntry, 'path' | 'module'>>,
  modules: Record<Name, string>,
): Record<Name, string> {
  const paths = {} as Record<Name, string>;
  for (const [name, module] of Object.entries(modules) as Array<[Name, string]>) {
    const entry = list.find((candidate) => candidate.module === module);
    if (!entry) throw new Error(`The route list has no page served by ${module} (${name}).`);
    paths[name] = entry.path;
  }
  return paths;
}

/** An entry with the remote that listed it. */
export interface OwnedRouteEntry extends RouteListEntry {
  owner: string;
}

/** Two remotes list the same page: neither is served, and the page says so. */
export interface RouteConflict {
  path: string;
  owners: string[];
}

export interface RouteTree {
  routes: RouteObject[];
  conflicts: RouteConflict[];
  /** Entries whose layout no list provides (its remote is down, or a wrong `parent`). */
  orphans: OwnedRouteEntry[];
}

export interface RouteMakers {
  /** The route object of an entry (`nested`: it renders inside a layout). */
  page(entry: OwnedRouteEntry, nested: boolean): RouteObject;
  /** What a path claimed by two remotes shows. */
  conflict?(conflict: RouteConflict): RouteObject;
  /** Children added to every layout after its pages (e.g. a catch-all). */
  layoutExtras?(layout: OwnedRouteEntry): RouteObject[];
}

const SEGMENT = /^(?:[A-Za-z0-9._~-]+|:[A-Za-z_][A-Za-z0-9_]*|\*)$/;

/** Whether `path` is an absolute route path ("/", "/a/:b") a list may use. */
export function isRoutePath(path: unknown): path is string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > 200) return false;
  if (path === '/') return true;
  return path
    .slice(1)
    .split('/')
    .every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}

/**
 * The entries of an untrusted list (a manifest's metaData.routes) that are well formed; the
 * others are reported in `rejected` with the reason.
 */
export function readRouteList(raw: unknown): { entries: RouteListEntry[]; rejected: string[] } {
  const entries: RouteListEntry[] = [];
  const rejected: string[] = [];
  if (!Array.isArray(raw)) return { entries, rejected: ['the route list is not a list'] };
  for (const item of raw as unknown[]) {
    const value = (item ?? {}) as Record<string, unknown>;
    const { path, module, parent, reads, title } = value;
    if (!isRoutePath(path)) {
      rejected.push(`path ${JSON.stringify(path)} is not an absolute route path`);
      continue;
    }
    if (typeof module !== 'string' || !/^\.\/[\w-]+$/.test(module)) {
      rejected.push(`${path}: module ${JSON.stringify(module)} is not an exposed module name`);
      continue;
    }
    if (parent !== undefined && !isRoutePath(parent)) {
      rejected.push(`${path}: parent ${JSON.stringify(parent)} is not an absolute route path`);
      continue;
    }
    if (parent !== undefined && path !== parent && !path.startsWith(`${parent}/`)) {
      rejected.push(`${path}: not under its parent ${parent}`);
      continue;
    }
    const entry: RouteListEntry = { path, module };
    if (parent !== undefined) entry.parent = parent;
    if (Array.isArray(reads)) entry.reads = reads.filter((r): r is string => typeof r === 'string');
    if (typeof title === 'string') entry.title = title;
    if (value.private === true) entry.private = true;
    if (value.hydrate === 'on-interaction') entry.hydrate = 'on-interaction';
    const nav = value.nav as Record<string, unknown> | undefined;
    if (
      nav &&
      typeof nav.label === 'string' &&
      typeof nav.order === 'number' &&
      !path.includes(':')
    ) {
      entry.nav = {
        label: nav.label.slice(0, 40),
        order: nav.order,
        header: nav.header !== false,
        footer: nav.footer === true,
      };
    }
    const texts = value.texts as Record<string, Record<string, unknown> | null> | undefined;
    for (const [language, text] of Object.entries(texts ?? {})) {
      if (!isLanguage(language) || !text || typeof text !== 'object') continue;
      const { title: inTitle, label } = text;
      entry.texts = {
        ...entry.texts,
        [language]: {
          ...(typeof inTitle === 'string' ? { title: inTitle } : {}),
          ...(typeof label === 'string' ? { label: label.slice(0, 40) } : {}),
        },
      };
    }
    const roles = value.roles as Record<string, unknown> | undefined;
    if (roles && typeof roles === 'object') {
      for (const [role, address] of Object.entries(roles)) {
        const ok =
          (LINK_ROLES as readonly string[]).includes(role) &&
          typeof address === 'string' &&
          (address === path || (address.startsWith(`${path}?`) && !path.includes(':')));
        if (!ok) {
          rejected.push(`${path}: link role ${role} → ${JSON.stringify(address)} ignored`);
          continue;
        }
        entry.roles = { ...entry.roles, [role]: address };
      }
    }
    entries.push(entry);
  }
  return { entries, rejected };
}

/** The key of the page an entry serves: two entries with one key claim the same page. */
const pageKey = (entry: RouteListEntry) =>
  entry.parent === undefined ? entry.path : `${entry.parent} > ${entry.path}`;

/** `path` relative to `base` for React Router ("" for the base itself). */
function relativePath(path: string, base: string): string {
  if (path === base) return '';
  return base === '/' ? path.slice(1) : path.slice(base.length + 1);
}

function place(route: RouteObject, path: string, base: string): RouteObject {
  const relative = relativePath(path, base);
  return relative === ''
    ? ({ ...route, index: true, path: undefined, children: undefined } as RouteObject)
    : { ...route, path: relative };
}

/**
 * The route tree of some remotes' lists, under a root at "/": one level of layouts (an entry
 * that another names as its `parent`), pages inside them, the rest at the root. Two remotes
 * listing the same page is a conflict: neither is used (never settled silently by order).
 */
export function composeRouteTree(entries: OwnedRouteEntry[], makers: RouteMakers): RouteTree {
  const byKey = new Map<string, OwnedRouteEntry[]>();
  for (const entry of entries)
    byKey.set(pageKey(entry), [...(byKey.get(pageKey(entry)) ?? []), entry]);
  const conflicts: RouteConflict[] = [];
  const chosen: OwnedRouteEntry[] = [];
  const conflictRoutes: Array<{ conflict: RouteConflict; parent?: string; path: string }> = [];
  for (const claims of byKey.values()) {
    const owners = [...new Set(claims.map((c) => c.owner))];
    const first = claims[0] as OwnedRouteEntry;
    if (owners.length > 1) {
      const conflict = { path: first.path, owners };
      conflicts.push(conflict);
      conflictRoutes.push({ conflict, parent: first.parent, path: first.path });
    } else {
      chosen.push(first); // a remote listing a page twice: its first entry
    }
  }

  const layoutPaths = new Set(chosen.flatMap((e) => (e.parent ? [e.parent] : [])));
  const topLevel = chosen.filter((e) => e.parent === undefined);
  const layouts = new Map(
    topLevel.filter((e) => layoutPaths.has(e.path)).map((e) => [e.path, e] as const),
  );
  const orphans = chosen.filter((e) => e.parent !== undefined && !layouts.has(e.parent));

  const routes: RouteObject[] = topLevel.map((entry) => {
    const route = place(makers.page(entry, false), entry.path, '/');
    const layout = layouts.get(entry.path);
    if (!layout) return route;
    const children: RouteObject[] = chosen
      .filter((child) => child.parent === entry.path)
      .map((child) => place(makers.page(child, true), child.path, entry.path));
    for (const { conflict, parent, path } of conflictRoutes) {
      if (parent === entry.path && makers.conflict) {
        children.push(place(makers.conflict(conflict), path, entry.path));
      }
    }
    children.push(...(makers.layoutExtras?.(layout) ?? []));
    return {
      ...route,
      index: undefined,
      path: relativePath(entry.path, '/') || undefined,
      children,
    } as RouteObject;
  });
  for (const { conflict, parent, path } of conflictRoutes) {
    if (parent === undefined && makers.conflict)
      routes.push(place(makers.conflict(conflict), path, '/'));
  }
  return { routes, conflicts, orphans };
}

/** A route module as a remote exposes it (Component, loader, action, ErrorBoundary, handle). */
export type RouteModuleExports = Omit<RouteObject, 'index' | 'path' | 'children' | 'id'>;

/**
 * A remote's own route list as React Router routes (its standalone page, its tests): `modules`
 * maps each listed module name to the imported module.
 */
export function routesFromList(
  list: RouteListEntry[],
  modules: Record<string, RouteModuleExports>,
  layoutExtras?: RouteMakers['layoutExtras'],
): RouteObject[] {
  const missing = list.filter((entry) => !modules[entry.module]).map((entry) => entry.module);
  if (missing.length > 0) throw new Error(`Route modules missing: ${missing.join(', ')}`);
  const tree = composeRouteTree(
    list.map((entry) => ({ ...entry, owner: 'this remote' })),
    {
      page: (entry) => ({ ...modules[entry.module] }) as RouteObject,
      ...(layoutExtras ? { layoutExtras } : {}),
    },
  );
  return tree.routes;
}
