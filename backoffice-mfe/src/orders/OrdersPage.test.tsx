import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MEMBER,
  renderAt,
  signInMember,
  backofficeFakesEachTest,
} from '../testing/backofficeTestKit';

const row = (number: string, placedAt: number, status = 'placed') => ({
  key: `-N${number.replace('-', '')}`.padEnd(20, '0'),
  number,
  placedAt,
  status,
  statusKey: `${status}|${placedAt}`,
  email: 'jane@example.com',
  total: 59.99,
  units: 2,
  method: 'card',
});

const fakes = backofficeFakesEachTest();

it('lists a page of orders, newest first as the function answers, with a link to older ones', async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffOrders', 200, {
    orders: [
      row('TL-BBBBBB', Date.UTC(2026, 11, 2, 10)),
      row('TL-AAAAAA', Date.UTC(2026, 11, 1, 9)),
    ],
    next: 'cursor-1',
  });
  renderAt('/backoffice/orders');

  const table = await screen.findByRole('table', { name: 'Orders, newest first' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
    'TL-BBBBBB',
    'TL-AAAAAA',
  ]);
  expect(within(rows[0]!).getByRole('link', { name: 'TL-BBBBBB' })).toHaveAttribute(
    'href',
    '/backoffice/orders/TL-BBBBBB',
  );
  expect(rows[0]).toHaveTextContent('$59.99');
  expect(screen.getByRole('link', { name: 'Older orders' })).toHaveAttribute(
    'href',
    '/backoffice/orders?before=cursor-1',
  );
  // The member's own token goes with the call: the function decides what staff may see.
  expect(fakes.functions.calls[0]?.authorization).toBe(`Bearer token:${MEMBER.uid}`);
  expect(screen.getByText(`${MEMBER.email} · fulfilment`)).toBeInTheDocument();
});

it('sends the filters of the address, and keeps them on the next page', async () => {
  signInMember(['admin']);
  fakes.functions.answer('staffOrders', 200, { orders: [row('TL-AAAAAA', 1)], next: 'c2' });
  renderAt(
    '/backoffice/orders?status=paid&from=2026-12-01&to=2026-12-05&q=jane@example.com&junk=1',
  );

  await screen.findByRole('table');
  const query = fakes.functions.calls[0]?.query;
  expect(Object.fromEntries(query ?? [])).toEqual({
    status: 'paid',
    from: '2026-12-01',
    to: '2026-12-05',
    q: 'jane@example.com',
  });
  expect(screen.getByLabelText('Status')).toHaveValue('paid');
  expect(screen.getByRole('link', { name: 'Older orders' })).toHaveAttribute(
    'href',
    '/backoffice/orders?status=paid&from=2026-12-01&to=2026-12-05&q=jane%40example.com&before=c2',
  );
});

it('leaves out a status or a date the list cannot use', async () => {
  signInMember(['admin']);
  fakes.functions.answer('staffOrders', 200, { orders: [] });
  renderAt('/backoffice/orders?status=lost&from=yesterday');

  // Nothing usable was asked: the whole list, not "no match".
  expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
  expect(Object.fromEntries(fakes.functions.calls[0]?.query ?? [])).toEqual({});
});

it('finds orders with the form: the filters become the address', async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffOrders', 200, { orders: [] });
  fakes.functions.answer('staffOrders', 200, { orders: [row('TL-7F3K2Q', 5)] });
  const { router } = renderAt('/backoffice/orders');
  expect(await screen.findByText('No orders yet.')).toBeInTheDocument();

  await userEvent.type(screen.getByLabelText('Order number or e-mail'), 'TL-7F3K2Q');
  await userEvent.click(screen.getByRole('button', { name: 'Show orders' }));

  expect(await screen.findByRole('link', { name: 'TL-7F3K2Q' })).toBeInTheDocument();
  expect(router.state.location.search).toContain('q=TL-7F3K2Q');
  expect(fakes.functions.calls[1]?.query.get('q')).toBe('TL-7F3K2Q');
});

it("shows the function's refusal in its own words", async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffOrders', 400, {
    error: 'invalid-request',
    message: 'from must be a date.',
  });
  renderAt('/backoffice/orders');
  expect(await screen.findByRole('alert')).toHaveTextContent('from must be a date.');
});

it('says so when the functions cannot be reached', async () => {
  signInMember(['fulfilment']);
  renderAt('/backoffice/orders');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    "The back office could not reach the shop's services.",
  );
});

it("writes each order's total in its own currency (decision 5101)", async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffOrders', 200, {
    orders: [
      { ...row('TL-CCCCCC', Date.UTC(2026, 11, 3, 10)), total: 84.95, currency: 'EUR' },
      { ...row('TL-BBBBBB', Date.UTC(2026, 11, 2, 10)), total: 20, currency: 'GBP' },
      row('TL-AAAAAA', Date.UTC(2026, 11, 1, 9)),
    ],
  });
  renderAt('/backoffice/orders');
  const table = await screen.findByRole('table', { name: 'Orders, newest first' });
  const rows = within(table).getAllByRole('row').slice(1);
  const text = (element: HTMLElement | undefined) =>
    (element?.textContent ?? '').replace(/\s/g, ' ');
  expect(text(rows[0])).toContain('84,95 €');
  expect(text(rows[1])).toContain('£20.00');
  expect(text(rows[2])).toContain('$59.99');
});
