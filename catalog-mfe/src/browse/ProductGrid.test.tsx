import { bus, cartActions } from '@shop/shared';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PRODUCTS, installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { ProductGrid } from './ProductGrid';

beforeEach(() => installFakeCatalog());
afterEach(uninstallFakeCatalog);

function renderGrid() {
  return render(
    <MemoryRouter>
      <ProductGrid products={PRODUCTS.slice(0, 2)} label="Test products" />
    </MemoryRouter>,
  );
}

describe('product list items in the catalog', () => {
  it('show, per docs/product.md §2, a link to /products/{id}, the image with its alt text, annotation, name and both prices', () => {
    renderGrid();
    const list = screen.getByRole('list', { name: 'Test products' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = items[0]!;
    const link = within(first).getByRole('link');
    expect(link).toHaveAttribute('href', '/products/p1');
    const image = within(first).getByRole('img', { name: 'Grey trail running sneaker' });
    expect(image).toHaveAttribute('src', '/images/products/p1.svg');
    // Space is reserved before the image arrives (no layout shift).
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '600');
    expect(first).toHaveTextContent('Sneakers');
    expect(first).toHaveTextContent('Trail Runner Sneaker');
    expect(first).toHaveTextContent('$120.00');
    expect(first).toHaveTextContent('$89.99');
    // Not reduced: one price only, with the dollar sign and two decimals.
    expect(items[1]).toHaveTextContent('$80.00');
  });

  it('name the picture with the right article (plural nouns take none)', () => {
    const trousers = {
      ...PRODUCTS[0]!,
      id: 'cord',
      alt: 'Illustration of the Corduroy Trousers: a rust trousers',
      colours: ['Rust', 'Camel'],
    };
    render(
      <MemoryRouter>
        <ProductGrid products={[trousers]} label="One" />
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('img', { name: 'Illustration of the Corduroy Trousers: rust trousers' }),
    ).toBeInTheDocument();
  });

  it("load the first row's images at once, the phone's row first, the rest when scrolled near", () => {
    const products = Array.from({ length: 6 }, (_, n) => ({ ...PRODUCTS[0]!, id: `p${n}` }));
    render(
      <MemoryRouter>
        <ProductGrid products={products} label="Six" />
      </MemoryRouter>,
    );
    const images = within(screen.getByRole('list', { name: 'Six' })).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual([
      'high',
      'high',
      null,
      null,
      null,
      null,
    ]);
  });

  it("read 'x{quantity}' (what is in the basket, all sizes together), not an editable selector", () => {
    renderGrid();
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveClass('catalog-card');
    expect(first).not.toHaveClass('catalog-card--in-basket');
    act(() => {
      cartActions.addProduct({ id: 'p1', size: '42', quantity: 2 });
      cartActions.addProduct({ id: 'p1', size: '43', quantity: 1 });
    });
    expect(first).toHaveClass('catalog-card--in-basket');
    expect(within(first!).getByText('x3')).toBeInTheDocument();
    expect(within(second!).getByText('x0')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(bus.cart$.getValue().totalQuantity).toBe(3);
  });
});
