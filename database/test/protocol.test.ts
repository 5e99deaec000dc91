import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRepoRoot, startDatabaseServer } from '../src/createServer';
import { ADMIN, client, request, startTestServer, type TestServer } from './helpers';
import { makeEmulatorStyleToken, makeRawToken, makeSignedToken, verifyTestToken } from './tokens';

let t: TestServer;
let db: ReturnType<typeof client>;
const admin = { token: ADMIN };

beforeAll(async () => {
  t = await startTestServer();
  db = client(t.server.url);
});
afterAll(() => t.stop());

describe('reads and writes', () => {
  test('a missing path is 200 null', async () => {
    const r = await db.get('/nothing/here.json', admin);
    expect(r.status).toBe(200);
    expect(r.text).toBe('null');
  });

  test('PUT answers the stored value; GET reads it back at /path.json and /path/.json', async () => {
    const r = await db.put('/p/a.json', { x: 1, y: 'two', z: true }, admin);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ x: 1, y: 'two', z: true });
    expect((await db.get('/p/a.json', admin)).json).toEqual({ x: 1, y: 'two', z: true });
    expect((await db.get('/p/a/.json', admin)).json).toEqual({ x: 1, y: 'two', z: true });
    expect((await db.get('/p/a/y.json', admin)).json).toBe('two');
    expect(r.headers['content-type']).toMatch(/application\/json/);
  });

  test('PUT replaces, PATCH merges and answers the patch', async () => {
    await db.put('/p/b.json', { a: 1, b: 2 }, admin);
    const r = await db.patch('/p/b.json', { b: 3, c: 4 }, admin);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ b: 3, c: 4 });
    expect((await db.get('/p/b.json', admin)).json).toEqual({ a: 1, b: 3, c: 4 });
    await db.put('/p/b.json', { only: 1 }, admin);
    expect((await db.get('/p/b.json', admin)).json).toEqual({ only: 1 });
  });

  test('multi-location PATCH with slashes writes every location', async () => {
    const r = await db.patch('/p/m.json', { 'x/y': 1, 'z/w/v': 'deep', q: null }, admin);
    expect(r.status).toBe(200);
    expect((await db.get('/p/m.json', admin)).json).toEqual({
      x: { y: 1 },
      z: { w: { v: 'deep' } },
    });
  });

  test('POST answers a 20-char time-ordered push id', async () => {
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await db.post('/p/list.json', { i }, admin);
      expect(r.status).toBe(200);
      const { name } = r.json as { name: string };
      expect(name).toMatch(/^[-0-9A-Za-z_]{20}$/);
      names.push(name);
    }
    expect([...names].sort()).toEqual(names);
    expect(new Set(names).size).toBe(5);
    const list = (await db.get('/p/list.json', admin)).json as Record<string, { i: number }>;
    expect(
      Object.keys(list)
        .sort()
        .map((k) => list[k]?.i),
    ).toEqual([0, 1, 2, 3, 4]);
  });

  test('DELETE answers null; writing null deletes; empty parents vanish', async () => {
    await db.put('/p/d.json', { keep: 1, sub: { only: { leaf: 1 } } }, admin);
    const r = await db.del('/p/d/sub/only/leaf.json', admin);
    expect(r.status).toBe(200);
    expect(r.text).toBe('null');
    expect((await db.get('/p/d.json', admin)).json).toEqual({ keep: 1 });
    await db.put('/p/d/keep.json', null, admin);
    expect((await db.get('/p/d.json', admin)).text).toBe('null');
  });

  test('empty objects vanish', async () => {
    const r = await db.put('/p/e.json', { a: {}, b: { c: {} }, d: 1 }, admin);
    expect(r.json).toEqual({ d: 1 });
    expect((await db.get('/p/e.json', admin)).json).toEqual({ d: 1 });
    expect((await db.put('/p/e2.json', {}, admin)).text).toBe('null');
    expect((await db.get('/p/e2.json', admin)).text).toBe('null');
  });

  test('arrays are stored as numeric keys and read back as arrays where Firebase would', async () => {
    await db.put('/p/arr.json', ['a', 'b', 'c'], admin);
    expect((await db.get('/p/arr.json', admin)).json).toEqual(['a', 'b', 'c']);
    expect((await db.get('/p/arr/1.json', admin)).json).toBe('b');
    await db.del('/p/arr/1.json', admin);
    expect((await db.get('/p/arr.json', admin)).json).toEqual(['a', null, 'c']);
    await db.put('/p/sparse.json', { '0': 'x', '7': 'y' }, admin);
    expect((await db.get('/p/sparse.json', admin)).json).toEqual({ '0': 'x', '7': 'y' });
    await db.put('/p/nulls.json', [1, null, 3], admin);
    expect((await db.get('/p/nulls.json', admin)).json).toEqual([1, null, 3]);
    await db.put('/p/mixed.json', { '0': 1, a: 2 }, admin);
    expect((await db.get('/p/mixed.json', admin)).json).toEqual({ '0': 1, a: 2 });
  });

  test('writing below a primitive replaces it; writing a primitive over a tree replaces it', async () => {
    await db.put('/p/prim.json', 'text', admin);
    await db.put('/p/prim/child.json', 5, admin);
    expect((await db.get('/p/prim.json', admin)).json).toEqual({ child: 5 });
    await db.put('/p/prim.json', 42, admin);
    expect((await db.get('/p/prim.json', admin)).json).toBe(42);
  });

  test('keys with unicode and percent-encoded characters round-trip', async () => {
    await db.put('/p/u/caf%C3%A9%20cr%C3%A8me.json', 'ok', admin);
    expect((await db.get('/p/u.json', admin)).json).toEqual({ 'café crème': 'ok' });
  });
});

describe('print, shallow and queries', () => {
  beforeAll(async () => {
    await db.put(
      '/q/items.json',
      {
        a: { n: 3, s: 'x', tag: 'red' },
        b: { n: 1, s: 'y', tag: 'blue' },
        c: { n: 2, s: 'z', tag: 'red' },
        d: { s: 'w', tag: 'green' },
        e: { n: 10, s: 'v', tag: 'blue' },
      },
      admin,
    );
  });

  test('print=silent answers 204 with no body', async () => {
    const r = await db.put('/q/silent.json?print=silent', { a: 1 }, admin);
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect((await db.get('/q/silent.json', admin)).json).toEqual({ a: 1 });
  });

  test('print=pretty indents', async () => {
    const r = await db.get('/q/silent.json?print=pretty', admin);
    expect(r.text).toBe('{\n  "a": 1\n}');
  });

  test('shallow=true gives true for each child; primitives stay', async () => {
    expect((await db.get('/q/items.json?shallow=true', admin)).json).toEqual({
      a: true,
      b: true,
      c: true,
      d: true,
      e: true,
    });
    expect((await db.get('/q/items/a/n.json?shallow=true', admin)).json).toBe(3);
  });

  test('catalog: orderBy an indexed child with equalTo, startAt, endAt, limits', async () => {
    const men = (await db.get('/catalog/products.json?orderBy="category"&equalTo="men"'))
      .json as Record<string, { category: string }>;
    expect(Object.keys(men).length).toBeGreaterThanOrEqual(20);
    expect(Object.values(men).every((p) => p.category === 'men')).toBe(true);
    const cheap = (await db.get('/catalog/products.json?orderBy="discountedPrice"&endAt=40'))
      .json as Record<string, { discountedPrice: number }>;
    expect(Object.values(cheap).every((p) => p.discountedPrice <= 40)).toBe(true);
    const newest = (await db.get('/catalog/products.json?orderBy="createdAt"&limitToLast=3'))
      .json as Record<string, { createdAt: number }>;
    const all = (await db.get('/catalog/products.json')).json as Record<
      string,
      { createdAt: number }
    >;
    const top3 = Object.values(all)
      .map((p) => p.createdAt)
      .sort((x, y) => x - y)
      .slice(-3);
    expect(Object.values(newest).map((p) => p.createdAt)).toEqual(top3);
  });

  test('orderBy an un-indexed child is 400 with the .indexOn hint', async () => {
    const r = await db.get('/catalog/products.json?orderBy="name"');
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      error:
        'Index not defined, add ".indexOn": "name", for path "/catalog/products", to the rules',
    });
  });

  test('$key ordering with startAt/endAt and limitToFirst', async () => {
    const r = await db.get('/q/items.json?orderBy="$key"&startAt="b"&endAt="d"', admin);
    expect(Object.keys(r.json as object)).toEqual(['b', 'c', 'd']);
    const first = await db.get('/q/items.json?orderBy="$key"&limitToFirst=2', admin);
    expect(Object.keys(first.json as object)).toEqual(['a', 'b']);
  });

  test('$value ordering, and $priority (all priorities null → key order)', async () => {
    await db.put('/q/scores.json', { x: 5, y: 1, z: 3, w: 'str' }, admin);
    const r = await db.get('/q/scores.json?orderBy="$value"&limitToFirst=2', admin);
    expect(r.json).toEqual({ y: 1, z: 3 });
    const s = await db.get('/q/scores.json?orderBy="$value"&startAt=3&endAt=5', admin);
    expect(r.status).toBe(200);
    expect(s.json).toEqual({ z: 3, x: 5 });
    const p = await db.get('/q/scores.json?orderBy="$priority"&limitToLast=2', admin);
    expect(Object.keys(p.json as object)).toEqual(['y', 'z']);
  });

  test('orderBy a child with limitToFirst gives the smallest value', async () => {
    const r = await db.get('/catalog/products.json?orderBy="discountedPrice"&limitToFirst=1');
    const all = (await db.get('/catalog/products.json')).json as Record<
      string,
      { discountedPrice: number }
    >;
    const min = Math.min(...Object.values(all).map((p) => p.discountedPrice));
    const first = Object.values(r.json as Record<string, { discountedPrice: number }>)[0];
    expect(first?.discountedPrice).toBe(min);
  });

  test('a query on a primitive answers the primitive', async () => {
    const r = await db.get('/q/items/a/s.json?orderBy="$key"&limitToFirst=1', admin);
    expect(r.json).toBe('x');
  });
});

describe('ETags and conditional writes', () => {
  test('X-Firebase-ETag: true gives an ETag; if-match with it succeeds', async () => {
    await db.put('/etag/v.json', { a: 1 }, admin);
    const r = await db.get('/etag/v.json', { ...admin, headers: { 'X-Firebase-ETag': 'true' } });
    const etag = r.headers.etag as string;
    expect(etag).toBeTruthy();
    const ok = await db.put('/etag/v.json', { a: 2 }, { ...admin, headers: { 'if-match': etag } });
    expect(ok.status).toBe(200);
    expect((await db.get('/etag/v.json', admin)).json).toEqual({ a: 2 });
  });

  test('if-match mismatch is 412 with the current value and its ETag; data unchanged', async () => {
    await db.put('/etag/w.json', { a: 1 }, admin);
    const current = await db.get('/etag/w.json', {
      ...admin,
      headers: { 'X-Firebase-ETag': 'true' },
    });
    const r = await db.put(
      '/etag/w.json',
      { a: 9 },
      { ...admin, headers: { 'if-match': 'stale' } },
    );
    expect(r.status).toBe(412);
    expect(r.json).toEqual({ a: 1 });
    expect(r.headers.etag).toBe(current.headers.etag);
    expect((await db.get('/etag/w.json', admin)).json).toEqual({ a: 1 });
    const d = await db.del('/etag/w.json', { ...admin, headers: { 'if-match': 'stale' } });
    expect(d.status).toBe(412);
  });

  test('a missing location has the null ETag and can be created conditionally', async () => {
    const r = await db.get('/etag/none.json', { ...admin, headers: { 'X-Firebase-ETag': 'true' } });
    expect(r.headers.etag).toBe('null_etag');
    const c = await db.put('/etag/none.json', 1, {
      ...admin,
      headers: { 'if-match': 'null_etag' },
    });
    expect(c.status).toBe(200);
  });

  test('equal data has equal ETags regardless of key order', async () => {
    await db.put('/etag/o1.json', { a: 1, b: 2 }, admin);
    await db.put('/etag/o2.json', { b: 2, a: 1 }, admin);
    const h = { ...admin, headers: { 'X-Firebase-ETag': 'true' } };
    expect((await db.get('/etag/o1.json', h)).headers.etag).toBe(
      (await db.get('/etag/o2.json', h)).headers.etag,
    );
  });
});

describe('server values', () => {
  test('{".sv":"timestamp"} becomes the server time', async () => {
    const before = Date.now();
    const r = await db.put('/sv/t.json', { at: { '.sv': 'timestamp' } }, admin);
    const at = (r.json as { at: number }).at;
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  test('{".sv":{"increment":n}} adds to the current number (or starts from n)', async () => {
    await db.put('/sv/n.json', { '.sv': { increment: 5 } }, admin);
    await db.put('/sv/n.json', { '.sv': { increment: 2.5 } }, admin);
    await db.patch('/sv.json', { n: { '.sv': { increment: -1 } } }, admin);
    expect((await db.get('/sv/n.json', admin)).json).toBe(6.5);
  });
});

describe('CORS', () => {
  test('responses allow any origin; OPTIONS preflight allows methods and headers', async () => {
    const r = await db.get('/catalog/collections.json');
    expect(r.headers['access-control-allow-origin']).toBe('*');
    const pre = await request(t.server.url, 'OPTIONS', '/users/x.json', {
      headers: {
        Origin: 'http://localhost:8080',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type,authorization,if-match,x-firebase-etag',
      },
    });
    expect(pre.status).toBe(200);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    const methods = String(pre.headers['access-control-allow-methods']);
    for (const m of ['GET', 'PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS'])
      expect(methods).toContain(m);
    const headers = String(pre.headers['access-control-allow-headers']).toLowerCase();
    for (const h of ['content-type', 'authorization', 'x-firebase-etag', 'if-match']) {
      expect(headers).toContain(h);
    }
  });

  test('errors carry CORS headers too', async () => {
    const r = await db.get('/users.json');
    expect(r.status).toBe(401);
    expect(r.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('X-Content-Type-Options: nosniff', () => {
  /** The status and headers of a request, without waiting for its body (event streams). */
  const head = (path: string, headers: Record<string, string>) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get(new URL(path, t.server.url), { headers, agent: false }, (res) => {
        resolve(res);
        req.destroy();
      });
      req.on('error', reject);
    });

  test('on every kind of successful answer too', async () => {
    await db.put('/ns/v.json', { a: 'x'.repeat(2000) }, admin);
    const answers = [
      await db.get('/ns/v.json', admin),
      await db.get('/ns/v.json', { ...admin, headers: { 'Accept-Encoding': 'gzip' } }),
      await db.get('/ns/v.json?print=silent', admin),
      await db.put('/ns/w.json', 1, admin),
      await db.patch('/ns.json', { w: 2 }, admin),
      await db.post('/ns/list.json', 3, admin),
      await db.del('/ns/w.json', admin),
      await db.put('/ns/v.json', 1, { ...admin, headers: { 'if-match': 'stale' } }),
      await db.raw('OPTIONS', '/ns/v.json'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 204, 200, 200, 200, 200, 412, 200]);
    for (const a of answers) expect(a.headers['x-content-type-options']).toBe('nosniff');
    const stream = await head('/ns/v.json', {
      Accept: 'text/event-stream',
      Authorization: 'Bearer owner',
    });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('auth tokens', () => {
  const path = '/users/anonymousTokens/tok-user/anonymousCart.json';
  const cart = { totalQuantity: 0 };

  test('?auth= and Authorization: Bearer both work', async () => {
    const token = makeEmulatorStyleToken({ uid: 'tok-user' });
    expect((await db.put(`${path}?auth=${token}`, cart)).status).toBe(200);
    expect((await db.get(path, { token })).json).toEqual(cart);
  });

  test.each([
    ['expired', makeEmulatorStyleToken({ uid: 'tok-user', expiresIn: -10 })],
    [
      'another project (issuer and audience)',
      makeEmulatorStyleToken({ uid: 'tok-user', projectId: 'demo-other' }),
    ],
    [
      'wrong audience only',
      makeEmulatorStyleToken({ uid: 'tok-user', claims: { aud: 'demo-other' } }),
    ],
    ['empty subject', makeEmulatorStyleToken({ uid: '' })],
    ['not a JWT', 'garbage'],
    ['signed (RS256) token', makeRawToken({ alg: 'RS256' }, { sub: 'tok-user' }, 'c2ln')],
    [
      'no expiry',
      makeRawToken(
        { alg: 'none' },
        { sub: 'x', iss: 'https://securetoken.google.com/demo-shop', aud: 'demo-shop' },
      ),
    ],
    ['undecodable payload', 'eyJhbGciOiJub25lIn0.%%%.'],
  ])('%s token is 401 with an error', async (_name, token) => {
    const r = await db.get(`${path}?auth=${encodeURIComponent(token)}`);
    expect(r.status).toBe(401);
    expect(typeof (r.json as { error: string }).error).toBe('string');
  });

  test('a non-demo project refuses to start without a way to verify signed tokens', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-db-test-'));
    try {
      await expect(
        startDatabaseServer({ port: 0, dataDir, log: false, projectId: 'shop-prod' }),
      ).rejects.toThrow(
        /refusing to start for project "shop-prod": it is not a demo- project.*verifyIdToken/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('npm start for a non-demo project exits with that message', () => {
    const repoRoot = findRepoRoot();
    const result = spawnSync(
      join(repoRoot, 'node_modules', '.bin', 'tsx'),
      [join(repoRoot, 'database', 'src', 'server.ts')],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          SHOP_FIREBASE_PROJECT_ID: 'shop-prod',
          SHOP_DB_PORT: '0',
          SHOP_DB_DATA_DIR: join(t.dataDir, 'never-created'),
        },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('refusing to start for project "shop-prod"');
    expect(result.stderr).not.toMatch(/^\s+at /m); // a message, not a stack trace
    expect(existsSync(join(t.dataDir, 'never-created'))).toBe(false);
  }, 60_000);

  describe('a non-demo project with a token verifier', () => {
    let prod: TestServer;
    const uid = 'prod-user';
    const cartPath = `/users/anonymousTokens/${uid}/anonymousCart.json`;
    beforeAll(async () => {
      prod = await startTestServer({ projectId: 'shop-prod', verifyIdToken: verifyTestToken });
    });
    afterAll(() => prod.stop());
    const call = (method: string, path: string, token: string, body?: unknown) =>
      request(prod.server.url, method, path, {
        token,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    test('refuses unsigned (Auth emulator) tokens, even with the right claims', async () => {
      const unsigned = makeEmulatorStyleToken({ uid, projectId: 'shop-prod' });
      const r = await call('PUT', cartPath, unsigned, { totalQuantity: 0 });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({
        error: 'Unsigned auth tokens are only accepted for demo- projects, not project shop-prod',
      });
      const viaQuery = await request(prod.server.url, 'GET', `${cartPath}?auth=${unsigned}`);
      expect(viaQuery.status).toBe(401);
    });

    test('accepts a token its verifier verifies, then checks the claims', async () => {
      const signed = makeSignedToken({ uid, projectId: 'shop-prod' });
      expect((await call('PUT', cartPath, signed, { totalQuantity: 0 })).status).toBe(200);
      const r = await call('GET', cartPath, signed);
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ totalQuantity: 0 });
      // Genuine signature, but issued for another project.
      const other = makeSignedToken({ uid, projectId: 'demo-shop' });
      expect((await call('GET', cartPath, other)).json).toEqual({
        error: 'Invalid auth token: issuer is not project shop-prod',
      });
    });

    test('refuses a token whose signature does not verify', async () => {
      const signed = makeSignedToken({ uid, projectId: 'shop-prod' });
      const tampered = signed.slice(0, -2) + (signed.endsWith('AA') ? 'BB' : 'AA');
      const r = await call('GET', cartPath, tampered);
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ error: 'Invalid auth token: its signature could not be verified' });
    });

    test('the admin token is not honoured outside local mode', async () => {
      expect((await call('GET', '/users.json', ADMIN)).status).toBe(401);
      expect((await call('PUT', '/catalog/x.json', ADMIN, 1)).status).toBe(401);
    });
  });

  test('the admin token works in local mode', async () => {
    expect((await db.get('/users.json', admin)).status).toBe(200);
  });

  test('an empty ?auth= is no credential: the Authorization header applies', async () => {
    const token = makeEmulatorStyleToken({ uid: 'tok-user' });
    expect((await db.put(path, cart, { token })).status).toBe(200);
    const r = await db.get(`${path}?auth=`, { token });
    expect(r.status).toBe(200);
    expect(r.json).toEqual(cart);
    expect((await db.put(`${path}?auth=`, { totalQuantity: 1 }, { token })).status).toBe(200);
    // Without the header an empty ?auth= is simply anonymous.
    expect((await db.get(`${path}?auth=`)).json).toEqual({ error: 'Permission denied' });
    expect((await db.get('/catalog/collections/fall.json?auth=')).status).toBe(200);
    // A non-empty ?auth= still wins over the header, as before.
    const other = makeEmulatorStyleToken({ uid: 'someone-else' });
    expect((await db.get(`${path}?auth=${other}`, { token })).status).toBe(401);
  });

  test('?auth=owner is not the admin token', async () => {
    expect((await db.get('/users.json?auth=owner')).status).toBe(401);
  });
});

describe('seed', () => {
  test('catalog has at least 40 valid products, two collections and discount codes', async () => {
    const products = (await db.get('/catalog/products.json')).json as Record<
      string,
      Record<string, unknown>
    >;
    const list = Object.entries(products);
    expect(list.length).toBeGreaterThanOrEqual(40);
    for (const [id, p] of list) {
      expect(p.id).toBe(id);
      expect(p.imageUrl).toBe(`/images/products/${id}.svg`);
      expect(p.discountedPrice as number).toBeLessThanOrEqual(p.originalPrice as number);
      expect(['men', 'women']).toContain(p.category);
      expect(['fall', 'spring']).toContain(p.collection);
      for (const k of ['name', 'alt', 'annotation', 'description'])
        expect(typeof p[k]).toBe('string');
      expect(Array.isArray(p.colours)).toBe(true);
      expect(typeof p.createdAt).toBe('number');
    }
    const cats = new Set(list.map(([, p]) => `${p.category}/${p.collection}`));
    expect(cats.size).toBe(4);
    expect(list.some(([, p]) => (p.sizes as string[] | undefined) === undefined)).toBe(true); // [] vanishes
    const collections = (await db.get('/catalog/collections.json')).json as Record<string, unknown>;
    expect(Object.keys(collections).sort()).toEqual(['fall', 'spring']);
    expect((await db.get('/discounts/SAVE10.json')).json).toMatchObject({ discountType: 10 });
    expect((await db.get('/discounts/SPRING20.json')).json).toMatchObject({ discountType: 20 });
    expect((await db.get('/discounts/FREESHIP.json')).json).toMatchObject({
      discountType: 'SHIPMENT',
    });
  });

  test('seeding happens only when the catalog is empty', async () => {
    await db.put('/catalog/products/trail-runner-gtx/name.json', 'Renamed', admin);
    const again = await startTestServer({ dataDir: t.dataDir, port: 0 });
    try {
      const r = await request(
        again.server.url,
        'GET',
        '/catalog/products/trail-runner-gtx/name.json',
      );
      expect(r.json).toBe('Renamed');
    } finally {
      await again.server.close();
    }
  });
});

describe('smaller protocol details', () => {
  test('POST with X-HTTP-Method-Override: PATCH merges', async () => {
    await db.put('/o/v.json', { a: 1 }, admin);
    const r = await db.post(
      '/o/v.json',
      { b: 2 },
      { ...admin, headers: { 'X-HTTP-Method-Override': 'PATCH' } },
    );
    expect(r.status).toBe(200);
    expect((await db.get('/o/v.json', admin)).json).toEqual({ a: 1, b: 2 });
  });

  test('print=silent on GET answers 204; format=export is accepted', async () => {
    expect((await db.get('/o/v.json?print=silent', admin)).status).toBe(204);
    expect((await db.get('/o/v.json?format=export', admin)).json).toEqual({ a: 1, b: 2 });
  });

  test('{".value": x} is unwrapped', async () => {
    expect((await db.put('/o/w.json', { '.value': 'plain' }, admin)).json).toBe('plain');
  });

  test('an empty PATCH is a no-op that still needs write permission', async () => {
    expect((await db.patch('/o/v.json', {}, admin)).json).toEqual({});
    expect((await db.patch('/catalog.json', {})).status).toBe(401);
  });

  test('PUT with X-Firebase-ETag answers the new ETag', async () => {
    const r = await db.put(
      '/o/e.json',
      { z: 1 },
      { ...admin, headers: { 'X-Firebase-ETag': 'true' } },
    );
    const g = await db.get('/o/e.json', { ...admin, headers: { 'X-Firebase-ETag': 'true' } });
    expect(r.headers.etag).toBe(g.headers.etag);
  });
});
