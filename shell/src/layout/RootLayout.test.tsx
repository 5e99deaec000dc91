import { SIGNED_OUT, setAuth } from '@shop/shared';
import { act, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { RouteLists } from '../remotes/pageModules';
import { RootLayout } from './RootLayout';

// The header's mini basket is the cart remote's: here it stays on its plain fallback link.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: () => new Promise(() => undefined),
  registerRemotes: jest.fn(),
}));

// The links to remote pages come from the remotes' route lists (made-up addresses here).
const LISTS: RouteLists = {
  catalog: [
    { path: '/', module: './home', nav: { label: 'Home', order: 0 } },
    { path: '/goods', module: './goods', nav: { label: 'Goods', order: 10, footer: true } },
  ],
  checkout: [{ path: '/till', module: './till', roles: { basket: '/till' } }],
  account: [
    { path: '/me', module: './me', roles: { account: '/me' } },
    { path: '/hello', module: './hello', roles: { 'sign-in': '/hello?mode=signin' } },
  ],
};
let lists: RouteLists = LISTS;
jest.mock('../remotes/registry', () => ({
  getRegistry: () => ({ routeLists: lists, missing: [] }),
}));

function renderLayout() {
  const router = createMemoryRouter([
    { path: '/', element: <RootLayout />, children: [{ index: true, element: <h1>Home</h1> }] },
  ]);
  render(<RouterProvider router={router} />);
}

const primaryNav = () => screen.getByRole('navigation', { name: 'Primary' });
const headerActions = () => document.querySelector('.header-actions') as HTMLElement;

describe("the header's account links (one line from 992 px, the menu on phones)", () => {
  afterEach(() => {
    act(() => setAuth(SIGNED_OUT));
    lists = LISTS;
  });

  it("links to the remotes' pages where their route lists say, the shell's own pages in between", () => {
    renderLayout();
    const header = within(primaryNav())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(header).toEqual([
      ['Home', '/'],
      ['Goods', '/goods'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Sign in', '/hello?mode=signin'],
    ]);
    const footer = within(screen.getByRole('navigation', { name: 'Footer' }))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(footer).toEqual(['Goods', 'About', 'Contact']);
    expect(within(headerActions()).getByRole('link', { name: /^Basket/ })).toHaveAttribute(
      'href',
      '/till',
    );
  });

  it("has no account links while the account remote's list is missing (it is down)", () => {
    lists = { catalog: LISTS.catalog, checkout: LISTS.checkout };
    renderLayout();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(within(primaryNav()).getByRole('link', { name: 'About' })).toBeInTheDocument();
  });

  it('signed out: "Sign in" is in the header row and in the phone menu', () => {
    renderLayout();
    expect(within(headerActions()).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    // The stylesheet shows one of the two by width; the menu's lives in its own list item.
    const inMenu = within(primaryNav()).getByRole('link', { name: 'Sign in' });
    expect(inMenu.closest('li')).toHaveClass('primary-nav__account');
    expect(
      within(headerActions()).getByRole('link', { name: 'Sign in' }).closest('span'),
    ).toHaveClass('header-account');
  });

  it('signed in: "My account" and "Sign out" are in both places', () => {
    act(() => setAuth({ isSignedIn: true, email: 'jane@example.com', userAccountUid: 'uid-1' }));
    renderLayout();
    for (const place of [headerActions(), primaryNav()]) {
      expect(within(place).getByRole('link', { name: 'My account' })).toBeInTheDocument();
      expect(within(place).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    }
  });

  it('the fallback basket link names its word apart, so narrow headers can hide it', () => {
    renderLayout();
    const basket = within(headerActions()).getByRole('link', { name: /^Basket 0 items$/ });
    expect(within(basket).getByText('Basket')).toHaveClass('mini-basket-fallback__label');
  });
});
