import {
  ROOT_MARKET,
  ShopContextProvider,
  marketById,
  shopContext,
  type Market,
  type Product,
} from '@shop/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { addToBasket } from '../product/addToBasket';
import { CollectionsIndex } from '../collections/CollectionsIndex';
import { messages } from '.';
import english from './en.json';
import german from './de.json';

const GERMANY = marketById('de') as Market;

const FALL = {
  id: 'fall',
  title: 'Fall',
  description: 'Warm layers.',
  imageUrl: '/images/fall.svg',
  order: 1,
};

const inMarket = (market: Market) =>
  render(
    <ShopContextProvider value={shopContext({ fetchPublic: fetch, links: new Map(), market })}>
      <MemoryRouter>
        <CollectionsIndex collections={[FALL]} counts={{ fall: 1204 }} />
      </MemoryRouter>
    </ShopContextProvider>,
  );

beforeAll(() => messages.load('de'));

describe("the catalog's texts", () => {
  it('writes the collections page in English, with US numbers, in the United States', () => {
    inMarket(ROOT_MARKET);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dressed for the season');
    expect(screen.getByRole('link', { name: /Fall/ })).toHaveTextContent('Shop 1,204 pieces');
    expect(screen.getByRole('navigation')).toHaveAccessibleName('Breadcrumb');
  });

  it('writes it in German, with German numbers, in Germany', () => {
    inMarket(GERMANY);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Passend gekleidet für die Saison',
    );
    expect(screen.getByRole('link', { name: /Fall/ })).toHaveTextContent('1.204 Teile entdecken');
    expect(screen.getByRole('link', { name: 'Startseite' })).toHaveAttribute('href', '/');
  });

  it("tells what an add did in the page's language", () => {
    const product = { id: 'p9', name: 'Linen Shirt', colours: ['white'] } as unknown as Product;
    const line = { id: 'p9', size: 'M', colour: 'white', quantity: 1 };
    expect(addToBasket(product, line, messages.translator('de')).text).toBe(
      '1 × Linen Shirt (Größe M, white) in den Warenkorb gelegt.',
    );
  });

  it('translates every text it writes (npm run i18n:check keeps the lists)', () => {
    expect(english.filter((text) => !(text in german))).toEqual([]);
  });
});
