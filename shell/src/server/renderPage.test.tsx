/**
 * @jest-environment node
 */
import { Suspense, lazy } from 'react';
import { Link, createStaticHandler, data, type UIMatch } from 'react-router-dom';
import { marketById, shopContext, useMarket } from '@shop/shared';
import { templateInMarket } from './main';
import {
  cutTemplate,
  fillTemplate,
  headTags,
  pageHtml,
  renderPage,
  remoteStyles,
} from './renderPage';

const TEMPLATE =
  '<!doctype html><html><head><meta name="description" content="default" /><title>Shop</title></head>' +
  '<body><div id=root><div class=boot role=status>Loading the shop…</div></div></body></html>';

const match = (data: unknown, handle: unknown = {}): UIMatch =>
  ({ id: 'r', pathname: '/', params: {}, data, loaderData: data, handle }) as UIMatch;

describe('headTags', () => {
  it('names the page from the deepest route, with canonical, Open Graph and Twitter tags', () => {
    const head = headTags(
      [
        match(null, { title: 'Home' }),
        match({ title: 'Linen <Shirt>', description: 'Cool & light.', image: '/images/p.svg' }),
      ],
      new URL('https://shop.example/products/p?utm=x'),
    );
    expect(head).toContain('<title>Linen &lt;Shirt&gt; · Threadline</title>');
    expect(head).toContain('<meta name="description" content="Cool &amp; light." />');
    expect(head).toContain('<link rel="canonical" href="https://shop.example/products/p" />');
    expect(head).toContain(
      '<meta property="og:image" content="https://shop.example/images/p.svg" />',
    );
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it("falls back to the shop's title and description, with no image tags", () => {
    const head = headTags([match(null)], new URL('https://shop.example/'));
    expect(head).toContain('<title>Threadline — clothing &amp; sneakers</title>');
    expect(head).not.toContain('og:image');
    expect(head).toContain('<meta name="twitter:card" content="summary" />');
  });
});

describe('a page in a market (decision 5101)', () => {
  it('names itself in every market for search engines, the root market as the default', () => {
    const head = headTags([match(null)], new URL('https://shop.example/de/products/p?x=1'));
    expect(head).toContain('<link rel="canonical" href="https://shop.example/de/products/p" />');
    for (const [hreflang, path] of [
      ['en-US', '/products/p'],
      ['de-DE', '/de/products/p'],
      ['en-GB', '/uk/products/p'],
      ['x-default', '/products/p'],
    ]) {
      expect(head).toContain(
        `<link rel="alternate" hreflang="${hreflang}" href="https://shop.example${path}" />`,
      );
    }
  });

  it("writes the market's language and prefix on <html>", () => {
    const head = '<!doctype html><html lang=en data-rendered="server"><head>';
    expect(templateInMarket(head, marketById('de')!)).toBe(
      '<!doctype html><html lang="de-DE" data-base="/de" data-rendered="server"><head>',
    );
    expect(templateInMarket(head, marketById('us')!)).toBe(
      '<!doctype html><html lang="en-US" data-rendered="server"><head>',
    );
  });

  it("loads the page's language's texts with its first scripts, and no other language's", () => {
    const head =
      '<html lang=en data-texts-de="/969.a.js /759.b.js" data-texts-fr="/1.c.js" ' +
      'data-rendered="server" data-scripts="/main.js">';
    expect(templateInMarket(head, marketById('de')!)).toBe(
      '<html lang="de-DE" data-base="/de" data-rendered="server" ' +
        'data-scripts="/main.js /969.a.js /759.b.js">',
    );
    expect(templateInMarket(head, marketById('uk')!)).toBe(
      '<html lang="en-GB" data-base="/uk" data-rendered="server" data-scripts="/main.js">',
    );
  });

  it('renders the routes under the prefix, links and loaders in the market', async () => {
    const germany = marketById('de')!;
    function Page() {
      const market = useMarket();
      return <Link to="/products/p">{`${market.currency} link`}</Link>;
    }
    const handler = createStaticHandler(
      [
        {
          id: 'root',
          path: '/',
          children: [{ id: 'page', path: 'products/:id', Component: Page, loader: () => null }],
        },
      ],
      { basename: germany.pathPrefix },
    );
    const html = pageHtml(
      await renderPage(new Request('https://shop.example/de/products/p'), {
        handler,
        template: cutTemplate(TEMPLATE),
        shop: shopContext({ fetchPublic: fetch, links: new Map(), market: germany }),
        rendered: new Set(),
      }),
    );
    expect(html).toContain('<a href="/de/products/p"');
    expect(html).toContain('EUR link');
  });
});

describe('remoteStyles', () => {
  const stylesOf = (remote: string, exposed: string) =>
    remote === 'catalog'
      ? [`https://catalog.example/${exposed.slice(2)}.css`, 'https://catalog.example/common.css']
      : ['https://checkout.example/secret.css'];

  it("lists each stylesheet of the remote pages rendered here once, in the routes' order", () => {
    const styles = remoteStyles(
      [
        match(null, { remote: 'catalog', exposed: './layout' }),
        match(null, { remote: 'catalog', exposed: './product' }),
      ],
      new Set(['catalog']),
      stylesOf,
    );
    expect(styles).toEqual([
      'https://catalog.example/layout.css',
      'https://catalog.example/common.css',
      'https://catalog.example/product.css',
    ]);
  });

  it('lists nothing for shell pages, remotes rendered in the browser and private pages', () => {
    const matches = [
      match(null, { title: 'About' }),
      match(null, { remote: 'checkout', exposed: './x' }),
      match(null, { remote: 'catalog', exposed: './mine', private: true }),
    ];
    expect(remoteStyles(matches, new Set(['catalog']), stylesOf)).toEqual([]);
  });
});

describe('fillTemplate', () => {
  it("replaces the template's title, description and boot placeholder; keeps one of each", () => {
    const page = fillTemplate(TEMPLATE, '<title>New</title>', '<main>Hi</main>');
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page).not.toContain('content="default"');
    expect(page).toContain('<div id="root"><main>Hi</main></div>');
    expect(page).not.toContain('Loading the shop');
  });
});

describe('renderPage', () => {
  const privateLoader = jest.fn(() => ({ secret: 'private data' }));
  const routes = [
    {
      id: 'root',
      path: '/',
      children: [
        {
          id: 'deferred',
          path: 'deferred',
          loader: () => ({ title: 'Deferred', parts: Promise.resolve(['a', 'b']) }),
          Component: () => <h1>Deferred</h1>,
        },
        {
          id: 'remote',
          path: 'private',
          handle: { remote: 'checkout', exposed: './x' },
          loader: privateLoader,
          HydrateFallback: () => <p>Loading private page</p>,
          Component: () => <h1>Private</h1>,
        },
        {
          id: 'mine',
          path: 'mine',
          // A remote rendered here, but the page is marked private in its route list.
          handle: { remote: 'catalog', exposed: './mine', private: true },
          loader: privateLoader,
          HydrateFallback: () => <p>Loading your page</p>,
          Component: () => <h1>Mine</h1>,
        },
        {
          id: 'public',
          path: 'public',
          handle: { remote: 'catalog', exposed: './page' },
          loader: () => ({ title: 'Public' }),
          Component: () => <h1>Public</h1>,
        },
        {
          id: 'missing',
          path: 'missing',
          handle: { title: 'Product' },
          loader: () => {
            throw data({ title: 'Product not found' }, { status: 404 });
          },
          ErrorBoundary: () => <h1>No such product</h1>,
          Component: () => <h1>Product</h1>,
        },
        {
          id: 'gone',
          path: 'gone',
          loader: () => data(null, { status: 404 }),
          Component: () => <h1>Gone</h1>,
        },
      ],
    },
  ];
  const render = (path: string) =>
    renderPage(new Request(`https://shop.example${path}`), {
      handler: createStaticHandler(routes),
      template: cutTemplate(TEMPLATE),
      shop: shopContext({ fetchPublic: fetch, links: new Map() }),
      rendered: new Set(['catalog']),
      stylesOf: () => ['https://catalog.example/page.css', 'https://catalog.example/gone.css'],
      readStyle: (href) => Promise.resolve(href.endsWith('page.css') ? 'h1{color:red}' : null),
    });

  it('writes no nonce: the same page serves every shopper (decision 3701)', async () => {
    const html = pageHtml(await render('/deferred'));
    expect(html.match(/<script\b[^>]*>/g)?.length).toBeGreaterThan(0);
    expect(html).not.toContain('nonce');
  });

  it('renders the whole page in the template, its hydration data with the deferred parts settled', async () => {
    const answer = await render('/deferred');
    expect(answer).toMatchObject({ kind: 'html', status: 200, public: true });
    const html = pageHtml(answer);
    expect(html.startsWith('<!doctype html><html><head>')).toBe(true);
    expect(html).toMatch(/<div id="root"><h1>Deferred<\/h1>.*<\/div><\/body><\/html>$/s);
    expect(html).toContain('<title>Deferred · Threadline</title>');
    // A shell page: no remote stylesheet.
    expect(html).not.toContain('catalog.example');
    expect(html).toContain('__staticRouterHydrationData');
    expect(html).toContain('\\"parts\\":[\\"a\\",\\"b\\"]');
    expect(html).not.toContain('Loading the shop');
  });

  it("writes a rendered remote page's stylesheets in the head (inline, or linked when unreadable)", async () => {
    const html = pageHtml(await render('/public'));
    const inline = html.indexOf(
      '<style data-href="https://catalog.example/page.css">h1{color:red}</style>',
    );
    const linked = html.indexOf(
      '<link rel="stylesheet" href="https://catalog.example/gone.css" />',
    );
    expect(inline).toBeGreaterThan(0);
    expect(linked).toBeGreaterThan(inline);
    expect(linked).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<h1>Public</h1>');
  });

  it('starts with what pages of a kind share (template head, styles), then their own head tags', async () => {
    const [one, other] = await Promise.all([render('/public'), render('/public?page=2')]);
    if (one.kind !== 'html' || other.kind !== 'html') throw new Error('pages expected');
    const shared = one.html.slice(0, one.sharedLength);
    expect(other.html.slice(0, other.sharedLength)).toBe(shared);
    expect(shared).toContain('<style data-href="https://catalog.example/page.css">');
    expect(shared).not.toContain('<title>');
    expect(one.html.slice(one.sharedLength)).toMatch(/^<title>Public · Threadline<\/title>/);
  });

  it('answers the status a loader sets', async () => {
    const answer = await render('/gone');
    expect(answer).toMatchObject({ kind: 'html', status: 404, public: true });
    expect(pageHtml(answer)).toContain('<h1>Gone</h1>');
  });

  it('titles a page by the error its route threw, not by the route', async () => {
    const answer = await render('/missing');
    expect(answer).toMatchObject({ kind: 'html', status: 404 });
    const html = pageHtml(answer);
    expect(html).toContain('<h1>No such product</h1>');
    expect(html).toContain('<title>Product not found · Threadline</title>');
  });

  it('renders the page of a remote without a server build as its placeholder, without its loader', async () => {
    const answer = await render('/private');
    expect(answer).toMatchObject({ kind: 'html', status: 200, public: false });
    const html = pageHtml(answer);
    expect(html).toContain('<p>Loading private page</p>');
    expect(html).not.toContain('private data');
    // The browser runs it (the hydration data has nothing for the route).
    expect(privateLoader).not.toHaveBeenCalled();
  });

  it('renders a private page of a remote that is rendered here as its placeholder, without its loader or styles', async () => {
    const answer = await render('/mine');
    expect(answer).toMatchObject({ kind: 'html', status: 200, public: false });
    const html = pageHtml(answer);
    expect(html).toContain('<p>Loading your page</p>');
    expect(html).not.toContain('<h1>Mine</h1>');
    expect(html).not.toContain('private data');
    expect(html).not.toContain('catalog.example');
    expect(privateLoader).not.toHaveBeenCalled();
  });
});

describe('renderPage: a part that throws or waits (decision 3703)', () => {
  function PriceThatThrows(): never {
    throw new Error('the price cannot be formatted');
  }
  // A part whose code arrives a moment after the render starts (a lazy module not loaded yet).
  const LatePart = lazy(
    () =>
      new Promise<{ default: () => React.JSX.Element }>((resolve) => {
        setTimeout(() => resolve({ default: () => <p>The late part</p> }), 5);
      }),
  );
  const inBoundary = (part: React.ReactNode) => (
    <>
      <h1>The page</h1>
      <Suspense fallback={<p>A part is loading</p>}>{part}</Suspense>
    </>
  );
  const routes = [
    {
      id: 'root',
      path: '/',
      children: [
        { id: 'broken', path: 'broken', Component: () => inBoundary(<PriceThatThrows />) },
        { id: 'late', path: 'late', Component: () => inBoundary(<LatePart />) },
        { id: 'outside', path: 'outside', Component: PriceThatThrows },
      ],
    },
  ];
  const render = (path: string) =>
    renderPage(new Request(`https://shop.example${path}`), {
      handler: createStaticHandler(routes),
      template: cutTemplate(TEMPLATE),
      shop: shopContext({ fetchPublic: fetch, links: new Map() }),
      rendered: new Set(),
    });
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it('a part that throws: the page with that part left to the browser, not shared, the error reported', async () => {
    const answer = await render('/broken');
    expect(answer).toMatchObject({ kind: 'html', status: 200, public: false });
    const html = pageHtml(answer);
    expect(html).toContain('<h1>The page</h1>');
    expect(html).toContain('<p>A part is loading</p>');
    expect(logged).toHaveBeenCalledWith(
      '[shell-server] render',
      expect.objectContaining({ message: 'the price cannot be formatted' }),
    );
  });

  it('a part that waits for its code: the page is sent whole once it is there, and shared', async () => {
    const answer = await render('/late');
    expect(answer).toMatchObject({ kind: 'html', status: 200, public: true });
    const html = pageHtml(answer);
    expect(html).toContain('<p>The late part</p>');
    expect(html).not.toContain('A part is loading');
    expect(logged).not.toHaveBeenCalled();
  });

  it('an error outside every boundary fails the render', async () => {
    await expect(render('/outside')).rejects.toThrow('the price cannot be formatted');
  });
});
