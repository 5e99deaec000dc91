// The route list (routes.json) is what the shell composes the catalog's pages from, and what the
// shell's page reads early: a page's `reads` are only of use when its loader asks for the very
// same URLs (decision 0503). This checks every listed page against its module and its loader.
import { databaseUrl, readRouteList } from '@shop/shared';
import { matchPath, type LoaderFunctionArgs } from 'react-router-dom';
import { installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { ROUTE_LIST, ROUTE_MODULES } from './routeModules';

afterEach(uninstallFakeCatalog);

/** A first visit of each listed page. */
const VISITS: Record<string, string> = {
  '/': '/',
  '/products/:id': '/products/p3',
  '/collections': '/collections',
  '/collections/:slug': '/collections/spring',
  '/men': '/men',
  '/women': '/women',
  '/search': '/search?q=sneaker',
};

async function settled(value: unknown): Promise<void> {
  const awaited = await value;
  if (awaited && typeof awaited === 'object') {
    await Promise.all(
      Object.values(awaited).map((part) => Promise.resolve(part).catch(() => null)),
    );
  }
}

describe('the route list', () => {
  it('is well formed, as the shell reads it, and every module it names exists', () => {
    expect(readRouteList(ROUTE_LIST).rejected).toEqual([]);
    for (const entry of ROUTE_LIST) expect(ROUTE_MODULES[entry.module]).toBeDefined();
  });

  it('lists every page once, with a first visit here', () => {
    expect(ROUTE_LIST.map((e) => e.path).sort()).toEqual(Object.keys(VISITS).sort());
  });

  it.each(ROUTE_LIST.map((entry) => [entry.path, entry] as const))(
    '%s: the loader asks for exactly the listed reads',
    async (path, entry) => {
      const url = VISITS[path] as string;
      const params = (matchPath(path, url)?.params ?? {}) as Record<string, string>;
      const fake = installFakeCatalog();
      const module = ROUTE_MODULES[entry.module];
      const loader = module?.loader;
      if (typeof loader !== 'function') throw new Error(`${entry.module} has no loader`);
      await settled(
        loader({
          request: new Request(`http://shop.test${url}`),
          params,
          context: {},
        } as LoaderFunctionArgs),
      );
      const declared = (entry.reads ?? []).map((template) =>
        databaseUrl(template.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '')),
      );
      expect([...new Set(fake.urls)].sort()).toEqual([...declared].sort());
    },
  );
});
