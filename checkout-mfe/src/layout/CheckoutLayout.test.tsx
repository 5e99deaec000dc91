import { EMPTY_CART, SIGNED_OUT, cartActions, setAuth } from '@shop/shared';
import { act, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { ConfirmationInPlace } from '../confirmation/Confirmation';
import { SAMPLE_ORDER, SAMPLE_ORDER_KEY } from '../testing/sampleOrder';
import { confirmationInPlace, showConfirmationInPlace } from '../confirmation/confirmationInPlace';
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
  return { router, ...render(<RouterProvider router={router} />) };
}

const basketStep = () =>
  within(screen.getByRole('navigation', { name: 'Checkout steps' }))
    .getByText('Basket')
    .closest('li') as HTMLElement;

beforeEach(() => {
  setAuth(SIGNED_OUT);
  showConfirmationInPlace(null);
});

describe('"Sign in" from the checkout', () => {
  it.each(['/checkout', '/checkout/details'])('comes back to %s', (path) => {
    cartActions.replaceCart({ ...EMPTY_CART, products: [{ id: 'linen-shirt', quantity: 1 }] });
    openCheckoutAt(path);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/authentication?mode=signin&next=${encodeURIComponent(path)}`,
    );
  });
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

describe('an order stored while the router is still on its way (decision 1601)', () => {
  beforeEach(() => {
    cartActions.replaceCart({ ...EMPTY_CART, products: [{ id: 'linen-shirt', quantity: 1 }] });
    // As Chromium's does now: it returns a promise (an effect must not hand it to React).
    jest.spyOn(window, 'scrollTo').mockImplementation(() => Promise.resolve());
  });

  afterEach(() => jest.restoreAllMocks());

  it('the render that empties the basket shows the confirmation, not the details step', () => {
    openCheckoutAt('/checkout/details');
    expect(screen.getByText('Details form')).toBeInTheDocument();
    // As the order's action does it: the order shown, then the basket's reset, in one go.
    act(() => {
      showConfirmationInPlace(<ConfirmationInPlace order={SAMPLE_ORDER} />);
      cartActions.reset();
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Order sent!' })).toHaveFocus();
    expect(screen.getByText(SAMPLE_ORDER_KEY)).toBeInTheDocument(); // the order's reference
    expect(screen.getByText('Thank you for shopping with us!')).toBeInTheDocument();
    expect(screen.queryByText('Details form')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Checkout' })).not.toBeInTheDocument();
    // It opens at the top, as the confirmation's page does.
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaving the checkout ends the wait: back on it later, the steps show as usual', () => {
    const { unmount } = openCheckoutAt('/checkout/details');
    act(() => {
      showConfirmationInPlace(<ConfirmationInPlace order={SAMPLE_ORDER} />);
      cartActions.reset();
    });
    unmount();
    expect(confirmationInPlace()).toBeNull();
    openCheckoutAt('/checkout/details');
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByText('Order sent!')).not.toBeInTheDocument();
  });

  it('an order that ends after the checkout was left is not shown by the next checkout', () => {
    const { unmount } = openCheckoutAt('/checkout/details');
    unmount(); // a link followed while the order was being sent
    showConfirmationInPlace(<ConfirmationInPlace order={SAMPLE_ORDER} />);
    cartActions.replaceCart({ ...EMPTY_CART, products: [{ id: 'linen-shirt', quantity: 1 }] });
    openCheckoutAt('/checkout');
    expect(screen.getByText('Basket review')).toBeInTheDocument();
    expect(screen.queryByText('Order sent!')).not.toBeInTheDocument();
  });
});
