// The pricing summary in a market's currency (decision 5101): US dollars unless told.
import { render, screen } from '@testing-library/react';
import { PricingSummary, describeDiscount } from './PricingSummary';

const summary = { productsTotal: 100, discountAmount: 10, shipment: 4.95, total: 94.95 };
const germany = { locale: 'de-DE', currency: 'EUR', shippingFee: 4.95 };
const tenOff = {
  isDiscount: true,
  discountType: 'AMOUNT' as const,
  discountCode: 'TENOFF',
  amounts: { USD: 10, EUR: 10, GBP: 8 },
};
const spaces = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('PricingSummary', () => {
  it('writes US dollars without a market', () => {
    render(<PricingSummary summary={summary} discount={tenOff} />);
    expect(screen.getByTestId('summary-total').textContent).toBe('$94.95');
    expect(screen.getByText(/TENOFF/).textContent).toContain('TENOFF ($10.00 off)');
  });

  it("writes the market's currency and the fee a free-shipment code saves there", () => {
    const freeShip = {
      isDiscount: true,
      discountType: 'SHIPMENT' as const,
      discountCode: 'FREESHIP',
    };
    render(
      <PricingSummary
        summary={{ productsTotal: 100, discountAmount: 0, shipment: 0, total: 100 }}
        discount={freeShip}
        market={germany}
      />,
    );
    expect(spaces(screen.getByTestId('summary-total').textContent)).toBe('100,00 €');
    expect(spaces(screen.getByTestId('summary-shipping-saved').textContent)).toBe('4,95 €');
  });

  it('says the total includes VAT where prices do (decision 5101), and only there', () => {
    const { unmount } = render(
      <PricingSummary
        summary={summary}
        discount={tenOff}
        market={{ ...germany, pricesIncludeTax: true }}
      />,
    );
    expect(screen.getByText('Total incl. VAT')).toBeInTheDocument();
    unmount();
    render(<PricingSummary summary={summary} discount={tenOff} />);
    expect(screen.getByText('Total')).toBeInTheDocument();
    expect(screen.queryByText(/VAT/)).toBeNull();
  });
});

describe('describeDiscount', () => {
  it('names a fixed amount in the currency, or that it does not apply there', () => {
    expect(spaces(describeDiscount(tenOff, germany))).toBe('TENOFF (10,00 € off)');
    expect(describeDiscount({ ...tenOff, amounts: { USD: 10 } }, germany)).toBe(
      'TENOFF (not valid in EUR)',
    );
    expect(describeDiscount({ isDiscount: true, discountType: 10, discountCode: 'SAVE10' })).toBe(
      'SAVE10 (10% off)',
    );
  });
});
