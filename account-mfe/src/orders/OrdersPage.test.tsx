import type { StoredOrder } from '@shop/shared';
import { act, screen, within } from '@testing-library/react';
import { watchData } from '@shop/shared/firebase/watchData';
import { ACCOUNT_UID, fakeDatabase, renderAt } from '../testing/accountTestKit';
import { resetBackend, signInAs } from '../testing/mockShared';

jest.mock('@shop/shared', () =>
  jest.requireActual('../testing/sharedMockFactory').sharedMockFactory(),
);
jest.mock('@shop/shared/accounts', () =>
  jest.requireActual('../testing/sharedMockFactory').accountsMockFactory(),
);
// The database's event stream (tested in @shop/shared): here, what the page does with its news.
jest.mock('@shop/shared/firebase/watchData', () => ({ watchData: jest.fn(() => () => undefined) }));
const watched = jest.mocked(watchData);

const ORDERS_PATH = `users/validated/${ACCOUNT_UID}/userOrders`;

function order(id: string, timestamp: number, overrides: Partial<StoredOrder> = {}): StoredOrder {
  return {
    id,
    timestamp,
    products: [
      {
        id: 'canvas-tote',
        name: 'Canvas tote',
        imageUrl: '/images/products/canvas-tote.svg',
        alt: 'A canvas tote',
        annotation: 'Accessories',
        originalPrice: 30,
        discountedPrice: 25,
        quantity: 2,
      },
    ],
    discount: { isDiscount: true, discountType: 10, discountCode: 'TEN' },
    totalPrice: 54.99,
    totalQuantity: 2,
    shipment: 9.99,
    paymentMethod: 'card',
    personalInformation: {
      address: '12 Rua Augusta',
      city: 'Lisbon',
      country: 'Portugal',
      email: 'jane@example.com',
      name: 'Jane Doe',
      tel: '+35 123 456 789',
      zipCode: '1100',
    },
    ...overrides,
  };
}

/** The steps of the page's order progress, as read. */
const progressShown = () =>
  within(screen.getByRole('region', { name: 'Order progress' }))
    .getAllByRole('listitem')
    .map((step) => step.textContent);

/** Placed on April 1, paid on the 2nd, shipped on the 3rd with `parcel`. */
const shippedApril3 = (parcel: string) => [
  expect.stringMatching(/^Placed Apr 1, 2026/),
  expect.stringMatching(/^Paid Apr 2, 2026/),
  expect.stringMatching(new RegExp(`^Shipped Apr 3, 2026.*${parcel}$`)),
];

beforeEach(() => {
  resetBackend();
  signInAs('jane@example.com');
});

describe('orders', () => {
  it('lists the orders newest first with date, key, item count and total', async () => {
    fakeDatabase.set(`${ORDERS_PATH}/-Old`, order('-Old', Date.UTC(2026, 0, 5, 12)));
    fakeDatabase.set(
      `${ORDERS_PATH}/-New`,
      order('-New', Date.UTC(2026, 5, 5, 12), { totalQuantity: 1, totalPrice: 34.99 }),
    );
    renderAt('/account/orders');
    const list = await screen.findByRole('list', { name: 'All orders, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('-New')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('1 item');
    expect(items[0]).toHaveTextContent('$34.99');
    expect(items[0]).toHaveTextContent('2026');
    expect(within(items[1] as HTMLElement).getByText('-Old')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('2 items');
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/account/orders/-New',
    );
  });

  it('shows an order in euros in its own currency, in the list and on its page (decision 5101)', async () => {
    const key = '-Eur0000000000000000';
    fakeDatabase.set(
      `${ORDERS_PATH}/${key}`,
      order(key, Date.UTC(2026, 3, 1, 9), {
        number: 'TL-7F3K2E',
        totalPrice: 34.95,
        shipment: 4.95,
        discount: {
          isDiscount: true,
          discountType: 'AMOUNT',
          discountCode: 'TENOFF',
          amounts: { EUR: 10 },
        },
        currency: 'EUR',
        market: 'de',
      }),
    );
    const text = (element: Element | null | undefined) =>
      (element?.textContent ?? '').replace(/\s/g, ' ');
    renderAt('/account/orders');
    const list = await screen.findByRole('list', { name: 'All orders, newest first' });
    expect(text(within(list).getByRole('listitem'))).toContain('34,95 €');
    renderAt(`/account/orders/${key}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order TL-7F3K2E' })).toBeVisible();
    expect(text(screen.getByTestId('summary-products'))).toBe('50,00 €');
    expect(text(screen.getByTestId('summary-discount'))).toBe('−10,00 €');
    expect(text(screen.getByTestId('summary-shipment'))).toBe('4,95 €');
    expect(text(screen.getByTestId('summary-total'))).toBe('34,95 €');
    expect(text(document.querySelector('.shop-price__current'))).toContain('25,00 €');
  });

  it('names an order by its number when it has one, and shows its status (decision 1401)', async () => {
    fakeDatabase.set(
      `${ORDERS_PATH}/-Num0000000000000000`,
      order('-Num0000000000000000', Date.UTC(2026, 3, 1, 9), {
        number: 'TL-7F3K2Q',
        status: 'placed',
      }),
    );
    renderAt('/account/orders');
    const list = await screen.findByRole('list', { name: 'All orders, newest first' });
    expect(within(list).getByText('TL-7F3K2Q')).toBeInTheDocument();
    expect(within(list).queryByText('-Num0000000000000000')).not.toBeInTheDocument();
    renderAt('/account/orders/-Num0000000000000000');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order TL-7F3K2Q' })).toBeVisible();
    expect(screen.getByText('Status: Placed')).toBeInTheDocument(); // as the order-status page
  });

  it("shows the order's progress once the shop has moved it on (decision 5201)", async () => {
    fakeDatabase.set(
      `${ORDERS_PATH}/-Num0000000000000001`,
      order('-Num0000000000000001', Date.UTC(2026, 3, 1, 9), {
        number: 'TL-7F3K2R',
        status: 'shipped',
        statusHistory: [
          { at: Date.UTC(2026, 3, 2, 9), to: 'paid' },
          { at: Date.UTC(2026, 3, 3, 9), to: 'shipped', carrier: 'UPS', tracking: '1Z999' },
        ],
      }),
    );
    renderAt('/account/orders/-Num0000000000000001');
    expect(await screen.findByText('Status: Shipped')).toBeInTheDocument();
    expect(progressShown()).toEqual(shippedApril3('UPS, tracking number 1Z999'));
  });

  it('follows the open order live: a status staff change shows without a reload', async () => {
    const key = '-Num0000000000000002';
    const placed = order(key, Date.UTC(2026, 3, 1, 9), { number: 'TL-7F3K2S', status: 'placed' });
    fakeDatabase.set(`${ORDERS_PATH}/${key}`, placed);
    const stop = jest.fn();
    watched.mockImplementationOnce(() => stop);
    const { unmount } = renderAt(`/account/orders/${key}`);
    expect(await screen.findByText('Status: Placed')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Order progress' })).not.toBeInTheDocument();
    expect(watched).toHaveBeenCalledWith(`${ORDERS_PATH}/${key}`, expect.any(Function));

    const news = watched.mock.calls[0]?.[1] as (value: unknown) => void;
    // As the stream sends a changed list: an object of its sequential keys.
    act(() =>
      news({
        ...placed,
        status: 'shipped',
        statusHistory: {
          0: { at: Date.UTC(2026, 3, 2, 9), to: 'paid' },
          1: { at: Date.UTC(2026, 3, 3, 9), to: 'shipped', carrier: 'DHL', tracking: 'JD7' },
        },
      }),
    );
    expect(screen.getByText('Status: Shipped')).toHaveAttribute('aria-live', 'polite');
    expect(progressShown()).toEqual(shippedApril3('DHL, tracking number JD7'));
    unmount();
    expect(stop).toHaveBeenCalled();
  });

  it('says so when there is no order yet', async () => {
    renderAt('/account/orders');
    expect(await screen.findByText("You haven't placed an order yet.")).toBeInTheDocument();
  });

  it('shows an order: lines, discount, shipment, total and the personal information sent', async () => {
    fakeDatabase.set(
      `${ORDERS_PATH}/-Abc0000000000000000`,
      order('-Abc0000000000000000', Date.UTC(2026, 2, 1, 9)),
    );
    renderAt('/account/orders/-Abc0000000000000000');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order -Abc0000000000000000' }),
    ).toBeVisible();
    expect(screen.getByText('Canvas tote')).toBeInTheDocument();
    expect(screen.getByText('x2')).toBeInTheDocument();
    const totals = screen.getByText('Products').closest('dl') as HTMLElement;
    expect(totals).toHaveTextContent('Products$50.00');
    expect(totals).toHaveTextContent('Discount TEN (10% off)−$5.00');
    expect(totals).toHaveTextContent('Shipment$9.99');
    expect(totals).toHaveTextContent('Total$54.99');
    expect(screen.getByText('12 Rua Augusta')).toBeInTheDocument();
    expect(screen.getByText('Portugal')).toBeInTheDocument();
    // In the checkout form's order, not alphabetical (Name came after Email).
    const sent = screen.getByText('Personal information sent').parentElement as HTMLElement;
    expect([...sent.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Name',
      'Email address',
      'Phone number',
      'Address',
      'City',
      'ZIP Code',
      'Country',
    ]);
  });

  it('shows not found for an id the account has no order under', async () => {
    renderAt('/account/orders/-Missing000000000000');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order not found' }),
    ).toBeInTheDocument();
  });
});
