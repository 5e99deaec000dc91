import { render, screen } from '@testing-library/react';
import { marketById, ROOT_MARKET, type Market } from '../markets/markets';
import { ShopContextProvider, shopContext } from '../routes/shopContext';
import { PricingSummary } from '../ui/PricingSummary';
import { TextField } from '../ui/TextField';
import { OrderProgress } from '../ui/OrderProgress';
import { validateField } from '../validation/rules';
import { stockWarning } from '../catalog/stock';
import { sharedMessages } from '.';
import english from './en.json';
import german from './de.json';

const GERMANY = marketById('de') as Market;
const SUMMARY = { productsTotal: 100, discountAmount: 10, shipment: 5, total: 95 };
const SAVE10 = { isDiscount: true, discountType: 10, discountCode: 'SAVE10' } as const;

const inMarket = (market: Market) =>
  render(
    <ShopContextProvider value={shopContext({ fetchPublic: fetch, links: new Map(), market })}>
      <PricingSummary summary={SUMMARY} discount={SAVE10} />
    </ShopContextProvider>,
  );

beforeAll(() => sharedMessages.load('de'));

describe("the shared package's texts", () => {
  it('writes the pricing summary in English in the United States', () => {
    inMarket(ROOT_MARKET);
    expect(screen.getByText('Shipment')).toBeInTheDocument();
    expect(screen.getByText('SAVE10 (10% off)')).toBeInTheDocument();
  });

  it('writes it in German in Germany', () => {
    inMarket(GERMANY);
    expect(screen.getByText('Versand')).toBeInTheDocument();
    expect(screen.getByText('Gesamt')).toBeInTheDocument();
    expect(screen.getByText('SAVE10 (10 % Rabatt)')).toBeInTheDocument();
  });

  it("tells a basket line's stock in the page's language", () => {
    const product = { stock: { M: 2 } };
    expect(stockWarning(product, 'M', 3)).toBe(
      'Only 2 left in size M: lower the quantity to order.',
    );
    expect(stockWarning(product, 'M', 3, sharedMessages.translator('de'))).toBe(
      'Nur noch 2 in Größe M verfügbar: Verringern Sie die Menge, um zu bestellen.',
    );
  });

  it("shows the form fields' labels, hints and the validation table's messages in German", () => {
    render(
      <ShopContextProvider
        value={shopContext({ fetchPublic: fetch, links: new Map(), market: GERMANY })}
      >
        <TextField name="tel" error={validateField('tel', '12')} />
      </ShopContextProvider>,
    );
    const field = screen.getByLabelText('Telefonnummer');
    expect(field).toHaveAttribute('placeholder', 'Telefonnummer eingeben...');
    expect(field).toHaveAccessibleDescription(
      'Mit Ländervorwahl, 9 bis 11 Ziffern, z. B. +49 30 123 4567 ' +
        'Bitte geben Sie eine gültige Telefonnummer ein!',
    );
    // The order function checks with the same table, in English.
    expect(validateField('tel', '12')).toBe('Please enter a valid phone number!');
  });

  it("writes an order's progress in German, its dates in the market's locale", () => {
    const placedAt = Date.UTC(2026, 11, 7, 9, 30);
    render(
      <ShopContextProvider
        value={shopContext({ fetchPublic: fetch, links: new Map(), market: GERMANY })}
      >
        <OrderProgress
          placedAt={placedAt}
          history={[{ at: placedAt + 86_400_000, to: 'shipped', carrier: 'DHL', tracking: '0034' }]}
        />
      </ShopContextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Bestellverlauf' })).toBeInTheDocument();
    const steps = screen.getAllByRole('listitem').map((step) => step.textContent);
    expect(steps[0]).toMatch(/^Aufgegeben 07\.12\.2026, \d\d:\d\d$/);
    expect(steps[1]).toMatch(/^Versandt 08\.12\.2026, \d\d:\d\dDHL, Sendungsnummer 0034$/);
  });

  it('translates every text it writes (npm run i18n:check keeps the lists)', () => {
    expect(english.filter((text) => !(text in german))).toEqual([]);
  });
});
