import {
  ROOT_MARKET,
  ShopContextProvider,
  marketById,
  shopContext,
  type Market,
} from '@shop/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, type UIMatch } from 'react-router-dom';
import { headField, pageTitle } from '../layout/usePageTitle';
import { navigationLinks } from '../layout/remoteLinks';
import { NotFound } from '../pages/NotFound';
import { RemoteFallback } from '../remotes/RemoteFallback';
import { messages } from '.';
import english from './en.json';
import german from './de.json';

const GERMANY = marketById('de') as Market;
const UNITED_KINGDOM = marketById('uk') as Market;

const inMarket = (market: Market, element: React.ReactNode) =>
  render(
    <ShopContextProvider value={shopContext({ fetchPublic: fetch, links: new Map(), market })}>
      <MemoryRouter>{element}</MemoryRouter>
    </ShopContextProvider>,
  );

beforeAll(() => messages.load('de'));

describe("the shell's texts", () => {
  it('renders the 404 in English in the United States and the United Kingdom', () => {
    inMarket(ROOT_MARKET, <NotFound />);
    expect(screen.getByRole('heading')).toHaveTextContent("We couldn't find that page");
    expect(screen.getByRole('link')).toHaveTextContent('Return to the home page');
    document.body.innerHTML = '';
    inMarket(UNITED_KINGDOM, <NotFound />);
    expect(screen.getByRole('heading')).toHaveTextContent("We couldn't find that page");
  });

  it('renders the 404 and a region fallback in German in Germany', () => {
    inMarket(GERMANY, <NotFound />);
    expect(screen.getByRole('heading')).toHaveTextContent(
      'Diese Seite haben wir leider nicht gefunden',
    );
    expect(screen.getByRole('link')).toHaveTextContent('Zur Startseite');
    document.body.innerHTML = '';
    inMarket(GERMANY, <RemoteFallback remote="cart" retrying={false} onRetry={() => undefined} />);
    expect(screen.getByRole('heading')).toHaveTextContent('Ihr Warenkorb macht gerade eine Pause');
    expect(screen.getByRole('button')).toHaveTextContent('Erneut versuchen');
  });

  it('translates every text it writes (npm run i18n:check keeps the lists)', () => {
    expect(english.filter((text) => !(text in german))).toEqual([]);
  });
});

describe('titles and navigation in the page language', () => {
  const match = (handle: unknown, data?: unknown) => ({ handle, data }) as UIMatch;

  it("shows a route's title with its owner's texts, or the route list's before they load", () => {
    expect(headField([match({ title: 'Page not found', messages })], 'title', 'de')).toBe(
      'Seite nicht gefunden',
    );
    expect(headField([match({ title: 'Page not found', messages })], 'title', 'en')).toBe(
      'Page not found',
    );
    const beforeItsCode = { title: 'Basket', texts: { de: { title: 'Warenkorb' } } };
    expect(headField([match(beforeItsCode)], 'title', 'de')).toBe('Warenkorb');
    // A loader's title is the remote's, written in the page's language already.
    expect(headField([match(beforeItsCode, { title: 'Jacke' })], 'title', 'de')).toBe('Jacke');
    expect(pageTitle(undefined, messages.translator('de'))).toBe('Threadline — Kleidung & Sneaker');
  });

  it("labels a remote's link as its list publishes it in the language, the shell's own in t", () => {
    const lists = {
      catalog: [
        {
          path: '/women',
          module: './women',
          nav: { label: 'Women', order: 10 },
          texts: { de: { label: 'Damen' } },
        },
      ],
    };
    const labels = (language: 'en' | 'de') =>
      navigationLinks(lists, 'header', messages.translator(language), language).map(
        (link) => link.label,
      );
    expect(labels('en')).toEqual(['Women', 'About', 'Contact']);
    expect(labels('de')).toEqual(['Damen', 'Über uns', 'Kontakt']);
  });
});
