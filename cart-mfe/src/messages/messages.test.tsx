import {
  ROOT_MARKET,
  ShopContextProvider,
  marketById,
  sharedMessages,
  shopContext,
  type Market,
} from '@shop/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DiscountCodeForm } from '../basket-review/DiscountCodeForm';
import { reviewState } from '../basket-review/reviewState';
import { messages } from '.';
import english from './en.json';
import german from './de.json';

const GERMANY = marketById('de') as Market;
const FREESHIP = { isDiscount: true, discountType: 'SHIPMENT', discountCode: 'FREESHIP' } as const;

const inMarket = (market: Market) =>
  render(
    <ShopContextProvider value={shopContext({ fetchPublic: fetch, links: new Map(), market })}>
      <MemoryRouter>
        <DiscountCodeForm discount={FREESHIP} />
      </MemoryRouter>
    </ShopContextProvider>,
  );

// As the shell does before a German page renders: the cart's texts and the shared components'.
beforeAll(() => Promise.all([messages.load('de'), sharedMessages.load('de')]));

describe("the cart's texts", () => {
  it('writes the discount code form in English in the United States', () => {
    inMarket(ROOT_MARKET);
    expect(screen.getByLabelText('Discount code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Code FREESHIP applied: free shipment.');
  });

  it('writes it in German in Germany', () => {
    inMarket(GERMANY);
    expect(screen.getByLabelText('Rabattcode')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Einlösen' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Code FREESHIP eingelöst: kostenloser Versand.',
    );
    expect(screen.getByRole('button', { name: 'Code entfernen' })).toBeInTheDocument();
  });

  it("says why the review cannot continue in the page's language", () => {
    expect(reviewState(true, [], messages.translator('de')).hint).toBe('Preise werden geladen …');
    expect(reviewState(true, []).hint).toBe('Loading prices...');
  });

  it('translates every text it writes (npm run i18n:check keeps the lists)', () => {
    expect(english.filter((text) => !(text in german))).toEqual([]);
  });
});
