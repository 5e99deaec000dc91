import { render, screen } from '@testing-library/react';
import { RouterContextProvider } from 'react-router-dom';
import { setDatabaseFetch } from '../firebase/database';
import { linkAddresses } from './links';
import {
  ShopContextProvider,
  pageShopContext,
  publishRouteLists,
  routerContextFor,
  shopContext,
  shopContextOf,
  useShopContext,
} from './shopContext';

const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));

function BasketLink() {
  return <a href={useShopContext().hrefFor('basket')}>Basket</a>;
}

describe('the shop context of a request (decision 5504)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    setDatabaseFetch(null);
    globalThis.fetch = realFetch;
  });

  it('links and reads with its own parts: two requests side by side never see each other', async () => {
    const first = shopContext({
      fetchPublic: () => answer('first'),
      links: linkAddresses({ checkout: [{ path: '/till', roles: { basket: '/till' } }] }),
    });
    const second = shopContext({
      fetchPublic: () => answer('second'),
      links: linkAddresses({ checkout: [{ path: '/bag', roles: { basket: '/bag' } }] }),
    });
    expect(first.hrefFor('basket')).toBe('/till');
    expect(second.hrefFor('basket')).toBe('/bag');
    expect(second.hrefFor('product', { id: 'x' })).toBe('/');
    await expect((await first.fetchPublic('https://any/')).json()).resolves.toBe('first');
    await expect((await second.fetchPublic('https://any/')).json()).resolves.toBe('second');
  });

  it("gives components the provider's context, the page's without one", () => {
    publishRouteLists({ checkout: [{ path: '/basket', roles: { basket: '/basket' } }] });
    const request = shopContext({
      fetchPublic: realFetch,
      links: linkAddresses({ checkout: [{ path: '/till', roles: { basket: '/till' } }] }),
    });
    render(
      <>
        <BasketLink />
        <ShopContextProvider value={request}>
          <BasketLink />
        </ShopContextProvider>
      </>,
    );
    const [page, given] = screen.getAllByRole('link', { name: 'Basket' });
    expect(page).toHaveAttribute('href', '/basket');
    expect(given).toHaveAttribute('href', '/till');
  });

  it("gives loaders the context React Router was given, the page's without one", () => {
    const request = shopContext({ fetchPublic: realFetch, links: new Map() });
    expect(shopContextOf(routerContextFor(request))).toBe(request);
    expect(shopContextOf(new RouterContextProvider())).toBe(pageShopContext);
    expect(shopContextOf(undefined)).toBe(pageShopContext);
    expect(shopContextOf({})).toBe(pageShopContext);
  });

  it("reads the page's public data through the database's fetch: the one set, else the global one", async () => {
    setDatabaseFetch((input) => answer({ set: input }));
    await expect((await pageShopContext.fetchPublic('https://q/v1/home')).json()).resolves.toEqual({
      set: 'https://q/v1/home',
    });
    setDatabaseFetch(null);
    globalThis.fetch = (input) => answer({ global: String(input) });
    await expect((await pageShopContext.fetchPublic('https://q/v1/home')).json()).resolves.toEqual({
      global: 'https://q/v1/home',
    });
  });

  it('follows the route lists the page publishes', () => {
    publishRouteLists({ catalog: [{ path: '/p/:id', roles: { product: '/p/:id' } }] });
    expect(pageShopContext.hrefFor('product', { id: 'a b' })).toBe('/p/a%20b');
    publishRouteLists({});
    expect(pageShopContext.hrefFor('product', { id: 'a b' })).toBe('/');
  });
});
