/**
 * @jest-environment node
 */
// Two requests of two compositions of the shop in one server process (a deploy, or a shopper on a
// canary, while another render is under way): each render's loaders read through its own request
// context, its components link with its own composition's addresses, its remote code is its own
// release's, and its 404 status comes from its own route lists (decision 5504). Nothing of one
// render is a module variable the other could swap.
import {
  type DataFetch,
  type RemoteRouteModule,
  shopContext,
  shopContextOf,
  useShopContext,
} from '@shop/shared';
import { linkAddresses } from '@shop/shared/routes/links';
import { createStaticHandler, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { remoteModuleStore } from '../remotes/loadRemoteModule';
import type { RouteLists } from '../remotes/pageModules';
import type { ShellState } from '../remotes/registry';
import { storefrontRoutes } from '../routes';
import { cutTemplate, pageHtml, renderPage } from './renderPage';

const TEMPLATE = cutTemplate(
  '<!doctype html><html><head><title>Shop</title></head>' +
    '<body><div id=root><div class=boot>Loading the shop…</div></div></body></html>',
);

const BEFORE: RouteLists = {
  catalog: [
    { path: '/goods', module: './goods', nav: { label: 'Goods', order: 10 } },
    { path: '/goods/:id', module: './item', roles: { product: '/goods/:id' } },
  ],
  checkout: [{ path: '/till', module: './till', roles: { basket: '/till' } }],
};
const AFTER: RouteLists = {
  catalog: [
    { path: '/wares', module: './goods', nav: { label: 'Wares', order: 10 } },
    { path: '/wares/:id', module: './item', roles: { product: '/wares/:id' } },
  ],
  checkout: [{ path: '/bag', module: './till', roles: { basket: '/bag' } }],
};

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/** The catalog's product page as a release builds it: its loader reads, its page links. */
function itemPage(release: string): RemoteRouteModule {
  return {
    async loader({ params, context }: LoaderFunctionArgs) {
      const answer = await shopContextOf(context).fetchPublic(`https://query/${params.id}`);
      // The other render goes on while this one waits.
      await pause();
      return { title: `Item ${params.id}`, read: await answer.json() };
    },
    Component() {
      const { read } = useLoaderData() as { read: string };
      const shop = useShopContext();
      return (
        <main>
          <p>{`${release} read ${read}`}</p>
          <a href={shop.hrefFor('product', { id: 'next' })}>Next</a>
          <a href={shop.hrefFor('basket')}>Basket</a>
        </main>
      );
    },
  };
}

/** A page handler's composition: its routes, its remotes' code, its request's context. */
function composition(state: ShellState, release: string, reads: string) {
  const store = remoteModuleStore({
    loadRemote: async (id) => {
      await pause();
      return (id === `${release}/item` ? itemPage(release) : null) as never;
    },
  });
  const fetchPublic: DataFetch = (url) =>
    Promise.resolve(new Response(JSON.stringify(`${reads} ${url}`)));
  return {
    handler: createStaticHandler(
      storefrontRoutes(
        state.routeLists,
        () => state,
        store.as(() => release),
      ),
    ),
    shop: shopContext({ fetchPublic, links: linkAddresses(state.routeLists) }),
  };
}

const render = (composed: ReturnType<typeof composition>, path: string) =>
  renderPage(new Request(`https://shop.example${path}`), {
    ...composed,
    template: TEMPLATE,
    rendered: new Set(['catalog']),
  });

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((found) => found[1]);

describe('two compositions rendered at once in one process', () => {
  it('each render reads, links and loads code through its own request, at the same time', async () => {
    const before = composition({ routeLists: BEFORE, missing: [] }, 'catalog', 'kept-a');
    const first = render(before, '/goods/p1');
    const after = composition({ routeLists: AFTER, missing: [] }, 'catalog__canary', 'kept-b');
    const [old, fresh] = await Promise.all([first, render(after, '/wares/p2')]);

    const oldHtml = pageHtml(old);
    const freshHtml = pageHtml(fresh);
    expect(oldHtml).toContain('catalog read kept-a https://query/p1');
    expect(freshHtml).toContain('catalog__canary read kept-b https://query/p2');
    expect(hrefs(oldHtml)).toEqual(expect.arrayContaining(['/goods/next', '/till', '/goods']));
    expect(hrefs(freshHtml)).toEqual(expect.arrayContaining(['/wares/next', '/bag', '/wares']));
    expect(oldHtml).not.toMatch(/wares|\/bag|kept-b|canary/);
    expect(freshHtml).not.toMatch(/goods|\/till|kept-a/);
    expect(old.kind === 'html' && old.status).toBe(200);
    expect(fresh.kind === 'html' && fresh.status).toBe(200);
  });

  it("answers each composition's own 404 status for an address neither claims", async () => {
    const before = composition({ routeLists: BEFORE, missing: ['account'] }, 'catalog', 'a');
    const after = composition({ routeLists: AFTER, missing: [] }, 'catalog', 'b');
    const [old, fresh] = await Promise.all([render(before, '/nowhere'), render(after, '/nowhere')]);
    // A remote's list missing in the first composition only: its unknown address may be that
    // remote's page (503), while the second knows every remote's pages (404).
    expect(old.kind === 'html' && old.status).toBe(503);
    expect(fresh.kind === 'html' && fresh.status).toBe(404);
  });
});
