/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { PAGE_TEMPLATE } from '../../shell/src/server/serverTemplate';
import { APP_NAMES, appDir, appPage } from './apps';
import { headersOf, hostingSite, hostingSites } from './hosting';
import { join, relative } from 'node:path';
import { ROOT } from './apps';

const sites = hostingSites();

test("one Hosting site per app: the shell's build, each remote's releases", () => {
  expect(sites.map((site) => site.target).sort()).toEqual([...APP_NAMES].sort());
  for (const app of APP_NAMES) {
    const folder = app === 'shell' ? 'dist' : 'site';
    expect(hostingSite(app, sites).public).toBe(relative(ROOT, join(appDir(app), folder)));
  }
});

test.each(APP_NAMES.filter((app) => app !== 'shell'))(
  "%s: a release's files are immutable, the site's pointer and index revalidated",
  (app) => {
    const headers = headersOf(hostingSite(app, sites));
    const immutable = 'public, max-age=31536000, immutable';
    for (const path of [
      '/releases/3f9a0c1d2e4b/mf-manifest.json',
      '/releases/3f9a0c1d2e4b/remoteEntry.js',
      '/releases/3f9a0c1d2e4b/server/remoteEntry.js',
      '/releases/3f9a0c1d2e4b/index.html',
      '/releases/3f9a0c1d2e4b/images/a.svg',
    ]) {
      expect([path, headers(path)['Cache-Control']]).toEqual([path, immutable]);
    }
    for (const path of ['/mf-manifest.json', '/releases.json', '/', '/index.html']) {
      expect([path, headers(path)['Cache-Control']]).toEqual([path, 'no-cache']);
    }
    // Not a release: a folder name with a dot could climb out.
    expect(headers('/releases/../mf-manifest.json')['Cache-Control']).toBe('no-cache');
  },
);

test.each(APP_NAMES)('%s: security headers on every answer', (app) => {
  const headers = headersOf(hostingSite(app, sites));
  for (const path of ['/', '/products/x', '/mf-manifest.json', '/a.0123456789.js']) {
    expect(headers(path)).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    });
  }
  for (const path of ['/mf-manifest.json', '/a.0123456789.js', '/images/products/a.svg']) {
    expect(headers(path)['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  }
});

test("a remote's pages get the baseline policy; the shell's pages keep the shell server's own", () => {
  for (const app of APP_NAMES) {
    const policy = headersOf(hostingSite(app, sites))('/products/x')['Content-Security-Policy'];
    // Hosting sends the site's value over a rewrite's (the emulator does): a site policy on the
    // shell's pages would replace each page's nonce policy (decision 1304).
    if (app === 'shell') expect(policy).toBeUndefined();
    else expect(policy).toContain("frame-ancestors 'none'");
  }
});

test.each(APP_NAMES)(
  '%s: hashed files are immutable, files that name other files are revalidated',
  (app) => {
    const cacheOf = (path: string) => headersOf(hostingSite(app, sites))(path)['Cache-Control'];
    expect(cacheOf('/464.f8b08c27be.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheOf('/__federation_expose_home.e84bacc9b9.css')).toBe(
      'public, max-age=31536000, immutable',
    );
    // The shell's `/` is a page (its server's Cache-Control); a remote's is its own index.html.
    for (const path of [
      ...(app === 'shell' ? [] : ['/']),
      '/index.html',
      '/remotes.json',
      '/mf-manifest.json',
      '/remoteEntry.js',
      '/server/remoteEntry.js',
      '/main.js',
      '/federation-runtime.js',
    ]) {
      expect(cacheOf(path)).toBe('no-cache');
    }
    expect(cacheOf('/images/products/a.svg')).toBe('public, max-age=3600');
  },
);

test("the shell's pages are the shell server's: its template is not published, every path rewrites", () => {
  const shell = hostingSite('shell', sites);
  // Not index.html, which Hosting (and its emulator, which publishes ignored files too) would
  // send for `/` before the rewrite; the shell server reads the same name.
  expect(appPage('shell')).toBe(PAGE_TEMPLATE);
  expect(PAGE_TEMPLATE).not.toBe('index.html');
  expect(shell.ignore).toContain(PAGE_TEMPLATE);
  // A regex, not the glob `**`: a glob's `**` skips a segment starting with a dot, so `/.well`
  // and `/products/.x` were Hosting's own 404 with the files' policy (decision 3701).
  expect(shell.rewrites).toEqual([
    { regex: '.*', function: { functionId: 'shellServer', region: 'us-central1' } },
  ]);
});

test('the shell server is a functions codebase of its own, assembled from the shell builds', () => {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    functions: Array<{ source: string; codebase: string; predeploy?: string[] }>;
  };
  const shell = config.functions.find((codebase) => codebase.codebase === 'shell');
  expect(shell?.source).toBe('shell/function');
  expect(shell?.predeploy?.join(' && ')).toContain('scripts/assemble-shell-function.ts');
  const manifest = JSON.parse(readFileSync(join(ROOT, 'shell/function/package.json'), 'utf8')) as {
    main: string;
    dependencies: Record<string, string>;
  };
  expect(manifest.main).toBe('lib/function.js');
  // What the server build requires at run time must be installed where it is deployed.
  for (const name of ['react', 'react-dom', 'firebase-functions']) {
    expect(manifest.dependencies[name]).toBeDefined();
  }
  // The router is bundled (its production build, decision 3703): not installed there.
  expect(manifest.dependencies['react-router-dom']).toBeUndefined();
});

test('a glob rule is refused by the local servers rather than silently not applied', () => {
  expect(() =>
    headersOf({ target: 'x', public: 'x', headers: [{ source: '**', headers: [] }] }),
  ).toThrow(/regex/);
});

test("the shell's pages carry no CORS header and keep their own policy and cache rules", () => {
  const headersFor = headersOf(hostingSite('shell', sites));
  for (const page of ['/', '/men', '/products/trail-runner-gtx', '/.well', '/products/.x']) {
    const headers = headersFor(page);
    expect({ page, cors: headers['Access-Control-Allow-Origin'] }).toEqual({
      page,
      cors: undefined,
    });
    // Hosting's header would replace the page's own: none for pages.
    expect({ page, csp: headers['Content-Security-Policy'] }).toEqual({ page, csp: undefined });
    expect({ page, cache: headers['Cache-Control'] }).toEqual({ page, cache: undefined });
  }
  expect(headersFor('/main.js')['Access-Control-Allow-Origin']).toBe('*');
  expect(headersFor('/images/products/a.svg')['Content-Security-Policy']).toContain(
    "frame-ancestors 'none'",
  );
});
