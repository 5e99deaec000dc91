import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SIGNED_OUT, bus } from './bus';
import { useAuth, useCart } from './hooks';
import { EMPTY_CART } from '../cart/emptyCart';

function Header() {
  const auth = useAuth();
  const cart = useCart();
  return (
    <p>
      {auth.isSignedIn ? 'My account' : 'Sign in'} · {cart.totalQuantity}
    </p>
  );
}

afterEach(() => {
  bus.auth$.next(SIGNED_OUT);
  bus.cart$.next(EMPTY_CART);
});

describe('bus channels on a server-rendered page', () => {
  it('take the page over as the server drew it, then show what the page knows, with no mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Header />);
    expect(container.textContent).toBe('Sign in · 0');
    const button = container.querySelector('p');
    // The session and a kept basket were published before the page's code took it over.
    bus.auth$.next({ ...SIGNED_OUT, isSignedIn: true, email: 'ada@example.com' });
    bus.cart$.next({ ...EMPTY_CART, totalQuantity: 2 });
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Header />, { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    expect(container.textContent).toBe('My account · 2');
    // The server's element is kept (React did not draw the page anew).
    expect(container.querySelector('p')).toBe(button);
  });
});
