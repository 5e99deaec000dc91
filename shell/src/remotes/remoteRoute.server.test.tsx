/**
 * @jest-environment node
 */
// A remote's page on the shell server (decision 1302): a remote that fails costs only its region.
import { Outlet, createStaticHandler } from 'react-router-dom';
import { shopContext } from '@shop/shared';
import { cutTemplate, pageHtml, renderPage } from '../server/renderPage';
import { type RemoteModules, remoteModuleStore } from './loadRemoteModule';
import { remoteRoute } from './remoteRoute';

// The Module Federation runtime is the boundary: what a remote's server container gives.
const loadRemote = jest.fn();
let modules: RemoteModules;

const TEMPLATE =
  '<!doctype html><html><head><title>Shop</title></head>' +
  '<body><div id=root><div class=boot>Loading the shop…</div></div></body></html>';

function Layout() {
  return (
    <div>
      <header>Threadline header</header>
      <main>
        <Outlet />
      </main>
    </div>
  );
}

async function renderHome() {
  const handler = createStaticHandler([
    {
      id: 'root',
      path: '/',
      Component: Layout,
      children: [{ index: true, ...remoteRoute('catalog', './home', { modules }) }],
    },
  ]);
  const answer = await renderPage(new Request('https://shop.example/'), {
    handler,
    template: cutTemplate(TEMPLATE),
    shop: shopContext({ fetchPublic: fetch, links: new Map() }),
    rendered: new Set(['catalog']),
  });
  return { answer, html: pageHtml(answer) };
}

beforeEach(() => {
  loadRemote.mockReset();
  // A page handler's own store: no module loaded by another test.
  modules = remoteModuleStore({ loadRemote: (id) => loadRemote(id) }).as((remote) => remote);
});

test("a remote page that throws while rendering: the layout, and the region's placeholder for the browser", async () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  loadRemote.mockResolvedValue({
    Component: () => {
      throw new Error('catalog render bug');
    },
    loader: () => ({ title: 'Home' }),
  });
  const { answer, html } = await renderHome();
  expect(answer).toMatchObject({ kind: 'html', status: 200, public: false });
  expect(html).toContain('<header>Threadline header</header>');
  // React's marker for a boundary the browser renders, with the placeholder inside.
  expect(html).toMatch(/<!--\$!-->.*class="page-skeleton"/s);
  expect(errors).toHaveBeenCalledWith('[shell-server] render', expect.any(Error));
  errors.mockRestore();
});

test("a server container that cannot be loaded: the layout with the remote's fallback", async () => {
  loadRemote.mockRejectedValue(new Error('remoteEntry.js: HTTP 404'));
  const { answer, html } = await renderHome();
  // 503: the page is there once the remote is back (crawlers come again).
  expect(answer).toMatchObject({ kind: 'html', status: 503, public: false });
  expect(html).toContain('<header>Threadline header</header>');
  expect(html).toMatch(/class="remote-fallback"[^>]*data-remote="catalog"/);
  expect(html).toContain('Try again');
});
