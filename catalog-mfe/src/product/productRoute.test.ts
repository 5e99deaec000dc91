// The product page's loader: the record and the suggestions are asked at once, the suggestions with
// the request's signal, and both are in the data the server renders from.
import type { LoaderFunctionArgs } from 'react-router-dom';
import { installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { loader } from './productRoute';

afterEach(uninstallFakeCatalog);

function args(id: string, signal?: AbortSignal): LoaderFunctionArgs {
  const request = new Request(`http://shop.test/products/${id}`, signal ? { signal } : {});
  return {
    request,
    url: new URL(request.url),
    pattern: '/products/:id',
    params: { id },
    context: {},
  };
}

it('awaits the suggestions: they are in the loader data, so in the server-rendered page', async () => {
  const fake = installFakeCatalog();
  const data = await loader(args('p2'));
  expect(data.product.name).toBe('Linen Summer Dress');
  expect(data.related.map((p) => p.id)).toEqual(['p4']);
  expect(fake.service).toEqual(['/v1/products/p2/related?limit=4']);
});

it("asks for the suggestions with the request's signal: an abandoned request cancels it", async () => {
  const fake = installFakeCatalog();
  const seen: Array<AbortSignal | null | undefined> = [];
  const fakeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    seen.push(init?.signal);
    return fakeFetch(input, init);
  };
  const controller = new AbortController();
  const pending = loader(args('p1', controller.signal));
  expect(seen).toHaveLength(1);
  controller.abort(new Error('navigated away'));
  expect(seen[0]?.aborted).toBe(true);
  await pending.catch(() => undefined);

  const superseded = new AbortController();
  superseded.abort(new Error('navigated away'));
  await expect(loader(args('p1', superseded.signal))).rejects.toThrow('navigated away');
  expect(fake.service).toEqual(['/v1/products/p1/related?limit=4']);
});

it('answers 404 for an unknown id (the service has no suggestions for it either)', async () => {
  installFakeCatalog();
  await expect(loader(args('nope'))).rejects.toMatchObject({ init: { status: 404 } });
});
