// The product reader is a script of its own (decision 1311). When it cannot load (a network blip,
// a deploy that removed it), pages must meet the catalog's usual "unavailable" error, which they
// answer with a retry, not a raw chunk error.
import { pageShopContext } from '@shop/shared';
import { installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { CatalogUnavailableError, loadProduct } from './catalogApi';

jest.mock('@shop/shared/catalog/productRecord', () => {
  throw new Error('Loading chunk product-reader failed.');
});

afterEach(uninstallFakeCatalog);

it('reports a product reader that cannot load as CatalogUnavailableError', async () => {
  const fake = installFakeCatalog();
  await expect(loadProduct(pageShopContext, 'p3')).rejects.toBeInstanceOf(CatalogUnavailableError);
  // The data itself was reachable: only the reader failed.
  expect(fake.requests).toEqual(['catalog/products/p3']);
});
