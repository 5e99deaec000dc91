// Ordered queries from an index (decision 5206), over real HTTP: every answer must be the one the
// full sort (`applyQuery`) gives for the node as a plain read returns it, on random data, random
// queries and random writes between them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import targaryen from 'targaryen';
import { MIN_INDEXED_CHILDREN, QueryIndexes } from '../src/queryIndex';
import { applyQuery, type Json, type Query } from '../src/tree';
import { ADMIN, client, startTestServer, type TestServer } from './helpers';

const admin = { token: ADMIN };
let t: TestServer;
let db: ReturnType<typeof client>;
let rulesDir: string;

beforeAll(async () => {
  rulesDir = mkdtempSync(join(tmpdir(), 'rules-index-'));
  const rulesPath = join(rulesDir, 'rules.json');
  const rules = { rules: { q: { $node: { '.indexOn': ['v', 'a/b'] } } } };
  writeFileSync(rulesPath, JSON.stringify(rules));
  t = await startTestServer({ rulesPath, seed: false });
  db = client(t.server.url);
});
afterAll(async () => {
  await t.stop();
  rmSync(rulesDir, { recursive: true, force: true });
});

/** mulberry32: a small seeded generator, so a failure replays. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

/** Few distinct values of every type, so ties are common. */
function primitive(r: Random): boolean | number | string {
  switch (r.int(6)) {
    case 0:
      return r.next() < 0.5;
    case 1:
      return r.int(5);
    case 2:
      return r.int(9) - 4 + r.pick([0, 0.5]);
    case 3:
      return r.pick(['a', 'b', 'ab', 'B', '', '10', 'z']);
    default:
      return r.int(20) * 1000;
  }
}

/** A sort value: a primitive, an object, or missing (undefined). */
function sortable(r: Random): unknown {
  const roll = r.int(10);
  if (roll === 0) return undefined;
  if (roll === 1) return { o: primitive(r) };
  return primitive(r);
}

/** A child: mostly an object with `v` and `a/b` (either may be missing), sometimes a primitive. */
function child(r: Random): unknown {
  if (r.int(12) === 0) return primitive(r);
  const out: Record<string, unknown> = { n: r.int(1000) };
  const v = sortable(r);
  if (v !== undefined) out.v = v;
  const b = sortable(r);
  if (b !== undefined) out.a = r.int(6) === 0 ? primitive(r) : { b };
  return out;
}

/** Keys of every kind Firebase orders: push-like, words, 32-bit integers, longer numbers. */
function key(r: Random): string {
  switch (r.int(5)) {
    case 0:
      return String(r.int(400) - 50);
    case 1:
      return String(2147483640 + r.int(20));
    case 2:
      return `-N${r.int(1000).toString(36)}`;
    default:
      return `k${r.int(600)}`;
  }
}

function node(r: Random, size: number): Record<string, unknown> {
  const out: Record<string, unknown> = { word: child(r) }; // a non-integer key: never an array
  while (Object.keys(out).length < size) out[key(r)] = child(r);
  return out;
}

const ORDERS = ['"v"', '"a/b"', '"$key"', '"$value"', '"$priority"'] as const;

/** A random query string, and the same query as the server parses it. */
function randomQuery(r: Random, existing: unknown[]): { text: string; query: Query } {
  const orderText = r.pick(ORDERS);
  const orderBy: Query['orderBy'] =
    orderText === '"$key"'
      ? { kind: 'key' }
      : orderText === '"$value"'
        ? { kind: 'value' }
        : orderText === '"$priority"'
          ? { kind: 'priority' }
          : { kind: 'child', path: JSON.parse(orderText).split('/') };
  const query: Query = { orderBy };
  const bound = (): Json => {
    if (orderBy.kind === 'key') return key(r);
    const value = r.next() < 0.6 ? r.pick(existing) : primitive(r);
    return value === undefined || typeof value === 'object' ? null : (value as Json);
  };
  const shape = r.int(4);
  if (shape === 0) query.equalTo = bound();
  if (shape === 1 || shape === 3) query.startAt = bound();
  if (shape === 2 || shape === 3) query.endAt = bound();
  const limit = r.int(3); // the REST protocol refuses both limits together
  if (limit === 1) query.limitToFirst = 1 + r.int(30);
  if (limit === 2) query.limitToLast = 1 + r.int(30);
  const params = [`orderBy=${orderText}`];
  for (const name of ['equalTo', 'startAt', 'endAt', 'limitToFirst', 'limitToLast'] as const) {
    const value = query[name];
    if (value !== undefined) params.push(`${name}=${encodeURIComponent(JSON.stringify(value))}`);
  }
  return { text: params.join('&'), query };
}

/** Sort values present in a node (bounds that hit ties), by the orders of the test. */
function valuesIn(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [null];
  return Object.values(value).flatMap((c) => {
    if (typeof c !== 'object' || c === null) return [c];
    const o = c as { v?: unknown; a?: { b?: unknown } };
    return [o.v, typeof o.a === 'object' ? o.a.b : undefined];
  });
}

/** A random write under /q: a child put, patched or deleted, a multi-location patch, a replace. */
async function randomWrite(r: Random, at: string, keys: string[]): Promise<void> {
  const some = (): string => (keys.length > 0 && r.int(4) > 0 ? r.pick(keys) : key(r));
  const roll = r.int(20);
  let reply: { status: number; text: string };
  if (roll < 5) reply = await db.put(`/q/${at}/${some()}.json`, child(r), admin);
  else if (roll < 9) {
    reply = await db.patch(`/q/${at}/${some()}.json`, { v: sortable(r) ?? null }, admin);
  } else if (roll < 12) reply = await db.del(`/q/${at}/${some()}.json`, admin);
  else if (roll < 14) reply = await db.put(`/q/${at}/${some()}/a/b.json`, primitive(r), admin);
  else if (roll < 17) {
    // Above the node, children named by path; distinct children (overlapping locations are a
    // 400). Sizes for each way the index takes them: spliced, merged, re-sorted.
    const count = r.pick([1 + r.int(6), 1 + r.int(6), 20 + r.int(40), 120]);
    const children = new Set<string>();
    while (children.size < count) children.add(some());
    const patch: Record<string, unknown> = {};
    for (const k of children) {
      if (r.int(3) === 0) patch[`${at}/${k}`] = r.int(3) === 0 ? null : child(r);
      else patch[`${at}/${k}/v`] = sortable(r) ?? null;
    }
    reply = await db.patch('/q.json', patch, admin);
  } else if (roll < 18) reply = await db.put(`/q/${at}.json`, node(r, 70 + r.int(120)), admin);
  else reply = await db.put('/elsewhere.json', r.int(100), admin); // changes no index
  expect(`${reply.status} ${reply.text.slice(0, 200)}`).toMatch(/^200 /);
}

async function expectFullSortAnswer(at: string, text: string, query: Query): Promise<unknown> {
  const whole = (await db.get(`/q/${at}.json`, admin)).json;
  const answer = await db.get(`/q/${at}.json?${text}`, admin);
  expect(answer.status).toBe(200);
  // The text, not the parsed value: same children, same order.
  expect(`${at}?${text} → ${answer.text}`).toBe(
    `${at}?${text} → ${JSON.stringify(applyQuery(whole, query))}`,
  );
  return whole;
}

describe('ordered queries from the index', () => {
  test('answers equal the full sort on random data, queries and writes (seeded)', async () => {
    const r = generator(5206);
    const nodes = ['n1', 'n2'];
    for (const at of nodes) await db.put(`/q/${at}.json`, node(r, 150 + r.int(100)), admin);
    for (let step = 0; step < 400; step++) {
      const at = r.pick(nodes);
      const whole = (await db.get(`/q/${at}.json`, admin)).json;
      const keys = typeof whole === 'object' && whole !== null ? Object.keys(whole) : [];
      if (r.int(3) > 0) await randomWrite(r, at, keys);
      for (let i = 0; i < 2; i++) {
        const { text, query } = randomQuery(r, valuesIn(whole));
        await expectFullSortAnswer(at, text, query);
      }
    }
  }, 120_000);

  test('the index follows a put, patch and delete of a child and a replace of the node', async () => {
    const children: Record<string, { v: number }> = {};
    for (let i = 0; i < 100; i++) children[`c${String(i).padStart(3, '0')}`] = { v: i };
    await db.put('/q/w.json', children, admin);
    const lastTwo = async () =>
      (await db.get('/q/w.json?orderBy="v"&limitToLast=2', admin)).json as Record<string, unknown>;
    expect(await lastTwo()).toEqual({ c098: { v: 98 }, c099: { v: 99 } });
    await db.put('/q/w/c005.json', { v: 500 }, admin); // put: moves to the end
    expect(await lastTwo()).toEqual({ c099: { v: 99 }, c005: { v: 500 } });
    await db.patch('/q/w/c006.json', { v: 600 }, admin); // patch of the sorted child
    expect(await lastTwo()).toEqual({ c005: { v: 500 }, c006: { v: 600 } });
    await db.del('/q/w/c006.json', admin); // delete
    expect(await lastTwo()).toEqual({ c099: { v: 99 }, c005: { v: 500 } });
    await db.patch('/q/w.json', { new: { v: 1000 }, c005: null }, admin); // add and remove
    expect(await lastTwo()).toEqual({ c099: { v: 99 }, new: { v: 1000 } });
    await db.put('/q/w/c007/v.json', 'text', admin); // a string sorts after every number
    expect(await lastTwo()).toEqual({ new: { v: 1000 }, c007: { v: 'text' } });
    await db.put('/q/w.json', { x: { v: 2 }, y: { v: 1 }, z: { v: 3 } }, admin); // replaced
    expect(await lastTwo()).toEqual({ x: { v: 2 }, z: { v: 3 } });
    await db.put('/q.json', { w: { p: { v: 0 } } }, admin); // replaced from above
    expect(await lastTwo()).toEqual({ p: { v: 0 } });
    await db.put('/q/w.json', 7, admin); // a primitive answers itself
    expect((await db.get('/q/w.json?orderBy="v"&limitToLast=2', admin)).json).toBe(7);
    await db.del('/q/w.json', admin);
    expect((await db.get('/q/w.json?orderBy="v"&limitToLast=2', admin)).json).toBeNull();
  });

  test('an index is built once and then patched, not rebuilt, after writes', () => {
    const indexes = new QueryIndexes();
    const data: Record<string, { v: number }> = {};
    for (let i = 0; i < MIN_INDEXED_CHILDREN * 2; i++)
      data[`k${String(i).padStart(3, '0')}`] = { v: i % 7 };
    let root = targaryen.store({ list: data });
    const query: Query = { orderBy: { kind: 'child', path: ['v'] }, equalTo: 3, limitToFirst: 2 };
    const ask = () => indexes.answer(root, ['list'], root.$child('list'), query);
    expect(ask()).toEqual({ k003: { v: 3 }, k010: { v: 3 } });
    const next = root.$set('list/k003/v', 9);
    indexes.noteWrite(root, next, [{ path: ['list', 'k003', 'v'], value: 9 }]);
    root = next;
    expect(ask()).toEqual({ k010: { v: 3 }, k017: { v: 3 } });
    expect(indexes.counters).toEqual({ built: 1, reused: 1, patched: 1, resorted: 0 });
    // A root the indexes were not told about: every child compared by identity, still right.
    root = root.$set('list/k010', null);
    expect(ask()).toEqual({ k017: { v: 3 }, k024: { v: 3 } });
    expect(indexes.counters).toEqual({ built: 1, reused: 2, patched: 2, resorted: 0 });
  });
});
