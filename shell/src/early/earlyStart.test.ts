import { earlyManifestPlugin, loadRegistry } from '../remotes/registry';
import { preloadsFromManifest, startEarly, type RemoteManifest } from './earlyStart';
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
      assets: { js: { sync: ['832.a.js', '__federation_expose_product.d.js'] } },
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
    ).toEqual({ scripts: [], styles: [] });
    const scripted: RemoteManifest = {
      ...CATALOG_MANIFEST,
      metaData: { publicPath: 'javascript:alert(1)//', remoteEntry: { name: 'remoteEntry.js' } },
    };
    expect(preloadsFromManifest(scripted, CATALOG, ['./home'])).toEqual({
      scripts: [],
      styles: [],
    });
  });
});

describe('startEarly', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  let fetchMock: jest.Mock;

  const preloaded = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map(
      (link) => `${link.as} ${link.href}`,
    );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  beforeEach(() => {
    delete (globalThis as Record<string, unknown>)[EARLY_START_KEY];
    document.head.innerHTML = '';
    window.localStorage.clear();
    fetchMock = jest.fn((url: string) => {
      if (url === '/remotes.json') return Promise.resolve(json(REMOTES));
      if (url === CATALOG) return Promise.resolve(json(CATALOG_MANIFEST));
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("fetches the list and the page's manifest, preloads its code, and hands both over unread", async () => {
    window.history.replaceState(null, '', '/products/cable-knit-sweater');
    startEarly();
    await settle();
    await settle();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/remotes.json', CATALOG]);
    expect(preloaded()).toEqual([
      'script http://localhost:8081/remoteEntry.js',
      'script http://localhost:8081/832.a.js',
      'script http://localhost:8081/__federation_expose_product.d.js',
    ]);
    // The registry and the federation runtime read the same responses, each once.
    const manifest = await earlyManifestPlugin.fetch?.(CATALOG, {});
    expect(manifest).toBeInstanceOf(Response);
    expect(await (manifest as Response).json()).toEqual(CATALOG_MANIFEST);
    expect(earlyManifestPlugin.fetch?.(CATALOG, {})).toBeUndefined(); // the runtime fetches
    const registry = await loadRegistry();
    expect(registry.remotes).toEqual(REMOTES.remotes);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fetches no manifest for a page of the shell itself', async () => {
    window.history.replaceState(null, '', '/about');
    startEarly();
    await settle();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/remotes.json']);
    expect(preloaded()).toEqual([]);
  });

  it('loads nothing more when a QA override is asked for, by link or in storage', async () => {
    window.history.replaceState(
      null,
      '',
      '/?remote-override=catalog@http://evil.example/mf-manifest.json',
    );
    startEarly();
    await settle();
    window.history.replaceState(null, '', '/');
    window.localStorage.setItem(
      'shop.remoteOverrides',
      JSON.stringify({ catalog: 'http://localhost:9181/mf-manifest.json' }),
    );
    startEarly();
    await settle();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/remotes.json', '/remotes.json']);
    expect(preloaded()).toEqual([]);
  });

  it('leaves a remote that is down to the runtime, which then reports it', async () => {
    fetchMock.mockImplementation((url: string) =>
      url === '/remotes.json'
        ? Promise.resolve(json(REMOTES))
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    startEarly();
    await settle();
    await settle();
    expect(preloaded()).toEqual([]);
    // The runtime gets a fresh attempt: here the remote is still down, so it sees that failure.
    await expect(earlyManifestPlugin.fetch?.(CATALOG, {})).rejects.toThrow('Failed to fetch');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/remotes.json', CATALOG, CATALOG]);
    expect(takeEarlyManifest(CATALOG)).toBeUndefined();
  });

  it('leaves a failed or broken list to the registry', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response('{ not json', { status: 200 })),
    );
    startEarly();
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(preloaded()).toEqual([]);
    const early = await takeEarlyRemotesFile();
    await expect(early?.json()).rejects.toThrow();
    expect(takeEarlyRemotesFile()).toBeUndefined();
  });
});
