// The service's kept answers, without HTTP: reused while the catalog is unchanged, dropped when it
// changes, and a refusal never kept.
import { CatalogIndex } from './catalogIndex';
import { answerCache } from './catalogService';
import { testProduct } from './testing/testProduct';

function cacheOver(...ids: string[]) {
  const index = new CatalogIndex();
  index.load(ids.map((id) => testProduct(id)));
  return { index, answerTo: answerCache(index) };
}

test('the same request, its parameters in any order, is the kept answer', () => {
  const { answerTo } = cacheOver('p1', 'p2');
  const first = answerTo('/v1/products', new URLSearchParams('page=1&per=24'));
  expect(JSON.parse(first.body)).toMatchObject({ total: 2, page: 1, perPage: 24 });
  expect(answerTo('/v1/products', new URLSearchParams('per=24&page=1'))).toBe(first);
});

test('a change of the catalog drops the kept answers, and the new one has a new ETag', () => {
  const { index, answerTo } = cacheOver('p1');
  const before = answerTo('/v1/home', new URLSearchParams());
  index.put(testProduct('p2'));
  const after = answerTo('/v1/home', new URLSearchParams());
  expect(after).not.toBe(before);
  expect(after.etag).not.toBe(before.etag);
  expect(JSON.parse(after.body).newArrivals).toHaveLength(2);
});

test('a long answer is kept gzipped too, a short one only as text', () => {
  const { answerTo } = cacheOver(...Array.from({ length: 20 }, (_, i) => `p${i}`));
  expect(answerTo('/v1/products', new URLSearchParams()).gzip).not.toBeNull();
  expect(answerTo('/v1/products/p1/related', new URLSearchParams('limit=1')).gzip).toBeNull();
});

test('a request the service will not serve is refused, each time', () => {
  const { answerTo } = cacheOver('p1');
  expect(() => answerTo('/v1/nothing', new URLSearchParams())).toThrow('Not found');
  expect(() => answerTo('/v1/products', new URLSearchParams('page=0'))).toThrow(/page must be/);
  expect(() => answerTo('/v1/products/p9/related', new URLSearchParams())).toThrow(
    'No product with that id',
  );
});
