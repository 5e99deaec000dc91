import { preloadRemote } from '@module-federation/enhanced/runtime';
import { earlyManifestPlugin, loadRegistry, preloadModules } from '../remotes/registry';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  loadText,
  preloadsFromManifest,
  readUrl,
  startEarly,
  type Loaded,
  type RemoteManifest,
} from './earlyStart';
import { EARLY_START_KEY, takeEarlyManifest, takeEarlyRemotesFile } from './earlyStore';

jest.mock('@module-federation/enhanced/runtime', () => ({
  preloadRemote: jest.fn(() => Promise.resolve()),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

const CATALOG = 'http://localhost:8081/mf-manifest.json';
const REMOTES = {
  remotes: {
    catalog: CATALOG,
    cart: 'http://localhost:8082/mf-manifest.json',
    checkout: 'http://localhost:8083/mf-manifest.json',
    account: 'http://localhost:8084/mf-manifest.json',
  },
};
/** As the catalog's build writes it (trimmed to what is read). */
const CATALOG_MANIFEST: RemoteManifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      path: './home',
      assets: {
        js: { sync: ['832.a.js', '__federation_expose_home.b.js'] },
        css: { sync: ['home.c.css'] },
      },
    },
    {
      path: './product',
      assets: {
        js: { sync: ['832.a.js', '__federation_expose_product.d.js'] },
        css: { sync: ['product.e.css'] },
      },
    },
  ],
};

describe('preloadsFromManifest', () => {
  it('lists the entry and the sync chunks of the exposed modules, next to the manifest', () => {
    expect(preloadsFromManifest(CATALOG_MANIFEST, CATALOG, ['./home'])).toEqual({
      scripts: [
        'http://localhost:8081/remoteEntry.js',
        'http://localhost:8081/832.a.js',
        'http://localhost:8081/__federation_expose_home.b.js',
      ],
      styles: ['http://localhost:8081/home.c.css'],
      data: [],
    });
  });

  it('lists a chunk two modules share once, and only the entry for an unknown module', () => {
    const both = preloadsFromManifest(CATALOG_MANIFEST, CATALOG, ['./home', './product']);
    expect(both.scripts.filter((url) => url.endsWith('832.a.js'))).toHaveLength(1);
    expect(preloadsFromManifest(CATALOG_MANIFEST, CATALOG, ['./nothing']).scripts).toEqual([
      'http://localhost:8081/remoteEntry.js',
    ]);
  });

  it('uses an explicit public path and an entry in a sub-folder', () => {
    const manifest: RemoteManifest = {
      ...CATALOG_MANIFEST,
      metaData: {
        publicPath: 'https://cdn.example.com/catalog/',
        remoteEntry: { name: 'remoteEntry.js', path: 'entry/' },
      },
    };
    expect(preloadsFromManifest(manifest, CATALOG, ['./product']).scripts).toEqual([
      'https://cdn.example.com/catalog/entry/remoteEntry.js',
      'https://cdn.example.com/catalog/832.a.js',
      'https://cdn.example.com/catalog/__federation_expose_product.d.js',
    ]);
  });

  it('preloads nothing from a manifest without an entry or with a non-web public path', () => {
    expect(
      preloadsFromManifest({ exposes: CATALOG_MANIFEST.exposes }, CATALOG, ['./home']),
    ).toEqual({ scripts: [], styles: [], data: [] });
    const scripted: RemoteManifest = {
      ...CATALOG_MANIFEST,
      metaData: { publicPath: 'javascript:alert(1)//', remoteEntry: { name: 'remoteEntry.js' } },
    };
    expect(preloadsFromManifest(scripted, CATALOG, ['./home'])).toEqual({
      scripts: [],
      styles: [],
      data: [],
    });
  });
});

describe('the database reads a route list declares for a page', () => {
  const DB = 'http://127.0.0.1:9000'; // the build's database (tests: the local default)

  it('become the URLs the fetch helper asks for, with the route parameters filled in', () => {
    expect(
      preloadsFromManifest(CATALOG_MANIFEST, CATALOG, ['./home'], ['catalog/a', 'catalog/b']).data,
    ).toEqual([`${DB}/catalog/a.json`, `${DB}/catalog/b.json`]);
    expect(
      preloadsFromManifest(CATALOG_MANIFEST, CATALOG, ['./product'], ['catalog/things/{slug}'], {
        slug: 'knit sweater',
      }).data,
    ).toEqual([`${DB}/catalog/things/knit%20sweater.json`]);
  });

  it('are skipped when a parameter is missing or could never be a key', () => {
    expect(readUrl('catalog/products/{id}', {})).toBeNull();
    for (const id of ['a.b', 'a/b', 'a#b', 'a$b', 'a[b]']) {
      expect(readUrl('catalog/products/{id}', { id })).toBeNull();
    }
  });

  it('are only plain paths to public data: nothing else from a manifest is requested', () => {
    expect(readUrl('users/anonymousTokens/{id}', { id: 'abc' })).toBeNull();
    for (const template of [
      '../secrets',
      'catalog/../users',
      'https://evil.example/x',
      '',
      'a//b',
      42,
    ]) {
      expect(readUrl(template, {})).toBeNull();
    }
    expect(preloadsFromManifest(CATALOG_MANIFEST, CATALOG, ['./home'], [42, null]).data).toEqual(
      [],
    );
  });
});

describe('loadText, over real HTTP', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const headers = { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json' };
      if (req.url === '/remotes.json') res.writeHead(200, headers).end(JSON.stringify(REMOTES));
      else res.writeHead(404, headers).end('{"error":"not here"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('gives the text and a Response that still has its body', async () => {
    const loaded = await loadText(`${base}/remotes.json`);
    expect(JSON.parse(loaded.text)).toEqual(REMOTES);
    expect(loaded.response?.status).toBe(200);
    expect(await loaded.response?.json()).toEqual(REMOTES);
  });

  it('passes an error status on, and a refused connection as no response', async () => {
    const missing = await loadText(`${base}/nothing.json`);
    expect(missing.response?.status).toBe(404);
    // jsdom reports the refused connection on the console, as a browser would.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const refused = await loadText('http://127.0.0.1:1/remotes.json');
      expect(refused.response).toBeUndefined();
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe('startEarly', () => {
  let answers: Record<string, unknown>;
  let load: jest.Mock<Promise<Loaded>, [string]>;
  const asLoaded = (body: unknown, status = 200): Loaded => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return { text, response: new Response(text, { status }) };
  };
  const ALL_MANIFESTS = Object.values(REMOTES.remotes);
  /** Route lists with made-up paths: the shell knows none of the real ones. */
  const withRoutes = (routes: unknown): RemoteManifest => ({
    ...CATALOG_MANIFEST,
    metaData: { ...CATALOG_MANIFEST.metaData, routes },
  });

  const preloaded = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map(
      (link) => `${link.getAttribute('as') ?? ''} ${link.href}`,
    );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const asked = () => load.mock.calls.map(([url]) => url);

  beforeEach(() => {
    delete (globalThis as Record<string, unknown>)[EARLY_START_KEY];
    document.head.innerHTML = '';
    window.localStorage.clear();
    answers = {
      '/remotes.json': REMOTES,
      [CATALOG]: withRoutes([
        { path: '/things/:slug', module: './product', reads: ['catalog/things/{slug}'] },
      ]),
      [REMOTES.remotes.cart]: withRoutes([]),
      [REMOTES.remotes.checkout]: withRoutes([]),
      [REMOTES.remotes.account]: withRoutes([]),
    };
    load = jest.fn((url: string) =>
      Promise.resolve(url in answers ? asLoaded(answers[url]) : { text: '' }),
    );
    // The registry's own requests, if it made any, would go here.
    globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("fetches the list and every manifest, preloads the page's code, and hands them over unread", async () => {
    window.history.replaceState(null, '', '/things/cable-knit-sweater');
    startEarly(load);
    await settle();
    expect(asked()).toEqual(['/remotes.json', ...ALL_MANIFESTS]);
    expect(preloaded()).toEqual([
      'fetch http://127.0.0.1:9000/catalog/things/cable-knit-sweater.json',
      'script http://localhost:8081/remoteEntry.js',
      'script http://localhost:8081/832.a.js',
      'script http://localhost:8081/__federation_expose_product.d.js',
      'style http://localhost:8081/product.e.css',
    ]);
    // Data is asked for as the fetch helper does: CORS, no credentials.
    const data = document.head.querySelector<HTMLLinkElement>('link[as="fetch"]');
    expect(data?.getAttribute('crossorigin')).toBe('anonymous');
    // The registry reads the route lists from the same responses, and the federation runtime
    // gets each manifest once from it: no second request.
    const registry = await loadRegistry();
    expect(registry.remotes).toEqual(REMOTES.remotes);
    expect(registry.routeLists.catalog).toEqual([
      { path: '/things/:slug', module: './product', reads: ['catalog/things/{slug}'] },
    ]);
    expect(registry.missing).toEqual([]);
    const manifest = await earlyManifestPlugin.fetch?.(CATALOG, {});
    expect(manifest).toBeInstanceOf(Response);
    expect(await (manifest as Response).json()).toEqual(answers[CATALOG]);
    expect(earlyManifestPlugin.fetch?.(CATALOG, {})).toBeUndefined(); // the runtime fetches
    expect(globalThis.fetch).not.toHaveBeenCalled();
    expect(asked()).toHaveLength(5);
  });

  it("on a server-rendered page, preloads the page's code, not its data or styles (it has them)", async () => {
    window.history.replaceState(null, '', '/things/cable-knit-sweater');
    startEarly(load, { serverRendered: true });
    await settle();
    expect(preloaded()).toEqual([
      'script http://localhost:8081/remoteEntry.js',
      'script http://localhost:8081/832.a.js',
      'script http://localhost:8081/__federation_expose_product.d.js',
    ]);
  });

  it('preloads no code of a server-rendered page that waits for an interaction (decision 1312)', async () => {
    answers[CATALOG] = withRoutes([
      { path: '/things/:slug', module: './product', hydrate: 'on-interaction' },
    ]);
    window.history.replaceState(null, '', '/things/cable-knit-sweater');
    startEarly(load, { serverRendered: true });
    await settle();
    expect(preloaded()).toEqual([]);
    // The browser renders that page itself when the server did not: its code is needed at once.
    document.head.innerHTML = '';
    delete (globalThis as Record<string, unknown>)[EARLY_START_KEY];
    startEarly(load);
    await settle();
    expect(preloaded()).toContain('script http://localhost:8081/remoteEntry.js');
  });

  it("has the runtime preload a page's code but not the stylesheets already inline", async () => {
    window.history.replaceState(null, '', '/things/cable-knit-sweater');
    startEarly(load, { serverRendered: true });
    await loadRegistry();
    document.head.insertAdjacentHTML(
      'beforeend',
      '<style data-href="http://localhost:8081/product.e.css">.p{}</style>',
    );
    preloadModules([{ remote: 'catalog', exposed: './product' }]);
    type PreloadArgs = { nameOrAlias: string; exposes: string[]; filter: (url: string) => boolean };
    const args = jest.mocked(preloadRemote).mock.calls[0]?.[0] as PreloadArgs[] | undefined;
    expect(args).toMatchObject([{ nameOrAlias: 'catalog', exposes: ['./product'] }]);
    expect(args?.[0]?.filter('http://localhost:8081/product.e.css')).toBe(false);
    expect(args?.[0]?.filter('http://localhost:8081/832.a.js')).toBe(true);
    // The runtime (mocked here) would take the manifest the registry handed over.
    await earlyManifestPlugin.fetch?.(CATALOG, {});
  });

  it('preloads nothing for a page of the shell itself', async () => {
    window.history.replaceState(null, '', '/about');
    startEarly(load);
    await settle();
    expect(asked()).toEqual(['/remotes.json', ...ALL_MANIFESTS]);
    expect(preloaded()).toEqual([]);
  });

  it('loads nothing more when a QA override is asked for, by link or in storage', async () => {
    window.history.replaceState(
      null,
      '',
      '/?remote-override=catalog@http://evil.example/mf-manifest.json',
    );
    startEarly(load);
    await settle();
    window.history.replaceState(null, '', '/');
    window.localStorage.setItem(
      'shop.remoteOverrides',
      JSON.stringify({ catalog: 'http://localhost:9181/mf-manifest.json' }),
    );
    startEarly(load);
    await settle();
    expect(asked()).toEqual(['/remotes.json', '/remotes.json']);
    expect(preloaded()).toEqual([]);
  });

  it('reports a remote that is down as missing (its pages unknown), and leaves it to the runtime', async () => {
    window.history.replaceState(null, '', '/things/a');
    delete answers[CATALOG];
    startEarly(load);
    await settle();
    expect(preloaded()).toEqual([]);
    const registry = await loadRegistry();
    expect(registry.missing).toEqual(['catalog']);
    expect(registry.routeLists.catalog).toBeUndefined();
    expect(registry.routeLists.cart).toEqual([]);
    // The registry asked once more itself; the runtime then asks the network.
    expect(globalThis.fetch).toHaveBeenCalledWith(CATALOG, { cache: 'no-cache' });
    expect(earlyManifestPlugin.fetch?.(CATALOG, {})).toBeUndefined();
    expect(takeEarlyManifest(CATALOG)).toBeUndefined();
  });

  it('leaves a broken list or manifest to the registry and the runtime', async () => {
    answers['/remotes.json'] = '{ not json';
    startEarly(load);
    await settle();
    expect(asked()).toEqual(['/remotes.json']);
    const early = await takeEarlyRemotesFile();
    await expect(early?.json()).rejects.toThrow();
    expect(takeEarlyRemotesFile()).toBeUndefined();

    delete (globalThis as Record<string, unknown>)[EARLY_START_KEY];
    answers['/remotes.json'] = REMOTES;
    answers[CATALOG] = '<html>not a manifest</html>';
    window.history.replaceState(null, '', '/things/a');
    startEarly(load);
    await settle();
    expect(preloaded()).toEqual([]);
  });
});
