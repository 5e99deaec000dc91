import { matchRoutes } from 'react-router-dom';
import { routes } from '../routes';
import { matchPage, modulesForPage, type RemoteModuleRef } from './pageModules';

/** What routes.tsx renders for `path`: the remote modules of every matched route. */
function routedModules(path: string): RemoteModuleRef[] {
  return (matchRoutes(routes, path) ?? []).flatMap(({ route }) => {
    const handle = route.handle as Partial<RemoteModuleRef> | undefined;
    return handle?.remote && handle.exposed
      ? [{ remote: handle.remote, exposed: handle.exposed }]
      : [];
  });
}

describe('the first page preload table', () => {
  it.each([
    '/',
    '/products/1',
    '/products/abc/',
    '/collections',
    '/collections/fall',
    '/collections/spring',
    '/men',
    '/women',
    '/checkout',
    '/checkout/details',
    '/checkout-successful',
    '/authentication',
    '/account/myaccount',
    '/account/orders',
    '/account/orders/-Nabc',
    '/account/credentials',
    '/account/personal-information',
  ])('%s: preloads what the route renders', (path) => {
    const expected = routedModules(path);
    expect(expected.length).toBeGreaterThan(0);
    // The account pages preload their layout; the page inside it follows (data decides which).
    expect(modulesForPage(path)).toEqual(
      path.startsWith('/account/') ? expected.slice(0, 1) : expected,
    );
  });

  it.each(['/about', '/contact', '/no-such-page'])('%s: a shell page preloads nothing', (path) => {
    expect(routedModules(path)).toEqual([]);
    expect(modulesForPage(path)).toEqual([]);
  });
});

describe('the parameters of the first page', () => {
  it('are those the router passes (decoded), named as the remotes declare their reads', () => {
    expect(matchPage('/products/cable-knit-sweater').params).toEqual({ id: 'cable-knit-sweater' });
    expect(matchPage('/products/knit%20sweater/').params).toEqual({ id: 'knit sweater' });
    expect(matchPage('/collections/spring').params).toEqual({ collection: 'spring' });
    expect(matchPage('/').params).toEqual({});
  });

  it('are dropped, with the modules, when the address has a malformed escape', () => {
    // The router shows the shop's 404 for such an address (remoteRoute): no remote to preload.
    for (const path of ['/products/%E0%A4%A', '/products/%', '/account/orders/%zz']) {
      expect(matchPage(path)).toEqual({ modules: [], params: {} });
    }
  });
});
