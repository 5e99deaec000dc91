import { EMPTY_CART, cartActions } from '@shop/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { clearProductCache } from '../catalog/productLines';
import { installFakeBackend, uninstallFakeBackend } from '@shop/shared/testing';
import MiniBasket from './MiniBasket';

function renderHeader() {
  const router = createMemoryRouter([
    { path: '/', element: <MiniBasket /> },
    { path: '/checkout', element: <p>Basket page</p> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

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
    cartActions.addProduct({ id: 'linen-shirt', size: 'M', quantity: 2 });
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Show basket preview' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Basket preview' });
    expect(await screen.findByText('Linen shirt (M)')).toBeInTheDocument();
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
});
