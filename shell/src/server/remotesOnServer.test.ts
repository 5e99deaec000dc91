/**
 * @jest-environment node
 */
// The shell server reads each remote's site over HTTP (decision 4901): the release its pointer
// names, that release's server container, and a canary's apart, under a name of its own.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServerRemotes } from './remotesOnServer';

const registered: { name: string; entry: string }[] = [];
jest.mock('@module-federation/enhanced/runtime', () => ({
  createInstance: () => ({
    loadRemote: jest.fn(),
    registerRemotes: (remotes: { name: string; entry: string }[]) => registered.push(...remotes),
  }),
}));

let server: Server;
let site = '';
const files: Record<string, unknown> = {};
/** Path → how long its answer waits (ms): which manifest arrives first. */
const delays: Record<string, number> = {};

const manifest = (id: string, page: string, extra: Record<string, unknown> = {}) => ({
  metaData: {
    publicPath: `${site}/releases/${id}/`,
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    routes: [{ path: page, module: './page' }],
    release: { id },
    ...extra,
  },
  exposes: [],
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = files[req.url ?? ''];
    setTimeout(
      () => {
        res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' });
        res.end(body ? JSON.stringify(body) : 'not found');
      },
      delays[req.url ?? ''] ?? 0,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function remotesFile(remotes: Record<string, string> = { catalog: '' }): string {
  const file = join(mkdtempSync(join(tmpdir(), 'remotes-')), 'remotes.json');
  const at = (path: string, name: string) => `${site}${path}/${name}`;
  writeFileSync(
    file,
    JSON.stringify({
      remotes: Object.fromEntries(
        Object.entries(remotes).map(([name, path]) => [name, at(path, 'mf-manifest.json')]),
      ),
      serverEntries: Object.fromEntries(
        Object.entries(remotes).map(([name, path]) => [name, at(path, 'server/remoteEntry.js')]),
      ),
    }),
  );
  return file;
}

test("the release a site points at, and its canary's composition apart", async () => {
  files['/mf-manifest.json'] = manifest('aaaa1111', '/goods', {
    canary: { id: 'bbbb2222', share: 10 },
  });
  files['/releases/bbbb2222/mf-manifest.json'] = manifest('bbbb2222', '/wares');
  const remotes = createServerRemotes({ remotesFile: remotesFile(), sharedVersions: {}, ttlMs: 0 });
  const current = await remotes.current();
  expect(current.releases).toBe('catalog:aaaa1111');
  expect(current.pointers).toEqual({
    catalog: { current: 'aaaa1111', canary: { id: 'bbbb2222', share: 10 } },
  });
  expect(current.routeLists.catalog?.map((route) => route.path)).toEqual(['/goods']);
  expect([...current.rendered]).toEqual(['catalog']);
  const canary = current.variant(['catalog']);
  expect(canary.releases).toBe('catalog:bbbb2222');
  expect(canary.onCanary).toEqual(['catalog']);
  expect(canary.routeLists.catalog?.map((route) => route.path)).toEqual(['/wares']);
  expect(canary.version).not.toBe(current.version);
  expect(current.variant(['catalog'])).toBe(canary); // worked out once per read
  expect(registered).toEqual([
    { name: 'catalog', entry: `${site}/releases/aaaa1111/server/remoteEntry.js` },
    { name: 'catalog__canary', entry: `${site}/releases/bbbb2222/server/remoteEntry.js` },
  ]);
});

test('a canary whose manifest cannot be read: every shopper gets the current release', async () => {
  registered.length = 0;
  files['/mf-manifest.json'] = manifest('aaaa1111', '/goods', {
    canary: { id: 'cccc3333', share: 10 },
  });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const remotes = createServerRemotes({ remotesFile: remotesFile(), sharedVersions: {}, ttlMs: 0 });
  const current = await remotes.current();
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('canary cccc3333 unavailable'));
  warn.mockRestore();
  expect(current.pointers).toEqual({ catalog: { current: 'aaaa1111' } });
  expect(current.releases).toBe('catalog:aaaa1111');
});

test('the same remotes read again are the same version, whichever manifest arrives first', async () => {
  files['/cart/mf-manifest.json'] = manifest('dddd4444', '/basket');
  files['/shop/mf-manifest.json'] = manifest('eeee5555', '/goods');
  const remotes = createServerRemotes({
    remotesFile: remotesFile({ cart: '/cart', catalog: '/shop' }),
    sharedVersions: {},
    ttlMs: 0,
  });
  delays['/shop/mf-manifest.json'] = 30;
  const catalogLast = await remotes.current();
  delays['/shop/mf-manifest.json'] = 0;
  delays['/cart/mf-manifest.json'] = 30;
  const cartLast = await remotes.current();
  delays['/cart/mf-manifest.json'] = 0;
  expect(cartLast).not.toBe(catalogLast); // read again
  expect(cartLast.version).toBe(catalogLast.version);
});
