import {
  sharedMessages,
  EMPTY_CART,
  ROOT_MARKET,
  SIGNED_OUT,
  ShopContextProvider,
  bus,
  cartActions,
  marketById,
  pageShopContext,
  setAuth,
  basketLoaded,
  startSession,
  stopSession,
} from '@shop/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import * as basketReview from './basketReviewRoute';
import { clearProductCache } from '../catalog/productLines';
import { messages } from '../messages';
import { type FakeDatabase, installFakeBackend, uninstallFakeBackend } from '@shop/shared/testing';

let db: FakeDatabase;
/** The catalog query service's answers to "Complete the look" (global fetch; the database is faked). */
let catalogService: jest.SpyInstance;
const suggestion = (id: string, name: string) => ({
  id,
  name,
  imageUrl: `/images/products/${id}.svg`,
  alt: name,
  annotation: '',
  originalPrice: 40,
  discountedPrice: 30,
  description: '',
  category: 'men',
  collection: 'spring',
  sizes: ['M'],
  colours: ['white'],
  createdAt: 3,
});
const answer = (products: unknown[]) =>
  new Response(JSON.stringify({ products }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

function openBasket() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/checkout', ...basketReview },
      { path: '/checkout/details', element: <p>Details step</p> },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const total = (testId: string) => screen.getByTestId(testId).textContent;

beforeEach(async () => {
  catalogService = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => answer([]));
  ({ db } = installFakeBackend());
  stopSession();
  localStorage.clear();
  clearProductCache();
  setAuth(SIGNED_OUT);
  cartActions.replaceCart(EMPTY_CART);
  await startSession();
  await basketLoaded();
  cartActions.replaceCart({
    ...EMPTY_CART,
    products: [
      { id: 'linen-shirt', size: 'M', quantity: 2 },
      { id: 'trail-sneaker', quantity: 1 },
    ],
  });
});

afterEach(() => {
  catalogService.mockRestore();
  stopSession();
  uninstallFakeBackend();
});

// A page's texts are loaded before it renders (the shell does it, shared/CONTRACT.md §9b).
beforeAll(() => Promise.all([messages.load('de'), sharedMessages.load('de')]));

describe('basket review', () => {
  it('lists the lines with catalog data and prices the basket', async () => {
    openBasket();
    expect(await screen.findByText('Linen shirt')).toBeInTheDocument();
    expect(screen.getByText('Trail sneaker')).toBeInTheDocument();
    expect(screen.getByText('Size: M')).toBeInTheDocument();
    expect(total('summary-products')).toBe('$200.00');
    expect(total('summary-discount')).toBe('$0.00');
    expect(total('summary-shipment')).toBe('$9.99');
    expect(total('summary-total')).toBe('$209.99');
    expect(screen.getByRole('link', { name: 'Continue to details' })).toHaveAttribute(
      'href',
      '/checkout/details',
    );
    await waitFor(() => expect(cartActions.get().totalPrice).toBe(209.99));
  });

  it('changes a quantity (1 to 10: no 0, the line has Remove) and shows each line total', async () => {
    openBasket();
    const select = await screen.findByLabelText('Quantity of Linen shirt, size M');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(screen.getAllByTestId('line-total').map((t) => t.textContent)).toEqual([
      '$100.00',
      '$100.00',
    ]);
    fireEvent.change(select, { target: { value: '3' } });
    expect(cartActions.get().totalQuantity).toBe(4);
    expect(total('summary-total')).toBe('$259.99');
    expect(screen.getAllByTestId('line-total').map((t) => t.textContent)).toEqual([
      '$150.00',
      '$100.00',
    ]);
  });

  it('completes the look: a few products for the basket, none of its own, each a link', async () => {
    catalogService.mockImplementation(async () =>
      answer([
        suggestion('linen-trousers', 'Linen trousers'),
        suggestion('linen-shirt', 'Linen shirt'),
        suggestion('canvas-belt', 'Canvas belt'),
      ]),
    );
    openBasket();
    const section = await screen.findByRole('region', { name: 'Complete the look' });
    const asked = new URL(String(catalogService.mock.calls[0]![0]));
    expect(asked.pathname).toBe('/v1/related');
    expect(asked.searchParams.getAll('id')).toEqual(['linen-shirt', 'trail-sneaker']);
    expect(asked.searchParams.get('limit')).toBe('4');
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/products/linen-trousers',
      '/products/canvas-belt',
    ]);
    expect(links[0]).toHaveTextContent('Linen trousers');
  });

  it('shows no "Complete the look" when the catalog service is down', async () => {
    catalogService.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    openBasket();
    await screen.findByText('Linen shirt');
    await waitFor(() => expect(catalogService).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Complete the look' })).not.toBeInTheDocument();
  });

  it('removes a line with its Remove button', async () => {
    openBasket();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove Trail sneaker from the basket' }),
    );
    expect(cartActions.get().products).toEqual([{ id: 'linen-shirt', size: 'M', quantity: 2 }]);
  });

  it('applies a percentage code, then a SHIPMENT code, and says when a code is unknown', async () => {
    openBasket();
    await screen.findByText('Linen shirt');
    const field = screen.getByLabelText('Discount code');

    fireEvent.change(field, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The discount code "NOPE" doesn\'t exist.')).toBeInTheDocument();
    expect(cartActions.get().discount.isDiscount).toBe(false);

    fireEvent.change(field, { target: { value: ' save10 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code SAVE10 applied: 10% off.')).toBeInTheDocument();
    expect(total('summary-discount')).toBe('−$20.00');
    expect(total('summary-total')).toBe('$189.99');

    fireEvent.change(field, { target: { value: 'FREESHIP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code FREESHIP applied: free shipment.')).toBeInTheDocument();
    // What the code saved, not "Discount $0.00".
    expect(screen.queryByTestId('summary-discount')).not.toBeInTheDocument();
    expect(total('summary-shipping-saved')).toBe('$9.99');
    expect(total('summary-shipment')).toBe('$0.00');
    expect(total('summary-total')).toBe('$200.00');
    expect(db.requests.filter((r) => r.path.startsWith('discounts'))).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    expect(total('summary-total')).toBe('$209.99');
  });

  it('applies a fixed-amount code: its dollar amount off the products (decision 5101)', async () => {
    db.set('discounts/TENOFF', {
      code: 'TENOFF',
      discountType: 'AMOUNT',
      amounts: { USD: 10, EUR: 10, GBP: 8 },
      description: '10 off',
    });
    openBasket();
    await screen.findByText('Linen shirt');
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'tenoff' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code TENOFF applied: $10.00 off.')).toBeInTheDocument();
    expect(total('summary-discount')).toBe('−$10.00');
    expect(total('summary-total')).toBe('$199.99');
    expect(cartActions.get().discount).toMatchObject({
      discountType: 'AMOUNT',
      amounts: { USD: 10 },
    });
  });

  it("in Germany: lines in euros, Germany's shipping fee, and a product with no euro price unavailable (decision 5101)", async () => {
    const germany = marketById('de') ?? ROOT_MARKET;
    db.set('catalog/products/linen-shirt/prices', {
      EUR: { originalPrice: 55, discountedPrice: 45 },
    });
    db.set('discounts/TENOFF', {
      code: 'TENOFF',
      discountType: 'AMOUNT',
      amounts: { USD: 10, EUR: 10, GBP: 8 },
      description: '10 off',
    });
    bus.market$.next(germany);
    try {
      const router = createMemoryRouter([{ path: '/checkout', ...basketReview }], {
        initialEntries: ['/checkout'],
      });
      render(
        <ShopContextProvider value={{ ...pageShopContext, market: germany }}>
          <RouterProvider router={router} />
        </ShopContextProvider>,
      );
      // In German, the page's language (cart-mfe/src/messages/de.json).
      expect(
        await screen.findByText('Dieses Produkt ist nicht mehr erhältlich.'),
      ).toBeInTheDocument();
      const text = (id: string) => (screen.getByTestId(id).textContent ?? '').replace(/\s/g, ' ');
      expect(text('line-total')).toBe('90,00 €');
      expect(text('summary-shipment')).toBe('4,95 €');
      expect(text('summary-total')).toBe('94,95 €');
      fireEvent.change(screen.getByLabelText('Rabattcode'), { target: { value: 'tenoff' } });
      fireEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
      expect(
        (await screen.findByText(/Code TENOFF eingelöst/)).textContent?.replace(/\s/g, ' '),
      ).toBe('Code TENOFF eingelöst: 10,00 € Rabatt.');
      expect(text('summary-total')).toBe('84,95 €');
    } finally {
      bus.market$.next(ROOT_MARKET);
    }
  });

  it('reads codes by exact path only and never sends illegal characters', async () => {
    openBasket();
    await screen.findByText('Linen shirt');
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: '../users' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('The discount code "../USERS" doesn\'t exist.'),
    ).toBeInTheDocument();
    expect(db.requests.filter((r) => r.path.startsWith('discounts'))).toHaveLength(0);
  });

  it('says when the code cannot be checked', async () => {
    openBasket();
    await screen.findByText('Linen shirt');
    db.down = true;
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'SAVE10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/couldn't check the code right now/)).toBeInTheDocument();
  });

  it('an empty basket says so and links back to shopping', async () => {
    cartActions.replaceCart(EMPTY_CART);
    openBasket();
    expect(await screen.findByText('Your basket is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Continue to details' })).not.toBeInTheDocument();
  });

  it('a product gone from the catalog can be removed, and blocks the next step', async () => {
    db.set('catalog/products/trail-sneaker', null);
    openBasket();
    expect(await screen.findByText('This product is no longer available.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue to details' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('link', { name: 'Continue to details' })).toBeInTheDocument();
  });

  it('warns a line that wants more than is left of its size, and blocks the next step until lowered', async () => {
    db.set('catalog/products/linen-shirt/stock', { S: 9, M: 1 });
    openBasket();
    expect(
      await screen.findByText('Only 1 left in size M: lower the quantity to order.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue to details' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Lower the quantities marked above to what is left to continue.'),
    ).toBeInTheDocument();
    cartActions.setQuantity('linen-shirt_M', 1);
    expect(await screen.findByRole('link', { name: 'Continue to details' })).toBeInTheDocument();
    expect(screen.queryByText(/left in size M/)).not.toBeInTheDocument();
  });

  it('a malformed catalog record shows as unavailable (logged), never breaks the basket', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    db.set('catalog/products/trail-sneaker/originalPrice', 'free');
    openBasket();
    expect(await screen.findByText('This product is no longer available.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(
      '[catalog] product "trail-sneaker" skipped: originalPrice: expected number, got a string',
    );
    warn.mockRestore();
  });
});
