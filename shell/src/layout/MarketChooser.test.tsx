import { ShopContextProvider, marketById, pageShopContext, shopContext } from '@shop/shared';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { HeaderMarketChooser, MarketList } from './MarketChooser';
import MarketSuggestion from './MarketSuggestion';
import { messages } from '../messages';

const germany = shopContext({
  fetchPublic: pageShopContext.fetchPublic,
  links: new Map(),
  market: marketById('de')!,
});

/** The chooser on `at` (an address as the router reads it: without the market's prefix). */
function renderChooser(at: string, shop = pageShopContext) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <HeaderMarketChooser />
            <MarketSuggestion />
            <MarketList />
          </>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <ShopContextProvider value={shop}>
      <RouterProvider router={router} />
    </ShopContextProvider>,
  );
}

// A page's texts are there before it renders (the shell loads them, shared/CONTRACT.md §9b).
beforeAll(() => messages.load('de'));

const languages = jest.spyOn(navigator, 'languages', 'get');

beforeEach(() => {
  document.cookie = 'shop_market=; Max-Age=0; Path=/';
  sessionStorage.clear();
  languages.mockReturnValue(['en-US']);
});

describe('the market chooser (decision 5101)', () => {
  it('links the same page in every market, the current one marked, in the page’s language', async () => {
    renderChooser('/products/trail-runner?size=42', germany);
    const list = await screen.findByRole('navigation', { name: 'Märkte' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['United States · USD', '/products/trail-runner?size=42'],
      ['Deutschland · EUR', '/de/products/trail-runner?size=42'],
      ['United Kingdom · GBP', '/uk/products/trail-runner?size=42'],
    ]);
    expect(links[1]).toHaveAttribute('aria-current', 'true');
    expect(links[1]).toHaveAttribute('hreflang', 'de-DE');
    expect(screen.getByText('Markt: Deutschland, ändern')).toBeInTheDocument();
  });

  it('remembers the market chosen', async () => {
    renderChooser('/');
    const link = within(screen.getByRole('navigation', { name: 'Markets' })).getByRole('link', {
      name: /United Kingdom/,
    });
    // jsdom does not navigate: the click's own effect is what is checked.
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(document.cookie).toContain('shop_market=uk');
  });

  it('offers the remembered market on a root-market page, never going there by itself', async () => {
    document.cookie = 'shop_market=de; Path=/';
    renderChooser('/collections');
    const offer = await screen.findByRole('complementary', { name: 'Your market' });
    expect(within(offer).getByRole('link', { name: 'Shop in Deutschland (EUR)' })).toHaveAttribute(
      'href',
      '/de/collections',
    );
    await userEvent.click(within(offer).getByRole('button', { name: 'Stay in United States' }));
    expect(screen.queryByRole('complementary', { name: 'Your market' })).toBeNull();
    expect(document.cookie).toContain('shop_market=us');
  });

  it("offers the browser language's market to a visitor who never chose", async () => {
    languages.mockReturnValue(['de-AT', 'de']);
    renderChooser('/');
    expect(await screen.findByRole('link', { name: 'Shop in Deutschland (EUR)' })).toHaveAttribute(
      'href',
      '/de/',
    );
  });

  it('offers nothing to a visitor already in the market they chose', async () => {
    document.cookie = 'shop_market=us; Path=/';
    languages.mockReturnValue(['de-DE']);
    renderChooser('/');
    await act(() => Promise.resolve());
    expect(screen.queryByRole('complementary', { name: 'Your market' })).toBeNull();
  });

  it('offers nothing on another market’s pages: their address is the choice', async () => {
    document.cookie = 'shop_market=uk; Path=/';
    renderChooser('/', germany);
    await act(() => Promise.resolve());
    expect(screen.queryByRole('complementary', { name: 'Your market' })).toBeNull();
  });
});
