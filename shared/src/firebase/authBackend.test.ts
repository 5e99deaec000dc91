import { createFakeAuth } from '../testing/fakeAuth';
import { type AuthBackend, createLazyFirebaseBackend, persistedAccount } from './authBackend';

describe('the lazily loaded identity SDK', () => {
  it('loads the SDK once, on first use, and knows no user before that', async () => {
    const sdk = createFakeAuth();
    sdk.setSessionUser('session-1');
    const load = jest.fn(async (): Promise<AuthBackend> => sdk);
    const backend = createLazyFirebaseBackend(load);

    expect(load).not.toHaveBeenCalled();
    expect(backend.sessionUser()).toBeNull();

    await Promise.all([backend.sessionReady(), backend.accountReady()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(backend.sessionUser()?.uid).toBe('session-1');
    expect(backend.accountUser()).toBeNull();
  });

  it('passes every call through to the SDK', async () => {
    const sdk = createFakeAuth();
    const backend = createLazyFirebaseBackend(async () => sdk);

    const created = await backend.createAccount('ada@example.com', 'secret-1');
    expect(sdk.accounts.get('ada@example.com')?.uid).toBe(created.uid);
    expect(backend.accountUser()?.email).toBe('ada@example.com');
    await backend.signOutAccount();
    expect(backend.accountUser()).toBeNull();
    await expect(backend.signInAccount('ada@example.com', 'wrong')).rejects.toMatchObject({
      code: 'auth/wrong-password',
    });
    const anonymous = await backend.signInAnonymously();
    expect(backend.sessionUser()?.uid).toBe(anonymous.uid);
  });

  it('passes the re-authentication and the password-reset calls through to the SDK', async () => {
    const sdk = createFakeAuth();
    const backend = createLazyFirebaseBackend(async () => sdk);

    await backend.createAccount('ada@example.com', 'secret-1');
    await expect(backend.reauthenticateAccount('wrong')).rejects.toMatchObject({
      code: 'auth/wrong-password',
    });
    await expect(backend.reauthenticateAccount('secret-1')).resolves.toBeUndefined();
    expect(sdk.reauthentications).toBe(1);

    await backend.sendPasswordResetEmail('ada@example.com');
    expect(sdk.resetEmailsSent).toEqual(['ada@example.com']);
    const [code] = [...sdk.resetCodes.keys()] as [string];
    await expect(backend.verifyPasswordResetCode(code)).resolves.toBe('ada@example.com');
    await backend.confirmPasswordReset(code, 'secret-2');
    expect(sdk.accounts.get('ada@example.com')?.password).toBe('secret-2');
    await expect(backend.verifyPasswordResetCode(code)).rejects.toMatchObject({
      code: 'auth/invalid-action-code',
    });
  });

  it('tries to load the SDK again after a failed download', async () => {
    const sdk = createFakeAuth();
    const load = jest
      .fn<Promise<AuthBackend>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk 217 failed'))
      .mockResolvedValue(sdk);
    const backend = createLazyFirebaseBackend(load);

    await expect(backend.sessionReady()).rejects.toThrow('Loading chunk 217 failed');
    await expect(backend.sessionReady()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('whether this browser may hold an account, before the SDK has loaded', () => {
  const KEY = 'firebase:authUser:demo-api-key:account';
  afterEach(() => localStorage.clear());

  it("answers from the SDK's persisted account user, without loading the SDK", () => {
    const load = jest.fn(async (): Promise<AuthBackend> => createFakeAuth());
    const backend = createLazyFirebaseBackend(load);
    expect(backend.mayHoldAccount?.()).toBe(false);
    localStorage.setItem(KEY, '{"uid":"account-1"}');
    expect(backend.mayHoldAccount?.()).toBe(true);
    // The session's own user (the default app) is no account.
    localStorage.clear();
    localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{"uid":"session-1"}');
    expect(backend.mayHoldAccount?.()).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('once loaded, an account signed in on this page counts even if nothing was persisted', async () => {
    const sdk = createFakeAuth();
    const backend = createLazyFirebaseBackend(async () => sdk);
    await backend.createAccount('ada@example.com', 'secret-1');
    expect(backend.mayHoldAccount?.()).toBe(true);
  });

  it('says "maybe" where storage cannot be read', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(persistedAccount(broken)).toBe(true);
  });
});
