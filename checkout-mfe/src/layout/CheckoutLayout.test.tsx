import { EMPTY_CART, SIGNED_OUT, type StoredOrder, cartActions, setAuth } from '@shop/shared';
import { act, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { ConfirmationInPlace } from '../confirmation/Confirmation';
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

const SENT: StoredOrder = {
  id: '-OrderKeyForTests001',
  number: 'TL-7K3M9Q',
  timestamp: 1_763_800_000_000,
  products: [
    {
      id: 'linen-shirt',
      size: 'M',
      quantity: 1,
      name: 'Linen shirt',
      imageUrl: '/images/products/linen-shirt.svg',
      alt: 'A white linen shirt',
      annotation: 'New',
      originalPrice: 60,
      discountedPrice: 50,
    },
  ],
  discount: { isDiscount: false, discountType: null, discountCode: '' },
  totalPrice: 59.99,
  totalQuantity: 1,
  shipment: 9.99,
  paymentMethod: 'card',
  personalInformation: {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    tel: '+48 123 456 789',
    address: '12 Analytical Street',
    city: 'London',
    zipCode: 'N1 9GU',
    country: 'United Kingdom',
  },
};

describe('an order stored while the router is still on its way (issue 16)', () => {
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
      showConfirmationInPlace(<ConfirmationInPlace order={SENT} />);
      cartActions.reset();
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Order sent!' })).toHaveFocus();
    expect(screen.getByText('TL-7K3M9Q')).toBeInTheDocument();
    expect(screen.getByText('Thank you for shopping with us!')).toBeInTheDocument();
    expect(screen.queryByText('Details form')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Checkout' })).not.toBeInTheDocument();
    // It opens at the top, as the confirmation's page does.
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaving the checkout ends the wait: back on it later, the steps show as usual', () => {
    const { unmount } = openCheckoutAt('/checkout/details');
    act(() => {
      showConfirmationInPlace(<ConfirmationInPlace order={SENT} />);
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
    showConfirmationInPlace(<ConfirmationInPlace order={SENT} />);
    cartActions.replaceCart({ ...EMPTY_CART, products: [{ id: 'linen-shirt', quantity: 1 }] });
    openCheckoutAt('/checkout');
    expect(screen.getByText('Basket review')).toBeInTheDocument();
    expect(screen.queryByText('Order sent!')).not.toBeInTheDocument();
  });
});
