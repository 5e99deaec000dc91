import {
  BASKET_LINES_MAX,
  bus,
  cartActions,
  marketById,
  sharedMessages,
  type Market,
  type Product,
} from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRODUCTS, installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { renderCatalog } from '../testing/renderCatalog';
import { messages } from '../messages';

// A page's texts are loaded before it renders (the shell does it, shared/CONTRACT.md §9b).
beforeAll(() => Promise.all([messages.load('de'), sharedMessages.load('de')]));

afterEach(uninstallFakeCatalog);

describe('product page', () => {
  it('shows image, name, annotation, both prices, description and the sizes in shop order', async () => {
    const fake = installFakeCatalog();
    const view = renderCatalog('/products/p1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trail Runner Sneaker' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Grey trail running sneaker, in grey' }),
    ).toHaveAttribute('src', '/images/products/p1.svg');
    expect(screen.getByText('Sneakers')).toBeInTheDocument();
    expect(screen.getByText('$120.00')).toBeInTheDocument();
    expect(screen.getByText('$89.99')).toBeInTheDocument();
    // The United States' prices are shown without tax: nothing is said of it.
    expect(screen.queryByText(/VAT/)).toBeNull();
    expect(screen.getByText('Grippy and light.')).toBeInTheDocument();
    const sizes = within(screen.getByRole('group', { name: /size/i })).getAllByRole('radio');
    expect(sizes.map((s) => (s as HTMLInputElement).value)).toEqual(['41', '42', '43']);
    const quantity = screen.getByRole('combobox', { name: 'Quantity' });
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(fake.requests).toEqual(['catalog/products/p1']);
    view.stop();
  });

  it('in the German market: the German name, euro prices, colour names and a euro offer', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/products/p1', { market: marketById('de') as Market });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trail-Sneaker' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/109,95\s€/)).toBeInTheDocument();
    expect(screen.getByText(/82,46\s€/)).toBeInTheDocument();
    // Prices include VAT in Germany: the page says so beside the price, with the shipping fee.
    expect(screen.getByText(/^inkl\. MwSt\., zzgl\. 4,95\s€ Versand$/)).toBeInTheDocument();
    expect(screen.getByText('Grau, Schwarz')).toBeInTheDocument();
    const offer = JSON.parse(
      document.querySelector('script[type="application/ld+json"]')!.textContent!,
    ) as { offers: { priceCurrency: string; price: string } };
    expect(offer.offers).toMatchObject({ priceCurrency: 'EUR', price: '82.46' });
    // The colour chosen is named in German; the basket gets the colour itself.
    await user.click(screen.getByRole('radio', { name: 'Schwarz' }));
    await user.click(screen.getByRole('radio', { name: '42' }));
    await user.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    await waitFor(() =>
      expect(bus.cart$.getValue().products).toEqual([
        expect.objectContaining({ id: 'p1', size: '42', colour: 'black' }),
      ]),
    );
    expect(view.toasts.at(-1)).toMatchObject({
      message: '1 × Trail-Sneaker (Größe 42, Schwarz) in den Warenkorb gelegt.',
    });
    view.stop();
  });

  it('adds two of one size to the basket on the bus, with a toast; the count changes at once', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/products/p1');
    await screen.findByRole('heading', { level: 1, name: 'Trail Runner Sneaker' });
    const add = screen.getByRole('button', { name: 'Add to basket' });

    await user.click(add);
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a size.');
    expect(screen.getByTestId('basket-count')).toHaveTextContent('0');

    await user.click(screen.getByRole('radio', { name: '42' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity' }), '2');
    await user.click(add);

    expect(screen.getByTestId('basket-count')).toHaveTextContent('2');
    expect(bus.cart$.getValue().products).toEqual([
      { id: 'p1', size: '42', colour: 'grey', quantity: 2 },
    ]);
    expect(view.toasts).toEqual([
      expect.objectContaining({
        kind: 'success',
        message: 'Added 2 × Trail Runner Sneaker (size 42, grey) to your basket.',
      }),
    ]);
    expect(screen.getByText(/In your basket: 2/)).toBeInTheDocument();
    view.stop();
  });

  it('says when the 10-per-item limit took some of the quantity', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/products/p1');
    await screen.findByRole('heading', { level: 1, name: 'Trail Runner Sneaker' });
    cartActions.replaceCart({
      ...cartActions.get(),
      products: [{ id: 'p1', size: '42', colour: 'grey', quantity: 8 }],
    });
    await user.click(screen.getByRole('radio', { name: '42' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity' }), '5');
    await user.click(screen.getByRole('button', { name: 'Add to basket' }));
    expect(bus.cart$.getValue().products).toEqual([
      { id: 'p1', size: '42', colour: 'grey', quantity: 10 },
    ]);
    expect(view.toasts.at(-1)).toEqual(
      expect.objectContaining({
        kind: 'info',
        message:
          'Added 2 × Trail Runner Sneaker (size 42, grey) to your basket. We sell at most 10 of an item at once: your basket now holds 10.',
      }),
    );
    view.stop();
  });

  it('offers the colours: the image names the one chosen, and two colours are two basket lines (decision 1503)', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/products/p1');
    await screen.findByRole('heading', { level: 1, name: 'Trail Runner Sneaker' });
    const colours = screen.getByRole('group', { name: /colour/i });
    expect(within(colours).getByRole('radio', { name: 'grey' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '42' }));
    await user.click(screen.getByRole('button', { name: 'Add to basket' }));
    await user.click(within(colours).getByRole('radio', { name: 'black' }));
    expect(screen.getByRole('img', { name: 'Grey trail running sneaker, in black' })).toBeVisible();
    expect(colours).toHaveTextContent('Colour: black');
    await user.click(screen.getByRole('button', { name: 'Add to basket' }));
    expect(bus.cart$.getValue().products).toEqual([
      { id: 'p1', size: '42', colour: 'grey', quantity: 1 },
      { id: 'p1', size: '42', colour: 'black', quantity: 1 },
    ]);
    expect(view.toasts.map((t) => t.message)).toEqual([
      'Added 1 × Trail Runner Sneaker (size 42, grey) to your basket.',
      'Added 1 × Trail Runner Sneaker (size 42, black) to your basket.',
    ]);
    view.stop();
  });

  it(`says so when the basket already holds ${BASKET_LINES_MAX} different items, and adds nothing`, async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/products/p1');
    await screen.findByRole('heading', { level: 1, name: 'Trail Runner Sneaker' });
    const full = Array.from({ length: BASKET_LINES_MAX }, (_, i) => ({
      id: `other-${i}`,
      quantity: 1,
    }));
    cartActions.replaceCart({ ...cartActions.get(), products: full });

    await user.click(screen.getByRole('radio', { name: '42' }));
    await user.click(screen.getByRole('button', { name: 'Add to basket' }));

    expect(bus.cart$.getValue().products).toHaveLength(BASKET_LINES_MAX);
    expect(bus.cart$.getValue().products.some((line) => line.id === 'p1')).toBe(false);
    expect(view.toasts).toEqual([
      expect.objectContaining({
        kind: 'info',
        message: `Your basket already holds ${BASKET_LINES_MAX} different items, the most one order can take. Remove one to add Trail Runner Sneaker (size 42, grey).`,
      }),
    ]);
    view.stop();
  });

  it('adds a product without sizes directly, and never adds a quantity of 0', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/products/p4');
    await screen.findByRole('heading', { level: 1, name: 'Canvas Tote Bag' });
    expect(screen.queryByRole('group', { name: /size/i })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity' }), '0');
    expect(screen.getByRole('button', { name: 'Add to basket' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity' }), '1');
    await user.click(screen.getByRole('button', { name: 'Add to basket' }));
    expect(bus.cart$.getValue().products).toEqual([{ id: 'p4', colour: 'natural', quantity: 1 }]);
    view.stop();
  });

  describe('stock per size (decision 1406)', () => {
    const withStock = (id: string, stock: Record<string, number>) =>
      PRODUCTS.map((p) => (p.id === id ? { ...p, stock } : p));

    it('shows sold-out sizes as unavailable, says how many are left of the size chosen', async () => {
      installFakeCatalog({ products: withStock('p1', { '41': 0, '42': 3, '43': 40 }) });
      const user = userEvent.setup();
      const view = renderCatalog('/products/p1');
      await screen.findByRole('heading', { level: 1, name: 'Trail Runner Sneaker' });
      expect(screen.getByRole('radio', { name: /^41\b.*sold out$/ })).toBeDisabled();
      // One name, no stray space (not "46 , sold out").
      expect(screen.getByRole('radio', { name: '41, sold out' })).toHaveAttribute(
        'aria-label',
        '41, sold out',
      );
      await user.click(screen.getByRole('radio', { name: '42' }));
      expect(screen.getByText('Only 3 left')).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: '43' }));
      expect(screen.getByText('In stock')).toBeInTheDocument();
      view.stop();
    });

    it('adds no more than is left of a size, counting every colour of it, and says why', async () => {
      installFakeCatalog({ products: withStock('p1', { '41': 5, '42': 3, '43': 40 }) });
      const user = userEvent.setup();
      const view = renderCatalog('/products/p1');
      await screen.findByRole('heading', { level: 1, name: 'Trail Runner Sneaker' });
      await user.click(screen.getByRole('radio', { name: '42' }));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity' }), '2');
      await user.click(screen.getByRole('button', { name: 'Add to basket' }));
      await user.click(screen.getByRole('radio', { name: 'black' }));
      await user.click(screen.getByRole('button', { name: 'Add to basket' }));
      expect(bus.cart$.getValue().products).toEqual([
        { id: 'p1', size: '42', colour: 'grey', quantity: 2 },
        { id: 'p1', size: '42', colour: 'black', quantity: 1 },
      ]);
      expect(view.toasts.at(-1)).toEqual(
        expect.objectContaining({
          message:
            'Added 1 × Trail Runner Sneaker (size 42, black) to your basket. Only 3 left of Trail Runner Sneaker in size 42: your basket now holds all of them.',
        }),
      );
      await user.click(screen.getByRole('button', { name: 'Add to basket' }));
      expect(view.toasts.at(-1)).toEqual(
        expect.objectContaining({
          message: 'Your basket already holds the last 3 of Trail Runner Sneaker in size 42.',
        }),
      );
      expect(screen.getByTestId('basket-count')).toHaveTextContent('3');
      view.stop();
    });

    it('a product sold out in every size cannot be added', async () => {
      installFakeCatalog({ products: withStock('p4', { 'one size': 0 }) });
      const view = renderCatalog('/products/p4');
      await screen.findByRole('heading', { level: 1, name: 'Canvas Tote Bag' });
      expect(screen.getByRole('button', { name: 'Sold out' })).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Add to basket' })).not.toBeInTheDocument();
      view.stop();
    });
  });

  it('shows a proper not-found screen for an unknown id', async () => {
    installFakeCatalog();
    const view = renderCatalog('/products/does-not-exist');
    expect(
      await screen.findByRole('heading', { level: 1, name: "We couldn't find that product" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    view.stop();
  });

  it('offers a retry when the catalog cannot be read', async () => {
    installFakeCatalog({ failing: true });
    const user = userEvent.setup();
    const view = renderCatalog('/products/p1');
    expect(
      await screen.findByRole('heading', { name: "We couldn't load the shop right now" }),
    ).toBeInTheDocument();
    installFakeCatalog();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { level: 1, name: 'Trail Runner Sneaker' }),
      ).toBeInTheDocument(),
    );
    view.stop();
  });
});

describe('you may also like', () => {
  // An older men's sneaker from another collection: the same type comes before the same collection.
  const sneaker: Product = {
    ...PRODUCTS[0]!,
    id: 'p5',
    name: 'City Sneaker',
    alt: 'White city sneaker',
    collection: 'spring',
    createdAt: 0,
  };

  it('suggests other products of the category as links to their pages, never the product itself', async () => {
    const fake = installFakeCatalog({ products: [...PRODUCTS, sneaker] });
    const view = renderCatalog('/products/p1');
    const section = await screen.findByRole('region', { name: 'You may also like' });
    expect(
      within(section).getByRole('heading', { level: 2, name: 'You may also like' }),
    ).toBeInTheDocument();
    const list = within(section).getByRole('list', { name: 'You may also like' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/products/p5',
      '/products/p3',
    ]);
    expect(links[0]).toHaveTextContent('City Sneaker');
    expect(within(section).queryByRole('link', { name: /Trail Runner Sneaker/ })).toBeNull();
    // Asked of the query service beside the record read from the database.
    expect(fake.service).toEqual(['/v1/products/p1/related?limit=4']);
    expect(fake.requests).toEqual(['catalog/products/p1']);
    view.stop();
  });

  it('leaves the product itself out even if the service names it', async () => {
    installFakeCatalog();
    const fakeFetch = globalThis.fetch;
    const self = PRODUCTS[0]!;
    globalThis.fetch = async (input, init) =>
      String(input).includes('/related')
        ? new Response(JSON.stringify({ products: [self, PRODUCTS[2]] }), { status: 200 })
        : fakeFetch(input, init);
    const view = renderCatalog('/products/p1');
    const section = await screen.findByRole('region', { name: 'You may also like' });
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/products/p3']);
    view.stop();
  });

  it('has no section when the query service is down: the product shows, with no error', async () => {
    const fake = installFakeCatalog({ serviceDown: true });
    const view = renderCatalog('/products/p1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trail Runner Sneaker' }),
    ).toBeInTheDocument();
    expect(fake.service).toEqual(['/v1/products/p1/related?limit=4']);
    expect(screen.queryByRole('region', { name: 'You may also like' })).not.toBeInTheDocument();
    expect(screen.queryByText('You may also like')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to basket' })).toBeEnabled();
    view.stop();
  });

  it('has no section when there is nothing to suggest (the only other one is sold out)', async () => {
    const soldOut = PRODUCTS.map((p) => (p.id === 'p3' ? { ...p, stock: { M: 0, L: 0 } } : p));
    installFakeCatalog({ products: soldOut });
    const view = renderCatalog('/products/p1');
    await screen.findByRole('heading', { level: 1, name: 'Trail Runner Sneaker' });
    expect(screen.queryByRole('region', { name: 'You may also like' })).not.toBeInTheDocument();
    expect(screen.queryByText('You may also like')).not.toBeInTheDocument();
    view.stop();
  });
});

describe('product structured data', () => {
  it('is a schema.org Product with an offer at the catalog price, safe inside a script tag', async () => {
    installFakeCatalog();
    const view = renderCatalog('/products/p1');
    await screen.findByRole('heading', { level: 1, name: 'Trail Runner Sneaker' });
    const script = document.querySelector('script[type="application/ld+json"]');
    expect(script).not.toBeNull();
    const data = JSON.parse(script?.textContent ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Trail Runner Sneaker',
      sku: 'p1',
      image: [`${window.location.origin}/images/products/p1.svg`],
      offers: {
        '@type': 'Offer',
        priceCurrency: 'USD',
        price: '89.99',
        url: `${window.location.origin}/products/p1`,
      },
    });
    view.stop();
  });
});

describe('productStructuredData', () => {
  it("offers the product in the market's currency, at the market's address", async () => {
    const { productStructuredData } = await import('./ProductPage');
    const product = {
      id: 'boot',
      name: 'Stiefel',
      imageUrl: '/images/products/boot.svg',
      alt: '',
      annotation: '',
      originalPrice: 128.95,
      discountedPrice: 109.6,
      description: '',
      category: 'men' as const,
      collection: 'fall',
      sizes: [],
      colours: [],
      createdAt: 0,
    };
    const offer = (json: string) => (JSON.parse(json) as { offers: Record<string, string> }).offers;
    expect(offer(productStructuredData(product, 'https://shop.test/de', 'EUR'))).toMatchObject({
      priceCurrency: 'EUR',
      price: '109.60',
      url: 'https://shop.test/de/products/boot',
    });
    expect(offer(productStructuredData(product, 'https://shop.test'))).toMatchObject({
      priceCurrency: 'USD',
    });
  });

  it('escapes "<" so a product text cannot close the script element', async () => {
    const { productStructuredData } = await import('./ProductPage');
    const json = productStructuredData(
      {
        id: 'x',
        name: 'Evil </script><script>alert(1)</script>',
        imageUrl: '/images/products/x.svg',
        alt: '',
        annotation: '',
        originalPrice: 10,
        discountedPrice: 5,
        description: '',
        category: 'men',
        collection: 'fall',
        sizes: [],
        colours: [],
        createdAt: 0,
      },
      'http://localhost:8080',
    );
    expect(json).not.toContain('<');
    expect((JSON.parse(json) as { name: string }).name).toBe(
      'Evil </script><script>alert(1)</script>',
    );
  });
});
