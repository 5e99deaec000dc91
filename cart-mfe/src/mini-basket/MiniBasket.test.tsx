import { EMPTY_CART, cartActions } from '@shop/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { clearProductCache } from '../catalog/productLines';
import { installFakeBackend, uninstallFakeBackend } from '@shop/shared/testing';
import MiniBasket from './MiniBasket';

function renderHeader() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <MiniBasket />
          <button type="button">Add to basket</button>
        </>
      ),
    },
    { path: '/checkout', element: <p>Basket page</p> },
    { path: '/products/:id', element: <p>Product page</p> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

// jsdom has <dialog> without its methods: enough of them for the drawer's own logic (the browser's
// modal behaviour, Escape and inertness, is checked in e2e/tests/basket-drawer.e2e.ts).
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

beforeEach(() => {
  installFakeBackend();
  clearProductCache();
  cartActions.replaceCart(EMPTY_CART);
});
afterEach(uninstallFakeBackend);

describe('MiniBasket', () => {
  it('shows the count badge and follows the basket', () => {
    renderHeader();
    expect(screen.getByTestId('basket-count')).toHaveTextContent('0');
    act(() => {
      cartActions.addProduct({ id: 'linen-shirt', size: 'M', quantity: 2 });
      cartActions.addProduct({ id: 'trail-sneaker', quantity: 1 });
    });
    expect(screen.getByTestId('basket-count')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Basket 3 items' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it('opens a quick view with the lines and the products total; Escape closes it', async () => {
    cartActions.replaceCart({
      ...EMPTY_CART,
      products: [{ id: 'linen-shirt', size: 'M', quantity: 2 }],
    });
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Show basket preview' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Basket preview' });
    expect(await screen.findByText('Linen shirt (M)')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Linen shirt (M)' })).toHaveAttribute(
      'href',
      '/products/linen-shirt',
    );
    expect(panel).toHaveTextContent('x2');
    expect(panel).toHaveTextContent('$100.00');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Basket preview' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('an empty basket says so in the quick view', () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Show basket preview' }));
    expect(screen.getByText('Your basket is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to basket' })).toHaveAttribute('href', '/checkout');
  });

  it('closes when the shopper goes to the basket', async () => {
    const router = renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Show basket preview' }));
    fireEvent.click(screen.getByRole('link', { name: 'Go to basket' }));
    expect(await screen.findByText('Basket page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it("lists the lines in the order of the basket (the basket review's)", async () => {
    cartActions.replaceCart({
      ...EMPTY_CART,
      products: [
        { id: 'trail-sneaker', quantity: 1 },
        { id: 'linen-shirt', size: 'M', quantity: 2 },
      ],
    });
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Show basket preview' }));
    const panel = screen.getByRole('region', { name: 'Basket preview' });
    await within(panel).findByText('Linen shirt (M)');
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/products/trail-sneaker', '/products/linen-shirt', '/checkout']);
  });
});

describe('basket drawer', () => {
  it('"Add to basket" opens it with the lines, subtotal and "Go to checkout"; closing returns focus', async () => {
    renderHeader();
    const opener = screen.getByRole('button', { name: 'Add to basket' });
    opener.focus();
    act(() => {
      cartActions.addProduct({ id: 'linen-shirt', size: 'M', quantity: 2 });
    });
    const drawer = await screen.findByRole('dialog', { name: 'Your basket (2)' });
    expect(drawer).toHaveAttribute('open');
    expect(within(drawer).getByRole('button', { name: 'Close basket' })).toHaveFocus();
    expect(await within(drawer).findByRole('link', { name: 'Linen shirt (M)' })).toHaveAttribute(
      'href',
      '/products/linen-shirt',
    );
    expect(drawer).toHaveTextContent('x2');
    expect(within(drawer).getByTestId('drawer-subtotal')).toHaveTextContent('$100.00');
    expect(within(drawer).getByRole('link', { name: 'Go to checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close basket' }));
    expect(drawer).not.toHaveAttribute('open');
    expect(opener).toHaveFocus();
  });

  it('a press on the backdrop closes it; the next add opens it again', async () => {
    renderHeader();
    act(() => {
      cartActions.addProduct({ id: 'trail-sneaker', quantity: 1 });
    });
    const drawer = await screen.findByRole('dialog');
    expect(drawer).toHaveAttribute('open');
    fireEvent.click(drawer);
    expect(drawer).not.toHaveAttribute('open');
    // Nothing focused when the add was made: focus goes back to the header's basket link.
    expect(screen.getByRole('link', { name: /^Basket/ })).toHaveFocus();
    act(() => {
      cartActions.addProduct({ id: 'trail-sneaker', quantity: 1 });
    });
    expect(drawer).toHaveAttribute('open');
  });

  it('opens for an add made before its code loaded, on the page it was made on only', async () => {
    cartActions.addProduct({ id: 'linen-shirt', size: 'M', quantity: 1 });
    renderHeader();
    expect(await screen.findByRole('dialog')).toHaveAttribute('open');
  });

  it('stays closed for an add made on another page, and for anything but an add', async () => {
    window.history.pushState({}, '', '/products/linen-shirt');
    cartActions.addProduct({ id: 'linen-shirt', size: 'M', quantity: 1 });
    window.history.pushState({}, '', '/');
    renderHeader();
    act(() => {
      cartActions.replaceCart({ ...EMPTY_CART, products: [{ id: 'trail-sneaker', quantity: 3 }] });
      cartActions.setQuantity('trail-sneaker', 4);
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
  });

  it('following "Go to checkout" closes it', async () => {
    const router = renderHeader();
    act(() => {
      cartActions.addProduct({ id: 'trail-sneaker', quantity: 1 });
    });
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('link', { name: 'Go to checkout' }));
    expect(await screen.findByText('Basket page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(drawer).not.toHaveAttribute('open');
  });
});
