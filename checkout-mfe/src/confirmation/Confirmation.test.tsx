import {
  EMPTY_CART,
  SIGNED_OUT,
  cartActions,
  publishRouteLists,
  setAuth,
  basketLoaded,
  startSession,
  stopSession,
} from '@shop/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import * as checkoutSuccessful from './confirmationRoute';
import { resetOrderMemory } from '../order/placeOrder';
import { expectConfirmation, forgetConfirmation } from './reloadIfNotShown';
import { outcomeUrl } from './outcomeAddress';
import { SAMPLE_ORDER as ORDER, SAMPLE_ORDER_KEY as KEY } from '../testing/sampleOrder';
import { shopRouteLists } from '../../../jest/routeLists';
import { type FakeDatabase, installFakeBackend, uninstallFakeBackend } from '@shop/shared/testing';

let db: FakeDatabase;

function open(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      {
        path: '/checkout-successful',
        ...checkoutSuccessful,
        hydrateFallbackElement: <p>Loading</p>,
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  ({ db } = installFakeBackend());
  stopSession();
  localStorage.clear();
  setAuth(SIGNED_OUT);
  cartActions.replaceCart(EMPTY_CART);
  resetOrderMemory();
  await startSession();
  await basketLoaded();
});

afterEach(() => {
  publishRouteLists(shopRouteLists());
  stopSession();
  uninstallFakeBackend();
  forgetConfirmation();
});

describe('order confirmation route', () => {
  it('redirects to / without query parameters', async () => {
    const router = open('/checkout-successful');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the success screen of a stored order (also after a reload)', async () => {
    db.set(`users/anonymousTokens/session-1/anonymousOrders/${KEY}`, {
      ...ORDER,
      discount: { ...ORDER.discount },
    });
    open(`/checkout-successful?order=${KEY}`);

    expect(await screen.findByRole('heading', { name: 'Order sent!' })).toBeInTheDocument();
    const provided = screen.getByRole('heading', { name: 'Informations provided:' })
      .parentElement as HTMLElement;
    // docs/product.md §2: the labels of the form (shared FIELD_META), hyphens replaced by spaces.
    expect(
      within(provided)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([
      'Name',
      'Email address',
      'Phone number',
      'Address',
      'City',
      'ZIP Code',
      'Country',
      'Payment method',
    ]);
    expect(within(provided).getByText('Cash on delivery')).toBeInTheDocument();
    expect(within(provided).getByText('Ada Lovelace')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: '3 products ordered:' })).toBeInTheDocument();
    expect(screen.getByText('Linen shirt')).toBeInTheDocument();
    expect(screen.getByText('x2')).toBeInTheDocument();
    expect(screen.getByTestId('summary-products')).toHaveTextContent('$200.00');
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('−$20.00');
    expect(screen.getByTestId('summary-shipment')).toHaveTextContent('$9.99');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$189.99');
    expect(screen.getByText('Thank you for shopping with us!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('shows an order in euros in its own currency, with its fixed-amount code (decision 5101)', async () => {
    db.set(`users/anonymousTokens/session-1/anonymousOrders/${KEY}`, {
      ...ORDER,
      products: [{ ...(ORDER.products[0] as object), originalPrice: 55, discountedPrice: 45 }],
      discount: {
        isDiscount: true,
        discountType: 'AMOUNT',
        discountCode: 'TENOFF',
        amounts: { EUR: 10 },
      },
      totalPrice: 84.95,
      totalQuantity: 2,
      shipment: 4.95,
      currency: 'EUR',
      market: 'de',
    });
    open(`/checkout-successful?order=${KEY}`);

    expect(await screen.findByRole('heading', { name: 'Order sent!' })).toBeInTheDocument();
    const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');
    expect(text('summary-products')).toBe('90,00 €');
    expect(text('summary-discount')).toBe('−10,00 €');
    expect(text('summary-shipment')).toBe('4,95 €');
    expect(text('summary-total')).toBe('84,95 €');
    expect(screen.getByText(/TENOFF/).textContent?.replace(/\s/g, ' ')).toContain(
      'TENOFF (10,00 € off)',
    );
    expect(document.querySelector('.shop-price__current')?.textContent?.replace(/\s/g, ' ')).toBe(
      'Discounted price: 45,00 €',
    );
  });

  it('marks itself shown, so the page is not loaded again after the grace', async () => {
    db.set(`users/anonymousTokens/session-1/anonymousOrders/${KEY}`, ORDER);
    const outcome = `/checkout-successful?order=${KEY}`;
    const reload = jest.fn();
    const grace: { over?: () => void } = {};
    expectConfirmation(outcome, {
      address: () => outcome,
      reload,
      setTimeout: (callback) => {
        grace.over = callback;
        return 1;
      },
      clearTimeout: jest.fn(),
    });
    open(outcome);
    await screen.findByRole('heading', { name: 'Order sent!' });
    // The loader armed the grace; the page's commit then disarmed it.
    expect(grace.over).toBeDefined();
    grace.over?.();
    expect(reload).not.toHaveBeenCalled();
  });

  it("links each product to the catalog's page by its role, wherever the catalog puts it", async () => {
    db.set(`users/anonymousTokens/session-1/anonymousOrders/${KEY}`, ORDER);
    publishRouteLists({ catalog: [{ path: '/p/:id', roles: { product: '/p/:id' } }] });
    open(`/checkout-successful?order=${KEY}`);
    expect(await screen.findByRole('link', { name: /Linen shirt/ })).toHaveAttribute(
      'href',
      '/p/linen-shirt',
    );
  });

  it('puts the focus on the "Order sent!" heading, so the outcome is read first', async () => {
    db.set(`users/anonymousTokens/session-1/anonymousOrders/${KEY}`, ORDER);
    open(`/checkout-successful?order=${KEY}`);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Order sent!' });
    expect(heading).toHaveFocus();
    // Focusable from script only: the heading is no stop in the Tab order.
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('puts the focus on the failure heading too', async () => {
    open('/checkout-successful?status=failed&reason=write');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong!' }),
    ).toHaveFocus();
  });

  it('shows the failure screen when sending failed', async () => {
    open('/checkout-successful?status=failed&reason=write');
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('An error has occured, please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/checkout/details',
    );
    expect(screen.queryByText('Order sent!')).not.toBeInTheDocument();
  });

  it('shows the order number the order function gave', async () => {
    db.set(`users/anonymousTokens/session-1/anonymousOrders/${KEY}`, {
      ...ORDER,
      number: 'TL-7F3K2Q',
      status: 'placed',
    });
    open(`/checkout-successful?order=${KEY}`);
    expect(await screen.findByRole('heading', { name: 'Order sent!' })).toBeInTheDocument();
    expect(screen.getByText('TL-7F3K2Q')).toBeInTheDocument();
    expect(screen.getByText(/Order number:/)).toBeInTheDocument();
  });

  it('offers a guest the way back to the order: the order-status page with its number', async () => {
    db.set(`users/anonymousTokens/session-1/anonymousOrders/${KEY}`, {
      ...ORDER,
      number: 'TL-7F3K2Q',
    });
    open(`/checkout-successful?order=${KEY}`);
    expect(await screen.findByRole('link', { name: 'Find this order later' })).toHaveAttribute(
      'href',
      '/order-status?number=TL-7F3K2Q',
    );
  });

  it('a signed-in shopper gets no such link (the order is in the account)', async () => {
    db.set(`users/anonymousTokens/session-1/anonymousOrders/${KEY}`, {
      ...ORDER,
      number: 'TL-7F3K2Q',
    });
    open(`/checkout-successful?order=${KEY}`);
    await screen.findByRole('heading', { name: 'Order sent!' });
    act(() =>
      setAuth({
        isSignedIn: true,
        email: 'ada@example.com',
        signedOutByLogout: false,
        justSignedIn: false,
        userAccountUid: 'account-1',
      }),
    );
    // React attaches a component's store subscription (useAuth) in a task after the commit that
    // mounted it; a sign-in published before that task is read when it runs, one task later. On a
    // loaded machine the heading can be found before that task, so the page is awaited, not read
    // at once (a clean-clone run once read the link still there).
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Find this order later' })).not.toBeInTheDocument(),
    );
  });

  it('says so when the order service could not be reached, and offers to try again', async () => {
    open('/checkout-successful?status=failed&reason=service');
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/couldn't reach our order service/)).toBeInTheDocument();
    expect(screen.getByText(/basket and your details are kept/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/checkout/details',
    );
  });

  it('shows a sign-up error by name, never text taken from the address', async () => {
    open('/checkout-successful?status=failed&reason=signup&message=emailTaken');
    expect(
      await screen.findByText('There is already an account assigned to this email!'),
    ).toBeInTheDocument();
  });

  it('an email that has an account is no dead end: sign in and come back, or order as a guest', async () => {
    open('/checkout-successful?status=failed&reason=signup&message=emailTaken');
    await screen.findByText('There is already an account assigned to this email!');
    expect(
      screen.getByText(/Sign in to order with your account, or order as a guest/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in and order' })).toHaveAttribute(
      'href',
      '/authentication?mode=signin&next=%2Fcheckout%2Fdetails',
    );
    expect(screen.getByRole('link', { name: 'Order as a guest' })).toHaveAttribute(
      'href',
      '/checkout/details',
    );
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('an out-of-stock refusal sends the shopper to the basket, which shows what is left', async () => {
    open('/checkout-successful?status=failed&reason=out-of-stock');
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/it shows what is left of each size/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review your basket' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('an order not heard back about says it may still be placed, and that trying again never orders twice', async () => {
    open('/checkout-successful?status=failed&reason=pending');
    expect(await screen.findByText(/your order may still be placed/)).toBeInTheDocument();
    expect(screen.getByText(/Trying again never places the order twice/)).toBeInTheDocument();
    expect(screen.queryByText(/was not sent/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/checkout/details',
    );
  });

  it('a first-order code refused: the basket is the way on, to remove the code', async () => {
    open('/checkout-successful?status=failed&reason=first-order-only');
    expect(
      await screen.findByText(/remove the code in your basket to order without it/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review your basket' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('too many orders: basket and details kept, and a way to try again later', async () => {
    open('/checkout-successful?status=failed&reason=too-many-orders');
    expect(await screen.findByText('Your basket and your details are kept.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/checkout/details',
    );
  });

  it('a basket emptied in another tab: says nothing was ordered here, offers no retry', async () => {
    open('/checkout-successful?status=failed&reason=empty-basket');
    expect(
      await screen.findByText(/emptied in another tab, window or device .* nothing was ordered/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Your basket is kept/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review your basket' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it('an unknown order key is a failure, not a success', async () => {
    open('/checkout-successful?order=-NotAnOrderKey123456');
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong!' }),
    ).toBeInTheDocument();
    expect(screen.getByText("We couldn't find this order.")).toBeInTheDocument();
  });
});

describe('outcomeUrl', () => {
  it('puts the outcome in the query so the page survives a reload', () => {
    expect(outcomeUrl({ status: 'sent', order: ORDER })).toBe(`/checkout-successful?order=${KEY}`);
    expect(outcomeUrl({ status: 'empty' })).toBe('/checkout');
    expect(
      outcomeUrl({
        status: 'failed',
        reason: 'signup',
        detail: 'There is already an account assigned to this email!',
      }),
    ).toBe('/checkout-successful?status=failed&reason=signup&message=emailTaken');
  });
});
