/**
 * @jest-environment node
 */
import { pageShopContext } from '@shop/shared';
import { installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { loadCollections, loadProduct } from './catalogApi';

afterEach(uninstallFakeCatalog);

it('keeps nothing on the shell server, where one module serves every shopper', async () => {
  const fake = installFakeCatalog();
  await loadCollections(pageShopContext);
  await loadCollections(pageShopContext);
  expect(await loadProduct(pageShopContext, 'p2')).toMatchObject({ name: 'Linen Summer Dress' });
  expect(fake.requests).toEqual([
    'catalog/collections',
    'catalog/collections',
    'catalog/products/p2',
  ]);
});
