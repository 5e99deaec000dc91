import { setDatabaseFetch } from '@shop/shared';
import { waitFor } from '@testing-library/react';
import { setUpHarness, tearDownHarness } from '@shop/shared/testing';
import { safeNextPath, signInUrlFor, signedInAccountUid } from './accountSession';

describe('safeNextPath', () => {
  it.each(['/account/orders', '/account/orders/-Abc?x=1', '/checkout/details'])(
    'keeps the shop path %s',
    (path) => expect(safeNextPath(path)).toBe(path),
  );

  it.each([
    null,
    '',
    'account',
    '//evil.example/',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/authentication?mode=signin',
    // URL parsing drops tabs and line breaks, so these are `//evil.example` once followed.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '\t//evil.example',
    '/\t\\evil.example',
    '/\u0000/evil.example',
  ])('drops %p', (path) => expect(safeNextPath(path)).toBeNull());
});

it('builds the sign-in URL with the page to come back to', () => {
  expect(signInUrlFor('http://localhost:8080/account/orders?page=2')).toBe(
    '/authentication?mode=signin&next=%2Faccount%2Forders%3Fpage%3D2',
  );
  // In another market the way back is as the router reads it: its basename adds the prefix.
  expect(signInUrlFor('http://localhost:8080/de/account/orders')).toBe(
    '/authentication?mode=signin&next=%2Faccount%2Forders',
  );
});

describe('signedInAccountUid', () => {
  afterEach(() => tearDownHarness());

  it('knows a visitor at once when this browser holds no account, and starts the session meanwhile', async () => {
    const h = setUpHarness();
    setDatabaseFetch(() => new Promise<Response>(() => undefined)); // the session never loads
    await expect(signedInAccountUid()).resolves.toBe('');
    await waitFor(() => expect(h.auth.anonymousSignIns).toBe(1));
  });

  it('waits for the session when an account may be signed in', async () => {
    const h = setUpHarness({
      users: {
        anonymousTokens: {
          s1: {
            isSignedIn: { status: true },
            credentials: { email: 'jane@shop.io', userAccountUid: 'acc1' },
          },
        },
      },
    });
    h.auth.setSessionUser('s1');
    h.auth.setAccountUser('acc1', 'jane@shop.io');
    await expect(signedInAccountUid()).resolves.toBe('acc1');
  });
});
