// The fake's related products must follow the service's rules, or page tests would prove nothing
// about the real shop: both are asked the same over one catalog, with sold-out products in it.
import type { Product } from '@shop/shared';
import { CatalogIndex } from '../../service/src/catalogIndex';
import { PRODUCTS, fakeRelated, manyProducts } from './fakeCatalog';

const CATALOG: Product[] = [
  ...PRODUCTS,
  { ...PRODUCTS[0]!, id: 'p5', name: 'City Sneaker', collection: 'spring', createdAt: 0 },
  { ...PRODUCTS[2]!, id: 'p6', name: 'Sold Out Coat', stock: { M: 0, L: 0 }, createdAt: 9 },
  { ...PRODUCTS[3]!, id: 'p7', name: 'Sold Out Bag', sizes: [], stock: { 'one size': 0 } },
  ...manyProducts(12),
];

it.each([1, 4, 12])('gives what the service gives for every product (limit %i)', (limit) => {
  const index = new CatalogIndex();
  index.load(CATALOG);
  const params = new URLSearchParams({ limit: String(limit) });
  for (const { id } of CATALOG) {
    const fromService = (index.related(id, limit) ?? []).map(
      (json) => (JSON.parse(json) as Product).id,
    );
    const fromFake = fakeRelated(CATALOG, id, params)?.products.map((p) => p.id);
    expect({ id, related: fromFake }).toEqual({ id, related: fromService });
  }
  expect(index.related('nope', limit)).toBeNull();
  expect(fakeRelated(CATALOG, 'nope', params)).toBeNull();
});
