import {
  ROOT_MARKET,
  ShopContextProvider,
  marketById,
  shopContext,
  type Market,
} from '@shop/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { OrderNotFound } from '../orders/OrderDetailPage';
import { formatOrderDate, itemsLabel } from '../orders/orderFormat';
import { messages } from '.';
import english from './en.json';
import german from './de.json';

const GERMANY = marketById('de') as Market;

const inMarket = (market: Market) =>
  render(
    <ShopContextProvider value={shopContext({ fetchPublic: fetch, links: new Map(), market })}>
      <MemoryRouter>
        <OrderNotFound orderId="TL-7F3K2Q" />
      </MemoryRouter>
    </ShopContextProvider>,
  );

beforeAll(() => messages.load('de'));

describe("the account's texts", () => {
  it('writes a missing order in English in the United States', () => {
    inMarket(ROOT_MARKET);
    expect(screen.getByRole('heading')).toHaveTextContent('Order not found');
    expect(screen.getByText(/There is no order/)).toHaveTextContent(
      'There is no order TL-7F3K2Q in your account.',
    );
    expect(screen.getByRole('link')).toHaveTextContent('← All orders');
  });

  it('writes it in German in Germany, the order key in bold within the sentence', () => {
    inMarket(GERMANY);
    expect(screen.getByRole('heading')).toHaveTextContent('Bestellung nicht gefunden');
    expect(screen.getByText(/In Ihrem Konto/)).toHaveTextContent(
      'In Ihrem Konto gibt es keine Bestellung TL-7F3K2Q.',
    );
    expect(screen.getByText('TL-7F3K2Q').tagName).toBe('STRONG');
    expect(screen.getByRole('link')).toHaveTextContent('← Alle Bestellungen');
  });

  it("writes counts and dates as the page's market does", () => {
    const moment = Date.UTC(2026, 11, 7, 9, 5);
    expect(itemsLabel(2, messages.translator('de'))).toBe('2 Artikel');
    expect(itemsLabel(1)).toBe('1 item');
    expect(formatOrderDate(moment, 'de-DE')).toMatch(/^7\. Dez\. 2026/);
    expect(formatOrderDate(moment)).toMatch(/^Dec 7, 2026/);
  });

  it('translates every text it writes (npm run i18n:check keeps the lists)', () => {
    expect(english.filter((text) => !(text in german))).toEqual([]);
  });
});
