import { SIGNED_OUT, setAuth } from '@shop/shared';
import { act, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { RootLayout } from './RootLayout';

// The header's mini basket is the cart remote's: here it stays on its plain fallback link.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: () => new Promise(() => undefined),
  registerRemotes: jest.fn(),
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
  afterEach(() => act(() => setAuth(SIGNED_OUT)));

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
