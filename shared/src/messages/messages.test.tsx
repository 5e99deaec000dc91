import { render, screen } from '@testing-library/react';
import { marketById, ROOT_MARKET, type Market } from '../markets/markets';
import { ShopContextProvider, shopContext } from '../routes/shopContext';
import { PricingSummary } from '../ui/PricingSummary';
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

  it('translates every text it writes (npm run i18n:check keeps the lists)', () => {
    expect(english.filter((text) => !(text in german))).toEqual([]);
  });
});
