import {
  MESSAGES,
  SIGNED_OUT,
  ShopContextProvider,
  type Market,
  type ToastEvent,
  bus,
  marketById,
  pageShopContext,
  setAuth,
  shopContext,
} from '@shop/shared';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import type { RouteLists } from '../remotes/pageModules';
import { messages } from '../messages';
import { RootLayout } from './RootLayout';

// The header's mini basket is the cart remote's: here it stays on its plain fallback link.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: () => new Promise(() => undefined),
  registerRemotes: jest.fn(),
}));

// The account functions load when "Sign out" is pressed (decision 1312); their loader is the
// boundary, so a test can make the load fail.
const mockSignOut = jest.fn(() => Promise.resolve());
const mockLoadAccounts = jest.fn();
jest.mock('./loadAccounts', () => ({ loadAccounts: () => mockLoadAccounts() }));
beforeEach(() => {
  mockLoadAccounts.mockReset();
  mockSignOut.mockClear();
  mockLoadAccounts.mockResolvedValue({ signOut: () => mockSignOut() });
});

// The links to remote pages come from the remotes' route lists (made-up addresses here).
const LISTS: RouteLists = {
  catalog: [
    { path: '/', module: './home', nav: { label: 'Home', order: 0 } },
    { path: '/goods', module: './goods', nav: { label: 'Goods', order: 10, footer: true } },
    { path: '/find', module: './find', roles: { search: '/find' } },
  ],
  checkout: [{ path: '/till', module: './till', roles: { basket: '/till' } }],
  account: [
    { path: '/me', module: './me', roles: { account: '/me' } },
    { path: '/hello', module: './hello', roles: { 'sign-in': '/hello?mode=signin' } },
  ],
};
let lists: RouteLists = LISTS;
jest.mock('../remotes/registry', () => ({
  getRegistry: () => ({ routeLists: lists, missing: [], decisions: [] }),
}));

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderLayout(at = '/', market?: Market) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <RootLayout />,
        children: [
          { index: true, element: <h1>Home</h1> },
          { path: 'find', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  const shop = market
    ? shopContext({ fetchPublic: fetch, links: new Map(), market })
    : pageShopContext;
  render(
    <ShopContextProvider value={shop}>
      <RouterProvider router={router} />
    </ShopContextProvider>,
  );
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
      ['Sign in', '/hello?mode=signin&next=%2F'],
      // The phone menu's market chooser (decision 5101; hidden by the stylesheet from 992 px).
      ['United States · USD', '/'],
      ['Deutschland · EUR', '/de/'],
      ['United Kingdom · GBP', '/uk/'],
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

  it('"Sign in" comes back to the page it was pressed on, its query included', () => {
    renderLayout('/find?q=red%20dress');
    for (const link of screen.getAllByRole('link', { name: 'Sign in' })) {
      expect(link).toHaveAttribute('href', '/hello?mode=signin&next=%2Ffind%3Fq%3Dred%2520dress');
    }
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

  it('"Sign out" loads the account functions on the press and signs out', async () => {
    const user = userEvent.setup();
    act(() => setAuth({ isSignedIn: true, email: 'jane@example.com', userAccountUid: 'uid-1' }));
    renderLayout();
    expect(mockSignOut).not.toHaveBeenCalled();
    await user.click(within(headerActions()).getByRole('button', { name: 'Sign out' }));
    expect(mockSignOut).toHaveBeenCalledTimes(1);
    expect(await within(headerActions()).findByRole('button', { name: 'Sign out' })).toBeEnabled();
  });

  it('"Sign out" whose code cannot load: the network message, nobody signed out, pressable again', async () => {
    const user = userEvent.setup();
    const toasts: ToastEvent[] = [];
    const subscription = bus.toasts$.subscribe((event) => toasts.push(event));
    mockLoadAccounts.mockRejectedValueOnce(new Error('Loading chunk accounts failed.'));
    act(() => setAuth({ isSignedIn: true, email: 'jane@example.com', userAccountUid: 'uid-1' }));
    renderLayout();
    await user.click(within(headerActions()).getByRole('button', { name: 'Sign out' }));
    expect(await within(headerActions()).findByRole('button', { name: 'Sign out' })).toBeEnabled();
    expect(toasts.map(({ kind, message }) => ({ kind, message }))).toEqual([
      { kind: 'error', message: MESSAGES.networkFailed },
    ]);
    expect(mockSignOut).not.toHaveBeenCalled();
    expect(within(headerActions()).getByRole('link', { name: 'My account' })).toBeInTheDocument();
    subscription.unsubscribe();
  });

  it('the fallback basket link names its word apart, so narrow headers can hide it', () => {
    renderLayout();
    const basket = within(headerActions()).getByRole('link', { name: /^Basket 0 items$/ });
    expect(within(basket).getByText('Basket')).toHaveClass('mini-basket-fallback__label');
    // With the word hidden, the bag is drawn before the count: never a bare "0".
    const bag = basket.querySelector('svg');
    expect(bag).toHaveAttribute('aria-hidden', 'true');
    expect(bag?.nextElementSibling).toHaveTextContent('Basket');
  });
});

describe('the header\'s search form (the page with the role "search" in a route list)', () => {
  afterEach(() => {
    lists = LISTS;
  });

  it('is a labelled search landmark that sends the words in q to that page, from any page', async () => {
    const user = userEvent.setup();
    renderLayout();
    const form = screen.getByRole('search', { name: 'Shop search' });
    expect(form).toHaveAttribute('action', '/find');
    expect(form).toHaveAttribute('method', 'get');
    const field = within(form).getByRole('searchbox', { name: 'Search all products' });
    expect(field).toHaveAttribute('name', 'q');
    await user.type(field, 'SNEAKERS{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/find?q=SNEAKERS');
    // A new page, an empty field; the button submits too, and is named for screen readers.
    const again = screen.getByRole('searchbox', { name: 'Search all products' });
    expect(again).toHaveValue('');
    await user.type(again, 'sneakr');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/find?q=sneakr');
  });

  it('is reached with the keyboard after the navigation links', async () => {
    const user = userEvent.setup();
    renderLayout();
    within(primaryNav()).getByRole('link', { name: 'Contact' }).focus();
    // The phone menu's copy of "Sign in" and its markets (hidden by the stylesheet on wide screens).
    for (let stop = 0; stop < 4; stop += 1) await user.tab();
    await user.tab();
    expect(screen.getByRole('searchbox', { name: 'Search all products' })).toHaveFocus();
  });

  it('is absent while no remote claims the role (its remote is down)', () => {
    lists = { checkout: LISTS.checkout, account: LISTS.account };
    renderLayout();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-controls',
      'primary-nav',
    );
  });

  it("keeps the query of the role's address, and opens with the phone menu", async () => {
    const user = userEvent.setup();
    lists = {
      ...LISTS,
      catalog: [{ path: '/find', module: './find', roles: { search: '/find?in=all' } }],
    };
    renderLayout();
    const form = screen.getByRole('search', { name: 'Shop search' });
    expect(form).not.toHaveClass('header-search--open');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('search', { name: 'Shop search' })).toHaveClass('header-search--open');
    await user.type(screen.getByRole('searchbox', { name: 'Search all products' }), 'boots{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/find?in=all&q=boots');
  });
});

describe('the phone menu', () => {
  it('closes with Escape and leaves the keyboard on its button', async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('navigation', { name: 'Primary' })).toHaveClass('primary-nav--open');
    await user.tab(); // into the menu
    await user.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.getByRole('navigation', { name: 'Primary' })).not.toHaveClass(
      'primary-nav--open',
    );
  });

  it('the logo is "Threadline home" by its text', () => {
    renderLayout();
    expect(screen.getByRole('link', { name: 'Threadline home' })).toHaveAttribute('href', '/');
  });
});

describe('the footer (decision 5101)', () => {
  it("says where prices include VAT, in the market's language", async () => {
    await messages.load('de');
    renderLayout('/', marketById('de') as Market);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'Alle Preise inkl. MwSt., zzgl. Versandkosten.',
    );
  });

  it('says nothing of tax in the United States, whose prices are shown without it', () => {
    renderLayout('/');
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent(/VAT/);
  });
});
