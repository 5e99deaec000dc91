import { screen, within } from '@testing-library/react';
import { renderAt, signInMember, backofficeFakesEachTest } from '../testing/backofficeTestKit';

const fakes = backofficeFakesEachTest();

const DAY = {
  day: '2026-12-05',
  orders: 1234,
  revenue: 45678.9,
  units: 2001,
  byStatus: {
    placed: 1000,
    paid: 200,
    packed: 20,
    shipped: 10,
    delivered: 0,
    cancelled: 4,
    refunded: 0,
  },
  lowStock: [
    { productId: 'retro-runner', name: 'Retro Runner 84', size: '46', left: 0 },
    { productId: 'cable-knit-sweater', name: 'Cable Knit Sweater', size: 'L', left: 3 },
  ],
  lowStockMore: true,
};

it("shows the day's figures, its orders by status and the sizes about to sell out", async () => {
  signInMember(['merchandiser']);
  fakes.functions.answer('staffDashboard', 200, DAY);
  renderAt('/backoffice/dashboard?day=2026-12-05');

  expect(
    await screen.findByRole('heading', { name: 'Saturday, December 5, 2026' }),
  ).toBeInTheDocument();
  expect(fakes.functions.calls[0]?.query.get('day')).toBe('2026-12-05');
  const figures = screen.getByText('Items sold').closest('dl') as HTMLElement;
  expect(figures).toHaveTextContent('Orders1,234Revenue$45,678.90Items sold2,001');
  expect(screen.getByRole('link', { name: 'Cancelled: 4' })).toHaveAttribute(
    'href',
    '/backoffice/orders?status=cancelled&from=2026-12-05&to=2026-12-05',
  );
  const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.textContent)).toEqual([
    'Retro Runner 8446Sold out',
    'Cable Knit SweaterL3',
  ]);
  expect(within(rows[0]!).getByRole('link')).toHaveAttribute(
    'href',
    '/backoffice/products/retro-runner',
  );
  expect(screen.getByText('More sizes are low than these, the lowest first.')).toBeInTheDocument();
});

it('asks for today when no day is given, and shows a refusal in its words', async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffDashboard', 503, {
    error: 'database-unavailable',
    message: 'The dashboard could not be read: the database is unavailable. Try again.',
  });
  renderAt('/backoffice/dashboard?day=soon');
  expect(await screen.findByRole('alert')).toHaveTextContent('the database is unavailable');
  expect(fakes.functions.calls[0]?.query.has('day')).toBe(false);
});

it("keeps each currency's revenue apart (decision 5101)", async () => {
  signInMember(['merchandiser']);
  fakes.functions.answer('staffDashboard', 200, {
    ...DAY,
    revenueByCurrency: { EUR: 1234.5, GBP: 99 },
  });
  renderAt('/backoffice/dashboard?day=2026-12-05');
  await screen.findByRole('heading', { name: 'Saturday, December 5, 2026' });
  const figures = screen.getByText('Items sold').closest('dl') as HTMLElement;
  expect((figures.textContent ?? '').replace(/\s/g, ' ')).toContain(
    'Revenue$45,678.90 · 1.234,50 € · £99.00Items sold',
  );
});
