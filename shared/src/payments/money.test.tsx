import { render, screen } from '@testing-library/react';
import { fromMinorUnits, isMoney, toMinorUnits } from './money';
import type { OrderPayment } from './orderPayment';
import { PaymentSteps } from './PaymentSteps';

describe('money in minor units (decision 5301)', () => {
  it('turns decimal prices into whole cents once, without binary drift', () => {
    expect(toMinorUnits(189.99, 'USD')).toBe(18999);
    expect(toMinorUnits(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinorUnits(1.005, 'GBP')).toBe(101);
    expect(toMinorUnits(0, 'USD')).toBe(0);
    expect(fromMinorUnits(18999, 'USD')).toBe(189.99);
  });

  it('is whole, not negative, in a known currency', () => {
    expect(isMoney({ amount: 18999, currency: 'USD' })).toBe(true);
    expect(isMoney({ amount: 189.99, currency: 'USD' })).toBe(false);
    expect(isMoney({ amount: -1, currency: 'USD' })).toBe(false);
    expect(isMoney({ amount: 100, currency: 'JPY' })).toBe(false);
  });
});

describe('PaymentSteps', () => {
  it('shows where the money stands and each step with its amount', () => {
    const payment: OrderPayment = {
      provider: 'local',
      id: 'pay_1',
      amount: { amount: 18999, currency: 'USD' },
      status: 'partly-refunded',
      captured: 18999,
      refunded: 1000,
      history: [
        { at: Date.UTC(2026, 11, 7, 10), step: 'authorised', amount: 18999 },
        { at: Date.UTC(2026, 11, 8, 10), step: 'captured', amount: 18999 },
        { at: Date.UTC(2026, 11, 9, 10), step: 'refunded', amount: 1000 },
      ],
    };
    render(<PaymentSteps payment={payment} />);
    expect(screen.getByRole('heading', { name: 'Card payment' })).toBeInTheDocument();
    expect(
      screen.getByText(/Paid, partly refunded · \$189\.99 · \$10\.00 refunded/),
    ).toBeInTheDocument();
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps[0]).toMatch(/^Card payment authorised \$189\.99/);
    expect(steps[1]).toMatch(/^Payment taken \$189\.99/);
    expect(steps[2]).toMatch(/^Refunded \$10\.00/);
  });

  it("writes an order's payment in euros as the order's other amounts (decision 5101)", () => {
    const payment: OrderPayment = {
      provider: 'local',
      id: 'pay_2',
      amount: { amount: 28295, currency: 'EUR' },
      status: 'authorised',
      captured: 0,
      refunded: 0,
      history: [{ at: Date.UTC(2026, 11, 7, 10), step: 'authorised', amount: 28295 }],
    };
    render(<PaymentSteps payment={payment} />);
    const text = (screen.getByText(/Held on your card/).textContent ?? '').replace(/\s/g, ' ');
    expect(text).toContain('282,95 €');
  });
});
