import {
  ROOT_MARKET,
  ShopContextProvider,
  marketById,
  shopContext,
  type Market,
} from '@shop/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { EmptyBasketDetails } from '../details/DetailsFormParts';
import { StepIndicator } from '../steps/StepIndicator';
import { messages } from '.';
import english from './en.json';
import german from './de.json';

const GERMANY = marketById('de') as Market;

const inMarket = (market: Market) =>
  render(
    <ShopContextProvider value={shopContext({ fetchPublic: fetch, links: new Map(), market })}>
      <MemoryRouter>
        <StepIndicator current={1} />
        <EmptyBasketDetails />
      </MemoryRouter>
    </ShopContextProvider>,
  );

beforeAll(() => messages.load('de'));

describe("the checkout's texts", () => {
  it('writes the steps and the empty details step in English in the United States', () => {
    inMarket(ROOT_MARKET);
    expect(screen.getByRole('navigation')).toHaveAccessibleName('Checkout steps');
    expect(screen.getByRole('link', { name: /Basket \(completed\)/ })).toBeInTheDocument();
    expect(screen.getByRole('heading')).toHaveTextContent('Your details');
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toBeInTheDocument();
  });

  it('writes them in German in Germany', () => {
    inMarket(GERMANY);
    expect(screen.getByRole('navigation')).toHaveAccessibleName('Schritte zur Bestellung');
    expect(screen.getByRole('link', { name: /Warenkorb \(abgeschlossen\)/ })).toBeInTheDocument();
    expect(screen.getByRole('heading')).toHaveTextContent('Ihre Angaben');
    expect(screen.getByRole('link', { name: 'Weiter einkaufen' })).toBeInTheDocument();
  });

  it('translates every text it writes (npm run i18n:check keeps the lists)', () => {
    expect(english.filter((text) => !(text in german))).toEqual([]);
  });
});
