// The dashboard's day figures in several currencies (decision 5101): never added up together.
import type { StaffOrderEntry } from '@shop/shared/staff/staffVocabulary';
import { summariseDay } from './staffDashboardQuery';

const entry = (total: number, currency?: StaffOrderEntry['currency'], status = 'paid') =>
  ({ total, units: 1, status, ...(currency ? { currency } : {}) }) as StaffOrderEntry;

describe('summariseDay', () => {
  it('only US dollar orders: revenue as before, nothing by currency', () => {
    const day = summariseDay([entry(10.1), entry(0.2, 'USD')]);
    expect(day.revenue).toBe(10.3);
    expect(day).not.toHaveProperty('revenueByCurrency');
  });

  it('keeps each other currency apart, cancelled orders left out', () => {
    const day = summariseDay([
      entry(100),
      entry(50.5, 'EUR'),
      entry(0.45, 'EUR'),
      entry(30, 'GBP'),
      entry(999, 'EUR', 'cancelled'),
    ]);
    expect(day).toMatchObject({
      orders: 5,
      revenue: 100,
      revenueByCurrency: { EUR: 50.95, GBP: 30 },
      units: 4,
    });
  });
});
