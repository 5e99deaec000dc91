import { EMPTY_CART, SIGNED_OUT, cartActions, setAuth } from '@shop/shared';
import { act, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { CheckoutLayout } from './CheckoutLayout';

function openCheckoutAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/checkout',
        element: <CheckoutLayout />,
        children: [
          { index: true, element: <p>Basket review</p> },
          { path: 'details', element: <p>Details form</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

const basketStep = () =>
  within(screen.getByRole('navigation', { name: 'Checkout steps' }))
    .getByText('Basket')
    .closest('li') as HTMLElement;

beforeEach(() => {
  setAuth(SIGNED_OUT);
});

describe('the checkout steps in the layout', () => {
  it('on /checkout/details with an empty basket, the basket step is not completed', () => {
    cartActions.replaceCart(EMPTY_CART);
    openCheckoutAt('/checkout/details');
    expect(within(basketStep()).queryByText('(completed)')).not.toBeInTheDocument();
    expect(basketStep()).not.toHaveClass('checkout-steps__step--done');
    // Still the way back to the basket, so the shopper can fill it.
    expect(within(basketStep()).getByRole('link', { name: 'Basket' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    expect(screen.getByText('Details').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it('on /checkout/details with products, the basket step is completed', () => {
    cartActions.replaceCart({ ...EMPTY_CART, products: [{ id: 'linen-shirt', quantity: 1 }] });
    openCheckoutAt('/checkout/details');
    expect(within(basketStep()).getByRole('link', { name: 'Basket (completed)' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it('follows the basket: emptying it un-completes the step', () => {
    cartActions.replaceCart({ ...EMPTY_CART, products: [{ id: 'linen-shirt', quantity: 1 }] });
    openCheckoutAt('/checkout/details');
    expect(basketStep()).toHaveClass('checkout-steps__step--done');
    act(() => cartActions.replaceCart(EMPTY_CART));
    expect(basketStep()).not.toHaveClass('checkout-steps__step--done');
  });
});
