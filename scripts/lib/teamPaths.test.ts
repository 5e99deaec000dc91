// Every address by its role (CONTRACT §9 "Links by role"): no app names another team's page. Each
// remote's route list is the one place its addresses are written; the shell and the other remotes
// link to its pages through the roles it publishes (its shop context's `hrefFor`). Searched in every app's source,
// comments included, tests left out; the e2e suite also searches the shell's built scripts
// (foundation.e2e.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pageShopContext, publishRouteLists } from '../../shared/src/routes/shopContext';
import { LINK_ROLES } from '../../shared/src/routes/roles';
import { ROOT, appDir, type AppName, APP_NAMES, REMOTE_NAMES } from './apps';

type RouteList = Array<{ path: string; roles?: Record<string, string> }>;

const routeList = (app: AppName): RouteList =>
  app === 'shell'
    ? []
    : (JSON.parse(readFileSync(join(appDir(app), 'src/routes/routes.json'), 'utf8')) as RouteList);

/** "/products/:id" → "/products"; "/" is everyone's root. */
const addresses = (list: RouteList) =>
  list.map((entry) => entry.path.split('/:')[0] ?? entry.path).filter((path) => path !== '/');

/** The addresses of pages `app` does not list itself (a layout's index may share its path). */
function otherTeamsAddresses(app: AppName): string[] {
  const own = new Set(addresses(routeList(app)));
  const others = REMOTE_NAMES.filter((name) => name !== app).flatMap((name) =>
    addresses(routeList(name)),
  );
  return [...new Set(others)].filter((address) => !own.has(address));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const path = join(dir, item.name);
    if (item.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|css|html)$/.test(item.name) && !/\.test\.tsx?$/.test(item.name) ? [path] : [];
  });
}

/** An address as a page's, not inside a database path (`catalog/products/…`) or a longer one. */
const mentions = (text: string, address: string) =>
  new RegExp(`(?<![\\w-])${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text);

describe('no app names another team’s page', () => {
  it.each(APP_NAMES)('%s links to other teams’ pages by role only', (app) => {
    const others = otherTeamsAddresses(app);
    expect(others.length).toBeGreaterThan(3);
    const found = sourceFiles(join(appDir(app), 'src')).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return others.filter((a) => mentions(text, a)).map((a) => `${file.slice(ROOT.length)}: ${a}`);
    });
    expect(found).toEqual([]);
  });

  it('would be caught naming one', () => {
    expect(mentions("<Link to='/checkout'>", '/checkout')).toBe(true);
    expect(mentions('to={`/products/${id}`}', '/products')).toBe(true);
    expect(mentions('/checkout-successful', '/checkout')).toBe(false);
    expect(mentions('/checkout/details', '/checkout')).toBe(true);
    expect(mentions('`catalog/products/${id}`', '/products')).toBe(false);
  });
});

describe('links follow a page its owner moves', () => {
  /** Every role an app's source asks for (`hrefFor('product', …)`), with the file. */
  const asked = APP_NAMES.flatMap((app) =>
    sourceFiles(join(appDir(app), 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/hrefFor\(\s*'([\w-]+)'/g)].map((m) => ({
        file: file.slice(ROOT.length),
        role: m[1] as string,
      })),
    ),
  );

  it('every role asked for is published by a route list', () => {
    expect(asked.length).toBeGreaterThan(5);
    const published = new Set(
      REMOTE_NAMES.flatMap((name) => routeList(name).flatMap((e) => Object.keys(e.roles ?? {}))),
    );
    expect(asked.filter(({ role }) => !published.has(role))).toEqual([]);
    expect(
      [...published].filter((role) => !(LINK_ROLES as readonly string[]).includes(role)),
    ).toEqual([]);
  });

  it.each(REMOTE_NAMES)(
    "renaming %s's pages in its routes.json moves every link to them",
    (owner) => {
      const lists = Object.fromEntries(REMOTE_NAMES.map((name) => [name, routeList(name)]));
      const moved = (address: string) => `/moved${address}`;
      const renamed = lists[owner]!.map((entry) => ({
        ...entry,
        path: moved(entry.path),
        roles: Object.fromEntries(
          Object.entries(entry.roles ?? {}).map(([role, address]) => [role, moved(address)]),
        ),
      }));
      const ownRoles = new Set(renamed.flatMap((entry) => Object.keys(entry.roles)));
      publishRouteLists({ ...lists, [owner]: renamed });
      for (const { role } of asked.filter(({ role }) => ownRoles.has(role))) {
        const href = pageShopContext.hrefFor(role as (typeof LINK_ROLES)[number], {
          id: 'linen-shirt',
        });
        expect(href.startsWith('/moved/')).toBe(true);
      }
    },
  );
});
