import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import * as orderStatusRoute from './orderStatusRoute';
import { getFunctionsUrl } from '@shop/shared';
import { asOrdered } from '../testing/sampleOrder';
import { setOrderServiceFetch } from '../order/orderService';
import type { OrderReceipt } from '@shop/shared';
import { messages } from '../messages';

const RECEIPT: OrderReceipt = {
  number: 'TL-7F3K2Q',
  status: 'placed',
  timestamp: Date.UTC(2026, 10, 24, 12),
  products: [{ ...asOrdered('linen-shirt'), size: 'M', colour: 'White', quantity: 2 }],
  totalPrice: 99.99,
  totalQuantity: 2,
  shipment: 9.99,
  discount: { isDiscount: true, discountType: 10, discountCode: 'SAVE10' },
  paymentMethod: 'card',
  shipping: { name: 'Ada Lovelace', city: 'London' },
};

const calls: { url: string; init: RequestInit }[] = [];

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  setOrderServiceFetch((url, init) => {
    calls.push({ url, init });
    return Promise.resolve(Response.json(body, { status, headers }));
  });
}

function open(url: string) {
  const router = createMemoryRouter(
    [{ path: '/order-status', ...orderStatusRoute, hydrateFallbackElement: <p>Loading</p> }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

async function find(number: string | null, email: string) {
  const user = userEvent.setup();
  const numberField = await screen.findByLabelText('Order number');
  if (number !== null) {
    await user.clear(numberField);
    await user.type(numberField, number);
  }
  await user.type(screen.getByLabelText('Email address'), email);
  // Keyboard only: Enter in the last field sends the form.
  await user.keyboard('{Enter}');
  return user;
}

beforeEach(() => {
  calls.length = 0;
});
afterEach(() => setOrderServiceFetch(null));

describe('order-status page', () => {
  it('has a titled form with labelled fields, the number taken from the address', async () => {
    open('/order-status?number=TL-7F3K2Q');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order status' })).toBeVisible();
    expect(screen.getByRole('form', { name: 'Find an order' })).toBeInTheDocument();
    expect(screen.getByLabelText('Order number')).toHaveValue('TL-7F3K2Q');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Find my order' })).toHaveAttribute('type', 'submit');
    expect(orderStatusRoute.handle).toEqual({ title: 'Order status', messages });
  });

  it('sends the number and email to the function and shows the receipt', async () => {
    answer(200, { receipt: RECEIPT });
    open('/order-status?number=TL-7F3K2Q');
    await find(null, 'ada@example.com');

    const receipt = await screen.findByRole('region', { name: 'Order TL-7F3K2Q' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`${getFunctionsUrl()}/orderStatus`);
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      number: 'TL-7F3K2Q',
      email: 'ada@example.com',
    });
    expect(within(receipt).getByRole('heading', { level: 2 })).toHaveFocus();
    const facts = within(receipt)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    // The order's facts, then the pricing summary's terms.
    expect(facts.slice(0, 4)).toEqual([
      ['Status', 'Placed'],
      ['Date', 'November 24, 2026'],
      ['Payment method', 'Card'],
      ['Ship to', 'Ada Lovelace, London'],
    ]);
    expect(within(receipt).getByText('Linen shirt')).toBeInTheDocument();
    expect(within(receipt).getByText('Size: M')).toBeInTheDocument();
    expect(within(receipt).getByText('x2')).toBeInTheDocument();
    expect(within(receipt).getByText('$50.00')).toBeInTheDocument();
    expect(within(receipt).getByTestId('summary-products')).toHaveTextContent('$100.00');
    expect(within(receipt).getByTestId('summary-discount')).toHaveTextContent('−$10.00');
    expect(within(receipt).getByTestId('summary-shipment')).toHaveTextContent('$9.99');
    expect(within(receipt).getByTestId('summary-total')).toHaveTextContent('$99.99');
  });

  it('says when no order matches, in an alert', async () => {
    answer(404, {
      error: 'not-found',
      message: 'No order matches this number and email address.',
    });
    open('/order-status');
    await find('TL-7F3K2Q', 'eve@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No order matches this number and email address.',
    );
    expect(screen.queryByRole('region', { name: /^Order TL/ })).not.toBeInTheDocument();
  });

  it('says how long to wait after too many look-ups (Retry-After)', async () => {
    answer(429, { error: 'too-many-requests', message: 'Too many' }, { 'Retry-After': '61' });
    open('/order-status');
    await find('TL-7F3K2Q', 'eve@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many look-ups. Please try again in 2 minutes.',
    );
  });

  it('says when the order service cannot be reached, and a second try works', async () => {
    setOrderServiceFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    open('/order-status');
    const user = await find('TL-7F3K2Q', 'ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The order service is unreachable. Please try again.',
    );
    answer(200, { receipt: RECEIPT });
    await user.click(screen.getByRole('button', { name: 'Find my order' }));
    expect(await screen.findByRole('region', { name: 'Order TL-7F3K2Q' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats an answer that is not from the function as unreachable', async () => {
    setOrderServiceFetch(() =>
      Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    open('/order-status');
    await find('TL-7F3K2Q', 'ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The order service is unreachable. Please try again.',
    );
  });

  it("shows the order's progress: each move with its date, the parcel's tracking once shipped", async () => {
    answer(200, {
      receipt: {
        ...RECEIPT,
        status: 'shipped',
        history: [
          { at: Date.UTC(2026, 10, 25, 9), to: 'paid' },
          { at: Date.UTC(2026, 10, 26, 9), to: 'shipped', carrier: 'DHL', tracking: 'JD1' },
        ],
      },
    });
    open('/order-status?number=TL-7F3K2Q');
    await find(null, 'ada@example.com');
    const receipt = await screen.findByRole('region', { name: 'Order TL-7F3K2Q' });
    const progress = within(receipt).getByRole('region', { name: 'Order progress' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      expect.stringMatching(/^Placed Nov 24, 2026/),
      expect.stringMatching(/^Paid Nov 25, 2026/),
      expect.stringMatching(/^Shipped Nov 26, 2026.*DHL, tracking number JD1$/),
    ]);
  });
});
