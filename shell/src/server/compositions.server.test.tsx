/**
 * @jest-environment node
 */
// Two compositions of the shop in one server process (a deploy changed the route lists while a
// render was under way): each render's layout links and 404 status come from its own route lists,
// never from a list published for another render.
import { createStaticHandler } from 'react-router-dom';
import type { RouteLists } from '../remotes/pageModules';
import type { ShellState } from '../remotes/registry';
import { storefrontRoutes } from '../routes';
import { pageHtml, renderPage } from './renderPage';

// The mini basket is the cart remote's: no container here, so it stays on its fallback link.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: () => new Promise(() => undefined),
  registerRemotes: jest.fn(),
}));

const TEMPLATE =
  '<!doctype html><html><head><title>Shop</title></head>' +
  '<body><div id=root><div class=boot>Loading the shop…</div></div></body></html>';

const BEFORE: RouteLists = {
  catalog: [{ path: '/goods', module: './goods', nav: { label: 'Goods', order: 10 } }],
  checkout: [{ path: '/till', module: './till', roles: { basket: '/till' } }],
};
const AFTER: RouteLists = {
  catalog: [{ path: '/wares', module: './goods', nav: { label: 'Wares', order: 10 } }],
  checkout: [{ path: '/bag', module: './till', roles: { basket: '/bag' } }],
};

/** A page handler's routes for one composition, as the shell server builds them per deploy. */
function composition(state: ShellState) {
  return createStaticHandler(storefrontRoutes(state.routeLists, () => state));
}

const render = (handler: ReturnType<typeof composition>, path: string) =>
  renderPage(new Request(`https://shop.example${path}`), {
    handler,
    template: TEMPLATE,
    rendered: new Set(),
  });

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((found) => found[1]);

describe('two compositions rendered at once in one process', () => {
  it("each render links where its own route lists say, and answers its own 404's status", async () => {
    const before = composition({ routeLists: BEFORE, missing: ['account'] });
    // The first render is under way when the deploy's composition is built and renders too.
    const first = render(before, '/nowhere');
    const after = composition({ routeLists: AFTER, missing: [] });
    const [old, fresh] = await Promise.all([first, render(after, '/nowhere')]);

    const oldHtml = pageHtml(old);
    const freshHtml = pageHtml(fresh);
    expect(hrefs(oldHtml)).toEqual(expect.arrayContaining(['/goods', '/till']));
    expect(hrefs(oldHtml)).not.toEqual(expect.arrayContaining(['/wares']));
    expect(hrefs(oldHtml)).not.toContain('/bag');
    expect(hrefs(freshHtml)).toEqual(expect.arrayContaining(['/wares', '/bag']));
    expect(hrefs(freshHtml)).not.toContain('/goods');
    expect(hrefs(freshHtml)).not.toContain('/till');
    // A remote's list missing in the first composition only: its unknown address may be that
    // remote's page (503), while the second knows every remote's pages (404).
    expect(old.kind === 'html' && old.status).toBe(503);
    expect(fresh.kind === 'html' && fresh.status).toBe(404);
  });
});
