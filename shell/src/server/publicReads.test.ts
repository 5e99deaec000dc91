import { isPublicRead, keepPublicReads } from './publicReads';

const DB = 'http://127.0.0.1:9000';

function countingFetch(status = 200) {
  const calls: string[] = [];
  const base = async (input: string) => {
    calls.push(input);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return new Response(JSON.stringify({ n: calls.length }), { status });
  };
  return { calls, base };
}

describe('public reads kept by the shell server', () => {
  it('tells public reads from private ones', () => {
    expect(isPublicRead(`${DB}/catalog/products/p1.json`)).toBe(true);
    expect(isPublicRead(`${DB}/catalog/products/p1.json?auth=abc`)).toBe(false);
    expect(isPublicRead(`${DB}/users/anonymousTokens/u/anonymousCart.json`)).toBe(false);
    expect(isPublicRead(`${DB}/.json`)).toBe(false);
    expect(isPublicRead(`${DB}/catalog.json`, { method: 'PUT' })).toBe(false);
    expect(isPublicRead(`${DB}/catalog.json`, { headers: { Authorization: 'Bearer x' } })).toBe(
      false,
    );
    expect(isPublicRead(`${DB}/catalog.json`, { headers: [['authorization', 'Bearer x']] })).toBe(
      false,
    );
    expect(
      isPublicRead(`${DB}/catalog.json`, { headers: new Headers({ Authorization: 'Bearer x' }) }),
    ).toBe(false);
    expect(isPublicRead(`${DB}/catalog.json`, { headers: { 'accept-encoding': 'identity' } })).toBe(
      true,
    );
  });

  it("gives every reader its own copy of a kept answer, read as a Response's is", async () => {
    const base = () => Promise.resolve(new Response('{"price":{"amount":1999}}', { status: 200 }));
    const fetchKept = keepPublicReads(base, { ttlMs: 5000 });
    const url = `${DB}/catalog/products/p1.json`;
    const first = (await (await fetchKept(url)).json()) as { price: { amount: number } };
    // A loader that changes what it read changes nothing for the next page.
    first.price.amount = 0;
    const again = await fetchKept(url);
    expect(again).toMatchObject({ ok: true, status: 200, statusText: '' });
    await expect(again.json()).resolves.toEqual({ price: { amount: 1999 } });
    await expect(again.text()).resolves.toBe('{"price":{"amount":1999}}');
  });

  it('answers a body that is not JSON as a Response would: json() rejects, text() has it', async () => {
    const base = () => Promise.resolve(new Response('<html>proxy error</html>', { status: 200 }));
    const fetchKept = keepPublicReads(base, { ttlMs: 5000 });
    const answer = await fetchKept(`${DB}/catalog/products/p1.json`);
    await expect(answer.json()).rejects.toThrow(SyntaxError);
    await expect(answer.text()).resolves.toBe('<html>proxy error</html>');
  });

  it('one read serves a burst, and a later one after the time to keep', async () => {
    let clock = 1000;
    const { calls, base } = countingFetch();
    const fetchKept = keepPublicReads(base, { ttlMs: 5000, now: () => clock });
    const url = `${DB}/catalog/products/p1.json`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => fetchKept(url)));
    expect(calls).toHaveLength(1);
    await expect(Promise.all(answers.map((a) => a.json()))).resolves.toEqual(
      Array.from({ length: 50 }, () => ({ n: 1 })),
    );
    clock += 4999;
    await (await fetchKept(url)).text();
    expect(calls).toHaveLength(1);
    clock += 1;
    await expect((await fetchKept(url)).json()).resolves.toEqual({ n: 2 });
  });

  it("keeps the catalog service's answers too, asked uncompressed", async () => {
    const seen: (RequestInit | undefined)[] = [];
    const base = (_input: string, init?: RequestInit) => {
      seen.push(init);
      return Promise.resolve(new Response('{"products":[]}', { status: 200 }));
    };
    const fetchKept = keepPublicReads(base, { ttlMs: 5000 });
    const url = 'http://127.0.0.1:9010/v1/products/p1/related';
    await Promise.all([fetchKept(url), fetchKept(url)].map(async (a) => (await a).json()));
    expect(seen).toHaveLength(1);
    expect(new Headers(seen[0]?.headers).get('accept-encoding')).toBe('identity');
  });

  it('asks for every read uncompressed, kept or not, unless the caller asks otherwise', async () => {
    const seen: (string | null)[] = [];
    const base = (_input: string, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('accept-encoding'));
      return Promise.resolve(new Response('{}', { status: 200 }));
    };
    const kept = keepPublicReads(base, { ttlMs: 5000 });
    await kept(`${DB}/catalog/products/p1.json`);
    await kept(`${DB}/users/x.json`);
    await kept(`${DB}/catalog.json?auth=t`, { headers: { 'Accept-Encoding': 'gzip' } });
    // Kept reads turned off (SHOP_SSR_PUBLIC_READ_MS=0): every read passes through, uncompressed.
    await keepPublicReads(base, { ttlMs: 0 })(`${DB}/catalog/products/p1.json`);
    expect(seen).toEqual(['identity', 'identity', 'gzip', 'identity']);
  });

  it('never keeps a read with a token, of a user path, or that failed', async () => {
    const { calls, base } = countingFetch(503);
    const fetchKept = keepPublicReads(base, { ttlMs: 5000 });
    const url = `${DB}/catalog/products/p1.json`;
    expect(await fetchKept(url)).toMatchObject({ status: 503, ok: false });
    expect((await fetchKept(url)).status).toBe(503);
    await fetchKept(`${DB}/catalog.json?auth=t`);
    await fetchKept(`${DB}/catalog.json?auth=t`);
    await fetchKept(`${DB}/users/x.json`);
    await fetchKept(`${DB}/users/x.json`);
    expect(calls).toHaveLength(6);
  });

  it('keeps at most maxEntries addresses, dropping the oldest', async () => {
    const { calls, base } = countingFetch();
    const fetchKept = keepPublicReads(base, { ttlMs: 60_000, maxEntries: 2 });
    for (const id of ['a', 'b', 'c', 'a']) await (await fetchKept(`${DB}/p/${id}.json`)).text();
    expect(calls.map((c) => c.slice(DB.length))).toEqual([
      '/p/a.json',
      '/p/b.json',
      '/p/c.json',
      '/p/a.json',
    ]);
  });
});
