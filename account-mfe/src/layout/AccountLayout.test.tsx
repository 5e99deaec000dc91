import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGNED_OUT, setAuth } from '@shop/shared';
import { renderAt } from '../testing/accountTestKit';
import { resetBackend, sharedMocks, signInAs } from '../testing/mockShared';

jest.mock('@shop/shared', () =>
  jest.requireActual('../testing/sharedMockFactory').sharedMockFactory(),
);
jest.mock('@shop/shared/accounts', () =>
  jest.requireActual('../testing/sharedMockFactory').accountsMockFactory(),
);

beforeEach(() => resetBackend());

describe('account layout', () => {
  it.each([
    ['/account/orders', '/account/orders'],
    ['/account/credentials', '/account/credentials'],
    ['/account/orders/-Abc', '/account/orders/-Abc'],
  ])('sends a visitor from %s to sign in, and back afterwards', async (path, next) => {
    const { router } = renderAt(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('mode')).toBe('signin');
    expect(params.get('next')).toBe(next);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(sharedMocks.getData).not.toHaveBeenCalled();
  });

  it('shows the account navigation', async () => {
    signInAs('jane@example.com');
    renderAt('/account/myaccount');
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    for (const name of [
      'My account',
      'Orders',
      'Credentials',
      'Personal information',
      'Address book',
    ]) {
      expect(nav).toContainElement(screen.getByRole('link', { name }));
    }
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('signs out from the navigation and leaves for the home page', async () => {
    sharedMocks.signOut.mockImplementation(async () => setAuth({ ...SIGNED_OUT }));
    signInAs('jane@example.com');
    const { router } = renderAt('/account/credentials');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sharedMocks.signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });
});
