import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  renderAt,
  signInMember,
  storedOrder,
  backofficeFakesEachTest,
} from '../testing/backofficeTestKit';
import { nextStatuses } from './StatusForm';

const fakes = backofficeFakesEachTest();

const AUDIT_STEP = {
  at: Date.UTC(2026, 11, 2, 8),
  by: 'pat@threadline.test',
  from: 'placed',
  to: 'paid',
  note: 'Transfer received',
};

describe('the statuses a member may move an order to', () => {
  it.each([
    ['placed', ['fulfilment'], ['paid', 'cancelled']],
    ['packed', ['fulfilment'], ['shipped', 'cancelled']],
    ['shipped', ['fulfilment'], ['delivered']],
    ['shipped', ['admin'], ['delivered', 'refunded']],
    ['placed', ['merchandiser'], []],
    ['cancelled', ['admin'], []],
    ['lost', ['admin'], []],
  ] as const)('%s, as %j: %j', (status, roles, expected) => {
    expect(nextStatuses(status, roles)).toEqual(expected);
  });
});

it("shows the order, the shopper's progress and the audit trail staff keep", async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffOrder', 200, {
    key: '-Nbackoffice00000001',
    order: storedOrder({
      status: 'paid',
      statusHistory: [{ at: AUDIT_STEP.at, to: 'paid' }],
    }),
    audit: [AUDIT_STEP],
  });
  renderAt('/backoffice/orders/tl-7f3k2q');

  expect(await screen.findByRole('heading', { name: 'Order TL-7F3K2Q' })).toBeInTheDocument();
  expect(fakes.functions.calls[0]?.query.get('number')).toBe('TL-7F3K2Q');
  expect(screen.getByText('Jane Doe', { exact: false })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'jane@example.com' })).toHaveAttribute(
    'href',
    'mailto:jane@example.com',
  );
  const items = screen.getByRole('region', { name: 'Items' });
  expect(within(items).getByRole('rowheader')).toHaveTextContent('Canvas tote (canvas-tote)');
  const progress = screen.getByRole('region', { name: 'Order progress' });
  expect(
    within(progress)
      .getAllByRole('listitem')
      .map((step) => step.textContent),
  ).toEqual([expect.stringMatching(/^Placed /), expect.stringMatching(/^Paid /)]);
  const audit = screen.getByRole('region', { name: 'Audit trail' });
  const step = within(audit).getAllByRole('row')[1];
  expect(step).toHaveTextContent('pat@threadline.test');
  expect(step).toHaveTextContent('Placed → Paid');
  expect(step).toHaveTextContent('Transfer received');
});

it('ships an order with its carrier and tracking number, from the status it showed', async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffOrder', 200, {
    key: 'k',
    order: storedOrder({ status: 'packed' }),
    audit: [],
  });
  fakes.functions.answer('changeOrderStatus', 200, { order: storedOrder({ status: 'shipped' }) });
  fakes.functions.answer('staffOrder', 200, {
    key: 'k',
    order: storedOrder({ status: 'shipped', delivery: { carrier: 'DHL', tracking: 'JD01' } }),
    audit: [],
  });
  renderAt('/backoffice/orders/TL-7F3K2Q');

  const form = await screen.findByRole('form', { name: 'Update status' });
  const moveTo = within(form).getByLabelText('Move to');
  expect(
    within(moveTo)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Shipped', 'Cancelled']);
  await userEvent.type(within(form).getByLabelText('Carrier'), 'DHL');
  await userEvent.type(within(form).getByLabelText('Tracking number'), 'JD01');
  await userEvent.type(within(form).getByLabelText('Note for the team (optional)'), 'Left at 4');
  await userEvent.click(within(form).getByRole('button', { name: 'Update status' }));

  expect(await screen.findByRole('status')).toHaveTextContent('The order was updated.');
  expect(fakes.functions.calls[1]).toMatchObject({
    name: 'changeOrderStatus',
    body: {
      number: 'TL-7F3K2Q',
      from: 'packed',
      to: 'shipped',
      carrier: 'DHL',
      tracking: 'JD01',
      note: 'Left at 4',
    },
  });
  // The page reads the order again: it is shipped now, and moves on only to delivered.
  const after = await screen.findByRole('option', { name: 'Delivered' });
  expect(after).toBeInTheDocument();
  // …and still says what the move did, with the fields of the next move empty.
  expect(screen.getByRole('status')).toHaveTextContent('The order was updated.');
  expect(screen.getByLabelText('Note for the team (optional)')).toHaveValue('');
});

it('a cancel carries no parcel; a change someone else made first is refused in their words', async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffOrder', 200, { key: 'k', order: storedOrder(), audit: [] });
  fakes.functions.answer('changeOrderStatus', 409, {
    error: 'changed',
    message: 'Someone else changed this order: it is paid now.',
    status: 'paid',
  });
  fakes.functions.answer('staffOrder', 200, {
    key: 'k',
    order: storedOrder({ status: 'paid' }),
    audit: [],
  });
  renderAt('/backoffice/orders/TL-7F3K2Q');

  const form = await screen.findByRole('form', { name: 'Update status' });
  await userEvent.selectOptions(within(form).getByLabelText('Move to'), 'cancelled');
  expect(within(form).queryByLabelText('Carrier')).not.toBeInTheDocument();
  await userEvent.click(within(form).getByRole('button', { name: 'Update status' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Someone else changed this order: it is paid now.',
  );
  expect(fakes.functions.calls[1]?.body).toEqual({
    number: 'TL-7F3K2Q',
    from: 'placed',
    to: 'cancelled',
  });
});

it('a merchandiser sees the order but no status form', async () => {
  signInMember(['merchandiser']);
  fakes.functions.answer('staffOrder', 200, { key: 'k', order: storedOrder(), audit: [] });
  renderAt('/backoffice/orders/TL-7F3K2Q');
  expect(
    await screen.findByText('Your roles do not let you move this order on.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Update status' })).not.toBeInTheDocument();
});

it('an unknown number: the function says so', async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffOrder', 404, {
    error: 'not-found',
    message: 'No order has the number TL-ZZZZZZ.',
  });
  renderAt('/backoffice/orders/TL-ZZZZZZ');
  expect(await screen.findByRole('alert')).toHaveTextContent('No order has the number TL-ZZZZZZ.');
});

it("a cancel is the order's last move: the page still says it was made", async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffOrder', 200, { key: 'k', order: storedOrder(), audit: [] });
  fakes.functions.answer('changeOrderStatus', 200, { order: storedOrder({ status: 'cancelled' }) });
  fakes.functions.answer('staffOrder', 200, {
    key: 'k',
    order: storedOrder({ status: 'cancelled' }),
    audit: [],
  });
  renderAt('/backoffice/orders/TL-7F3K2Q');

  const form = await screen.findByRole('form', { name: 'Update status' });
  await userEvent.selectOptions(within(form).getByLabelText('Move to'), 'cancelled');
  await userEvent.click(within(form).getByRole('button', { name: 'Update status' }));

  expect(await screen.findByText('A cancelled order does not move on.')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('The order was updated.');
});

describe("a card order's payment (decision 5301)", () => {
  const payment = {
    provider: 'local' as const,
    id: 'pay_1',
    amount: { amount: 4500, currency: 'USD' as const },
    status: 'captured' as const,
    captured: 4500,
    refunded: 0,
    history: [
      { at: Date.UTC(2026, 11, 2, 8), step: 'authorised' as const, amount: 4500 },
      { at: Date.UTC(2026, 11, 3, 8), step: 'captured' as const, amount: 4500 },
    ],
  };

  it('shows its steps; an admin refunds part of it, in cents, and reads the answer', async () => {
    signInMember(['admin']);
    const shipped = storedOrder({ status: 'shipped', payment });
    fakes.functions.answer('staffOrder', 200, { key: 'k', order: shipped, audit: [] });
    fakes.functions.answer('refundOrder', 200, { order: shipped });
    fakes.functions.answer('staffOrder', 200, { key: 'k', order: shipped, audit: [] });
    renderAt('/backoffice/orders/TL-7F3K2Q');

    const steps = await screen.findByRole('region', { name: 'Card payment' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(2);
    const form = screen.getByRole('form', { name: 'Refund' });
    const amount = within(form).getByLabelText('Amount (USD)');
    expect(amount).toHaveValue(45);
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('The refund was made.');
    expect(fakes.functions.calls[1]).toMatchObject({
      name: 'refundOrder',
      body: { number: 'TL-7F3K2Q', amount: 1250 },
    });
  });

  it('offers no refund to a member who is not an admin', async () => {
    signInMember(['fulfilment']);
    const shipped = storedOrder({ status: 'shipped', payment });
    fakes.functions.answer('staffOrder', 200, { key: 'k', order: shipped, audit: [] });
    renderAt('/backoffice/orders/TL-7F3K2Q');
    await screen.findByRole('region', { name: 'Card payment' });
    expect(screen.queryByRole('form', { name: 'Refund' })).not.toBeInTheDocument();
  });
});

it('writes an order in euros in its own currency: total, shipping and lines (decision 5101)', async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffOrder', 200, {
    key: '-Nbackoffice00000001',
    order: storedOrder({ totalPrice: 54.95, shipment: 4.95, currency: 'EUR', market: 'de' }),
    audit: [],
  });
  renderAt('/backoffice/orders/tl-7f3k2q');
  expect(await screen.findByRole('heading', { name: 'Order TL-7F3K2Q' })).toBeInTheDocument();
  const page = (document.body.textContent ?? '').replace(/\s/g, ' ');
  expect(page).toContain('54,95 € (2 items, shipping 4,95 €)');
  const items = screen.getByRole('region', { name: 'Items' });
  expect((within(items).getAllByRole('cell').at(-1)?.textContent ?? '').replace(/\s/g, ' ')).toBe(
    '25,00 €',
  );
});
