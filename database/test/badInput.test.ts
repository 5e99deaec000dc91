import net from 'node:net';
import { ADMIN, client, request, startTestServer, type TestServer } from './helpers';
import { makeEmulatorStyleToken } from './tokens';

let t: TestServer;
let db: ReturnType<typeof client>;
const admin = ADMIN;
const alice = makeEmulatorStyleToken({ uid: 'alice' });
const cartPath = '/users/anonymousTokens/alice/anonymousCart.json';

const deep = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { k: v };
  return v;
};

interface BadCase {
  name: string;
  method: string;
  path: string;
  body?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
  status: number;
  error?: RegExp;
}

// prettier-ignore
const cases: BadCase[] = [
  { name: 'malformed JSON', method: 'PUT', path: '/bad/x.json', body: '{"a":', token: admin, status: 400, error: /couldn't parse JSON/ },
  { name: 'trailing garbage after JSON', method: 'PUT', path: '/bad/x.json', body: '{"a":1} x', token: admin, status: 400 },
  { name: 'unquoted string', method: 'PUT', path: '/bad/x.json', body: 'hello', token: admin, status: 400 },
  { name: 'form-encoded body', method: 'POST', path: '/bad/x.json', body: 'a=1&b=2', token: admin, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, status: 400 },
  { name: 'empty PUT body', method: 'PUT', path: '/bad/x.json', body: '', token: admin, status: 400, error: /No data supplied/ },
  { name: 'empty PATCH body', method: 'PATCH', path: '/bad/x.json', body: '', token: admin, status: 400 },
  { name: 'invalid UTF-8 body', method: 'PUT', path: '/bad/x.json', body: Buffer.from([0x22, 0xff, 0xfe, 0x22]), token: admin, status: 400, error: /UTF-8/ },
  { name: 'PATCH with an array', method: 'PATCH', path: '/bad/x.json', body: '[1,2]', token: admin, status: 400, error: /JSON object/ },
  { name: 'PATCH with a primitive', method: 'PATCH', path: '/bad/x.json', body: '5', token: admin, status: 400 },
  { name: 'PATCH with null', method: 'PATCH', path: '/bad/x.json', body: 'null', token: admin, status: 400 },
  { name: 'PATCH with overlapping locations', method: 'PATCH', path: '/bad.json', body: '{"a":1,"a/b":2}', token: admin, status: 400, error: /overlap/ },
  { name: 'PATCH with an empty location', method: 'PATCH', path: '/bad.json', body: '{"/":1}', token: admin, status: 400 },
  { name: 'PATCH location with a dot', method: 'PATCH', path: '/bad.json', body: '{"a/b.c":1}', token: admin, status: 400 },
  { name: 'POST null', method: 'POST', path: '/bad/x.json', body: 'null', token: admin, status: 400 },
  { name: 'key with a dot', method: 'PUT', path: '/bad/x.json', body: '{"a.b":1}', token: admin, status: 400, error: /Invalid key/ },
  { name: 'key with $', method: 'PUT', path: '/bad/x.json', body: '{"$a":1}', token: admin, status: 400 },
  { name: 'key with #', method: 'PUT', path: '/bad/x.json', body: '{"a#":1}', token: admin, status: 400 },
  { name: 'key with [', method: 'PUT', path: '/bad/x.json', body: '{"a[0]":1}', token: admin, status: 400 },
  { name: 'key with /', method: 'PUT', path: '/bad/x.json', body: '{"a/b":1}', token: admin, status: 400 },
  { name: 'key with a control character', method: 'PUT', path: '/bad/x.json', body: '{"a\\u0001":1}', token: admin, status: 400 },
  { name: 'key with DEL', method: 'PUT', path: '/bad/x.json', body: '{"a\\u007f":1}', token: admin, status: 400 },
  { name: 'empty key', method: 'PUT', path: '/bad/x.json', body: '{"":1}', token: admin, status: 400 },
  { name: 'key longer than 768 bytes', method: 'PUT', path: '/bad/x.json', body: JSON.stringify({ ['é'.repeat(385)]: 1 }), token: admin, status: 400, error: /768/ },
  { name: 'key __proto__', method: 'PUT', path: '/bad/x.json', body: '{"__proto__":{"a":1}}', token: admin, status: 400 },
  { name: 'key constructor', method: 'PUT', path: '/bad/x.json', body: '{"constructor":1}', token: admin, status: 400 },
  { name: 'data deeper than 32 levels', method: 'PUT', path: '/bad/x.json', body: JSON.stringify(deep(31)), token: admin, status: 400, error: /deep/ },
  { name: 'path deeper than 32 levels', method: 'PUT', path: '/' + Array.from({ length: 33 }, (_, i) => `k${i}`).join('/') + '.json', body: '1', token: admin, status: 400 },
  { name: 'path segment with a dot (encoded)', method: 'PUT', path: '/bad/a%2Eb.json', body: '1', token: admin, status: 400 },
  { name: 'path segment with an encoded slash', method: 'PUT', path: '/bad/a%2Fb.json', body: '1', token: admin, status: 400 },
  { name: 'path segment with $', method: 'GET', path: '/bad/$x.json', token: admin, status: 400 },
  { name: 'path segment with [ ]', method: 'GET', path: '/bad/%5Bx%5D.json', token: admin, status: 400 },
  { name: 'path with a control character', method: 'GET', path: '/bad/a%01.json', token: admin, status: 400 },
  { name: 'malformed percent-encoding', method: 'GET', path: '/bad/%E0%A4%A.json', token: admin, status: 400 },
  { name: 'path without .json', method: 'GET', path: '/bad/x', token: admin, status: 404 },
  { name: 'priority in data', method: 'PUT', path: '/bad/x.json', body: '{".priority":1,"a":1}', token: admin, status: 400, error: /priorit/ },
  { name: 'unknown server value', method: 'PUT', path: '/bad/x.json', body: '{"t":{".sv":"now"}}', token: admin, status: 400, error: /server value/ },
  { name: 'increment by a string', method: 'PUT', path: '/bad/x.json', body: '{".sv":{"increment":"1"}}', token: admin, status: 400 },
  { name: 'server value with siblings', method: 'PUT', path: '/bad/x.json', body: '{".sv":"timestamp","a":1}', token: admin, status: 400 },
  { name: 'number overflowing to Infinity', method: 'PUT', path: '/bad/x.json', body: '1e999', token: admin, status: 400, error: /finite/ },
  { name: 'body over the size limit', method: 'PUT', path: '/bad/x.json', body: JSON.stringify('x'.repeat(1024 * 1024 + 10)), token: admin, status: 413 },
  { name: 'unknown method', method: 'PROPFIND', path: '/bad/x.json', token: admin, status: 405 },
  { name: 'HEAD', method: 'HEAD', path: '/bad/x.json', token: admin, status: 405 },
  { name: 'method override on GET', method: 'GET', path: '/bad/x.json', token: admin, headers: { 'X-HTTP-Method-Override': 'DELETE' }, status: 400 },
  { name: 'limitToFirst without orderBy', method: 'GET', path: '/catalog/products.json?limitToFirst=1', status: 400, error: /orderBy must be defined/ },
  { name: 'startAt without orderBy', method: 'GET', path: '/catalog/products.json?startAt=1', status: 400 },
  { name: 'non-JSON startAt', method: 'GET', path: '/catalog/products.json?orderBy="createdAt"&startAt=abc', status: 400, error: /valid JSON/ },
  { name: 'non-JSON orderBy', method: 'GET', path: '/catalog/products.json?orderBy=createdAt', status: 400 },
  { name: 'orderBy a number', method: 'GET', path: '/catalog/products.json?orderBy=5', status: 400 },
  { name: 'orderBy an invalid child path', method: 'GET', path: '/catalog/products.json?orderBy="a.b"', status: 400 },
  { name: 'object as equalTo', method: 'GET', path: '/catalog/products.json?orderBy="category"&equalTo={"a":1}', status: 400 },
  { name: 'number startAt with $key', method: 'GET', path: '/catalog/products.json?orderBy="$key"&startAt=1', status: 400 },
  { name: 'limitToFirst zero', method: 'GET', path: '/catalog/products.json?orderBy="$key"&limitToFirst=0', status: 400 },
  { name: 'limitToLast fractional', method: 'GET', path: '/catalog/products.json?orderBy="$key"&limitToLast=1.5', status: 400 },
  { name: 'limitToFirst and limitToLast together', method: 'GET', path: '/catalog/products.json?orderBy="$key"&limitToFirst=1&limitToLast=1', status: 400 },
  { name: 'equalTo with startAt', method: 'GET', path: '/catalog/products.json?orderBy="category"&equalTo="men"&startAt="a"', status: 400 },
  { name: 'shallow with orderBy', method: 'GET', path: '/catalog/products.json?shallow=true&orderBy="$key"', status: 400, error: /shallow/ },
  { name: 'shallow not a boolean', method: 'GET', path: '/catalog/products.json?shallow=yes', status: 400 },
  { name: 'unknown print', method: 'GET', path: '/catalog/products.json?print=ugly', status: 400 },
  { name: 'unknown query parameter', method: 'GET', path: '/catalog/products.json?limit=5', status: 400, error: /Unknown query parameter/ },
  { name: 'repeated query parameter', method: 'GET', path: '/catalog/products.json?orderBy="$key"&orderBy="$value"', status: 400 },
  { name: 'orderBy on a write', method: 'PUT', path: '/bad/x.json?orderBy="$key"', body: '1', token: admin, status: 400 },
  { name: 'if-match on PATCH', method: 'PATCH', path: '/bad.json', body: '{"a":1}', token: admin, headers: { 'if-match': 'x' }, status: 400 },
  { name: 'malformed Authorization header', method: 'GET', path: '/catalog.json', headers: { Authorization: 'Basic abc' }, status: 401 },
  { name: 'garbage auth token', method: 'PUT', path: cartPath + '?auth=abc.def.ghi', body: '{"totalQuantity":0}', status: 401 },
  { name: 'write without permission', method: 'PUT', path: cartPath, body: '{"totalQuantity":0}', status: 401 },
  { name: 'password (rules)', method: 'PUT', path: '/users/anonymousTokens/alice/credentials/password.json', body: '"x"', token: alice, status: 401 },
];

beforeAll(async () => {
  t = await startTestServer();
  db = client(t.server.url);
  await db.put('/bad.json', { x: { keep: 'me' } }, { token: admin });
});
afterAll(() => t.stop());

test(`there are at least 30 kinds of bad input (${cases.length})`, () => {
  expect(cases.length).toBeGreaterThanOrEqual(30);
});

test.each(cases)('$name → $status, data unchanged', async (c) => {
  const before = await db.dump();
  const r = await request(t.server.url, c.method, c.path, {
    ...(c.body !== undefined ? { body: c.body } : {}),
    ...(c.token ? { token: c.token } : {}),
    headers: c.headers ?? {},
  });
  expect(r.status).toBe(c.status);
  expect(r.headers['x-content-type-options']).toBe('nosniff');
  if (c.method !== 'HEAD') {
    const error = (r.json as { error?: unknown } | undefined)?.error;
    expect(typeof error).toBe('string');
    if (c.error) expect(error).toMatch(c.error);
  }
  expect(await db.dump()).toBe(before);
  // and the server still answers
  expect((await db.get('/bad/x/keep.json', { token: admin })).json).toBe('me');
});

test('a malformed HTTP request gets 400 and the server keeps serving', async () => {
  const reply = await new Promise<string>((resolve) => {
    const socket = net.connect(t.server.port, '127.0.0.1', () =>
      socket.write('BLAH / HTTP/1.1 junk\r\n\r\n'),
    );
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', () => resolve(data));
  });
  expect(reply).toMatch(/^HTTP\/1\.1 400/);
  expect(reply).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
  expect((await db.get('/catalog/collections/fall/id.json')).json).toBe('fall');
});

test('a body larger than the limit announced by Content-Length is refused with 413', async () => {
  const small = await startTestServer({ bodyLimitBytes: 100, seed: false });
  try {
    const r = await request(small.server.url, 'PUT', '/a.json', {
      token: admin,
      body: JSON.stringify('x'.repeat(200)),
    });
    expect(r.status).toBe(413);
    expect((await request(small.server.url, 'GET', '/a.json', { token: admin })).text).toBe('null');
  } finally {
    await small.stop();
  }
});
