import {
  RELEASES_ATTRIBUTE,
  documentRemotes,
  formatReleases,
  parseReleases,
  recordedReleases,
  releaseFileUrl,
  releaseManifestUrl,
  releaseOf,
} from './releases';

const SITE = 'http://localhost:8081/mf-manifest.json';

describe('the release a manifest names', () => {
  test("a site's pointer names its release; a build served as it is names none", () => {
    expect(releaseOf({ metaData: { release: { id: '3f9a0c1d2e4b', label: 'x' } } })).toBe(
      '3f9a0c1d2e4b',
    );
    expect(releaseOf({ metaData: { publicPath: 'auto' } })).toBeNull();
    expect(releaseOf(null)).toBeNull();
  });

  test('an id that could leave the releases folder is no release', () => {
    for (const id of ['../x', 'a/b', '', 'a.b', 'x'.repeat(65), 42]) {
      expect(releaseOf({ metaData: { release: { id } } })).toBeNull();
    }
  });
});

describe('addresses of a release', () => {
  test("the pointer's release manifest, beside the pointer; a release's own is itself", () => {
    const own = 'http://localhost:8081/releases/3f9a0c1d2e4b/mf-manifest.json';
    expect(releaseManifestUrl(SITE, '3f9a0c1d2e4b')).toBe(own);
    expect(releaseManifestUrl(own, '3f9a0c1d2e4b')).toBe(own);
    expect(releaseManifestUrl('https://cdn.example.com/catalog/mf-manifest.json', 'abc')).toBe(
      'https://cdn.example.com/catalog/releases/abc/mf-manifest.json',
    );
  });

  test("the server container listed at the site's root is the release's own", () => {
    expect(releaseFileUrl('http://localhost:8081/server/remoteEntry.js', SITE, 'abc')).toBe(
      'http://localhost:8081/releases/abc/server/remoteEntry.js',
    );
    // Elsewhere than the site: as listed.
    expect(releaseFileUrl('https://other.example.com/server/remoteEntry.js', SITE, 'abc')).toBe(
      'https://other.example.com/server/remoteEntry.js',
    );
  });
});

describe("a page's recorded releases", () => {
  test('written in name order, read back the same', () => {
    const releases = { checkout: 'c1', catalog: 'a1', cart: 'b1' };
    const written = formatReleases(releases);
    expect(written).toBe('cart:b1 catalog:a1 checkout:c1');
    expect(parseReleases(written)).toEqual(releases);
  });

  test('anything malformed is left out', () => {
    expect(parseReleases('catalog:a1 cart:../x checkout account:x:y Bad:z :q')).toEqual({
      catalog: 'a1',
    });
    expect(parseReleases(undefined)).toEqual({});
  });

  test('read from the page the server rendered', () => {
    document.documentElement.setAttribute(RELEASES_ATTRIBUTE, 'catalog:a1');
    try {
      expect(recordedReleases()).toEqual({ catalog: 'a1' });
    } finally {
      document.documentElement.removeAttribute(RELEASES_ATTRIBUTE);
    }
    expect(recordedReleases()).toEqual({});
  });

  test("the document's remote list: a recorded remote at its release, the others as listed", () => {
    const remotes = { catalog: SITE, cart: 'http://localhost:8082/mf-manifest.json' };
    expect(documentRemotes(remotes, { catalog: 'a1' })).toEqual({
      catalog: 'http://localhost:8081/releases/a1/mf-manifest.json',
      cart: 'http://localhost:8082/mf-manifest.json',
    });
    // A QA override keeps its own address.
    expect(documentRemotes(remotes, { catalog: 'a1' }, new Set(['catalog']))).toEqual(remotes);
    expect(documentRemotes({ catalog: 'not a url' }, { catalog: 'a1' })).toEqual({
      catalog: 'not a url',
    });
  });
});
