// The SDK calls behind the re-authentication and password-reset methods (the SDK itself is
// replaced here; firebaseBackend.test.ts checks the real set-up).
import * as sdk from 'firebase/auth';
import { createFirebaseBackend, getAccountAuth } from './firebaseBackend';

jest.mock('firebase/auth', () => ({
  ...jest.requireActual('firebase/auth'),
  reauthenticateWithCredential: jest.fn(async () => ({})),
  sendPasswordResetEmail: jest.fn(async () => undefined),
  verifyPasswordResetCode: jest.fn(async () => 'ada@example.com'),
  confirmPasswordReset: jest.fn(async () => undefined),
}));

const mocked = jest.mocked(sdk);

/** Puts a user on the account instance as the SDK would after a sign-in. */
async function signedInAs(email: string | null) {
  await getAccountAuth().authStateReady(); // the SDK's own start-up is done first
  const user = { uid: 'account-1', email } as unknown as sdk.User;
  Object.defineProperty(getAccountAuth(), 'currentUser', { value: user, configurable: true });
  return user;
}

afterEach(() => {
  Object.defineProperty(getAccountAuth(), 'currentUser', { value: null, configurable: true });
  jest.clearAllMocks();
});

describe('firebase backend: re-authentication', () => {
  it("proves the account's current password with an email credential", async () => {
    const user = await signedInAs('ada@example.com');
    await createFirebaseBackend().reauthenticateAccount('current-pass');
    expect(mocked.reauthenticateWithCredential).toHaveBeenCalledTimes(1);
    const [target, credential] = mocked.reauthenticateWithCredential.mock.calls[0] ?? [];
    expect(target).toBe(user);
    expect(credential?.providerId).toBe('password');
    expect(credential?.toJSON()).toMatchObject({
      email: 'ada@example.com',
      password: 'current-pass',
    });
  });

  it('refuses without a signed-in account', async () => {
    await expect(createFirebaseBackend().reauthenticateAccount('x')).rejects.toMatchObject({
      code: 'auth/no-current-user',
    });
    expect(mocked.reauthenticateWithCredential).not.toHaveBeenCalled();
  });
});

describe('firebase backend: password reset', () => {
  it('sends, verifies and confirms on the account instance', async () => {
    const backend = createFirebaseBackend();
    await backend.sendPasswordResetEmail('ada@example.com');
    expect(mocked.sendPasswordResetEmail).toHaveBeenCalledWith(getAccountAuth(), 'ada@example.com');
    await expect(backend.verifyPasswordResetCode('code-1')).resolves.toBe('ada@example.com');
    expect(mocked.verifyPasswordResetCode).toHaveBeenCalledWith(getAccountAuth(), 'code-1');
    await backend.confirmPasswordReset('code-1', 'new-password');
    expect(mocked.confirmPasswordReset).toHaveBeenCalledWith(
      getAccountAuth(),
      'code-1',
      'new-password',
    );
  });
});
