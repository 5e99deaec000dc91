import { marketById, pageShopContext, shopContext, type Market } from '@shop/shared';
import { installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import {
  CatalogUnavailableError,
  loadCollection,
  loadCollections,
  loadProduct,
  toProduct,
} from './catalogApi';

afterEach(uninstallFakeCatalog);

describe('catalog reads', () => {
  it('reads one product, restoring arrays the database dropped', async () => {
    const fake = installFakeCatalog();
    expect((await loadProduct(pageShopContext, 'p4'))?.sizes).toEqual([]);
    expect(fake.requests).toEqual(['catalog/products/p4']);
  });

  it('serves the collections to pages visited shortly after from one read', async () => {
    const fake = installFakeCatalog();
    await loadCollections(pageShopContext);
    await loadCollections(pageShopContext);
    expect(fake.requests).toEqual(['catalog/collections']);
  });

  it('reads one product by path, and answers null for an unknown or impossible id', async () => {
    const fake = installFakeCatalog();
    expect(await loadProduct(pageShopContext, 'p3')).toMatchObject({
      id: 'p3',
      discountedPrice: 199.5,
    });
    expect(await loadProduct(pageShopContext, 'nope')).toBeNull();
    expect(await loadProduct(pageShopContext, 'a.b')).toBeNull();
    expect(fake.requests).toEqual(['catalog/products/p3', 'catalog/products/nope']);
  });

  it('reads the collections in season order', async () => {
    installFakeCatalog();
    expect((await loadCollections(pageShopContext)).map((c) => c.id)).toEqual(['fall', 'spring']);
    expect(await loadCollection(pageShopContext, 'spring')).toMatchObject({
      title: 'Spring Light',
    });
  });

  it('reports an unreachable catalog as CatalogUnavailableError and does not keep the failure', async () => {
    installFakeCatalog({ failing: true });
    await expect(loadCollections(pageShopContext)).rejects.toBeInstanceOf(CatalogUnavailableError);
    installFakeCatalog();
    await expect(loadCollections(pageShopContext)).resolves.toHaveLength(2);
  });

  it('skips records without a name or a price, and fills sensible defaults', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await toProduct('x', { name: 'No price' })).toBeNull();
    expect(await toProduct('x', 'junk')).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      '[catalog] product "x" skipped: originalPrice: expected number, got nothing',
    );
    warn.mockRestore();
    expect(
      await toProduct('x', { name: 'Cap', originalPrice: 20, sizes: { 0: 'S', 1: 'M' } }),
    ).toMatchObject({
      id: 'x',
      discountedPrice: 20,
      alt: 'Cap',
      imageUrl: '/images/products/x.svg',
      sizes: ['S', 'M'],
      colours: [],
    });
  });

  it("reads a product and the collections in the page's market: its prices and its language", async () => {
    const fake = installFakeCatalog();
    const inGermany = shopContext({
      fetchPublic: (input, init) => pageShopContext.fetchPublic(input, init),
      links: new Map(),
      market: marketById('de') as Market,
    });
    expect(await loadProduct(inGermany, 'p1')).toMatchObject({
      name: 'Trail-Sneaker',
      originalPrice: 109.95,
      discountedPrice: 82.46,
      colours: ['grey', 'black'],
      colourLabels: ['Grau', 'Schwarz'],
    });
    // Not priced in euros: not sold in Germany.
    expect(await loadProduct(inGermany, 'p2')).toBeNull();
    expect(await loadProduct(pageShopContext, 'p1')).toMatchObject({
      name: 'Trail Runner Sneaker',
      originalPrice: 120,
    });
    expect(await loadCollection(inGermany, 'fall')).toMatchObject({ title: 'Herbstlagen' });
    expect((await loadCollections(inGermany)).map((c) => c.title)).toEqual([
      'Herbstlagen',
      'Spring Light',
    ]);
    expect((await loadCollections(pageShopContext)).map((c) => c.title)).toEqual([
      'Fall Layers',
      'Spring Light',
    ]);
    expect(fake.requests).toContain('catalog/products/p2');
  });
});
