/**
 * @jest-environment node
 */
import { installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { loadProduct, loadProducts } from './catalogApi';

afterEach(uninstallFakeCatalog);

it('keeps nothing on the shell server, where one module serves every shopper', async () => {
  const fake = installFakeCatalog();
  await loadProducts();
  await loadProducts();
  expect(await loadProduct('p2')).toMatchObject({ name: 'Linen Summer Dress' });
  expect(fake.requests).toEqual(['catalog/products', 'catalog/products', 'catalog/products/p2']);
});
