import { bus } from '../bus/bus';
import { cartActions } from '../cart/cartStore';
import { MESSAGES } from '../constants';
import { flushCartSync, getBasketService } from '../basket/basketContract';
import { readKeptBasket } from '../basket/keptBasket';
import { startSession } from '../session/startSession';
import { type Harness, line, setUpHarness, tearDownHarness } from '../testing/harness';
import {
  changeEmail,
  changePassword,
  checkPasswordResetCode,
  completePasswordReset,
  requestPasswordReset,
  signIn,
  signOut,
  signUp,
} from './accounts';
import { authErrorMessage, reauthErrorMessage } from './authErrors';
import { isNewMember } from '../session/newMember';

let h: Harness;

async function started(initial: unknown = null) {
  h = setUpHarness(initial);
  h.auth.setSessionUser('s1');
  await startSession();
}

afterEach(() => tearDownHarness());

describe('signUp', () => {
  it('writes the records of docs/product.md §7 without any password and publishes the auth state; without the basket service the basket stays on the page, kept', async () => {
    await started();
    expect(getBasketService()).toBeNull();
    cartActions.addProduct(line('a', 2));
    const result = await signUp(' New@Shop.io ', 'secret-pass');
    const uid = h.auth.accounts.get('new@shop.io')?.uid as string;
    expect(result).toEqual({
      isSignedIn: true,
      email: 'new@shop.io',
      justSignedIn: true,
      userAccountUid: uid,
    });
    expect(h.db.get(`users/validated/${uid}/credentials`)).toEqual({ email: 'new@shop.io' });
    expect(h.db.get('users/anonymousTokens/s1/isSignedIn')).toEqual({ status: true });
    expect(h.db.get('users/anonymousTokens/s1/credentials')).toEqual({
      email: 'new@shop.io',
      userAccountUid: uid,
    });
    expect(JSON.stringify(h.db.dump())).not.toMatch(/password|secret-pass/);
    // No sync runs to consume the one-shot flag: it is not raised.
    expect(bus.auth$.getValue()).toEqual({
      isSignedIn: true,
      email: 'new@shop.io',
      justSignedIn: false,
      signedOutByLogout: false,
      userAccountUid: uid,
    });
    // The basket is the cart remote's to merge and save once it loads (cart-mfe's basket-sync).
    expect(bus.cart$.getValue().products).toEqual([line('a', 2)]);
    expect(readKeptBasket()).toEqual({ totalQuantity: 2, products: { a: line('a', 2) } });
    expect(h.db.get(`users/validated/${uid}/userCart`)).toBeNull();
    await flushCartSync(); // nothing in flight without a service: resolves
  });

  it('rejects a known email with the spec message', async () => {
    await started();
    await signUp('taken@shop.io', 'secret-pass');
    await signOut();
    expect(await signUp('taken@shop.io', 'other-pass')).toEqual({
      error: 'There is already an account assigned to this email!',
    });
  });

  it("answers 'Something went wrong, please try again later.' when more than one write failed", async () => {
    await started();
    h.db.failNext(
      10,
      500,
      (r) => r.method === 'PUT' && r.path.includes('users/anonymousTokens/s1/'),
    );
    expect(await signUp('w@shop.io', 'secret-pass')).toEqual({
      error: 'Something went wrong, please try again later.',
    });
    expect(bus.auth$.getValue().isSignedIn).toBe(false);
    expect(h.auth.accountUser()).toBeNull();
  });

  it('tolerates a single failed write (it is retried once)', async () => {
    await started();
    h.db.failNext(1, 500, (r) => r.path.endsWith('/isSignedIn'));
    const result = await signUp('once@shop.io', 'secret-pass');
    expect(result).toMatchObject({ isSignedIn: true });
    expect(h.db.get('users/anonymousTokens/s1/isSignedIn')).toEqual({ status: true });
  });
});

describe('signIn', () => {
  async function withAccount() {
    await started();
    await signUp('me@shop.io', 'right-pass');
    await signOut();
  }

  it('maps an unknown email and a wrong password to the spec messages', async () => {
    await withAccount();
    expect(await signIn('nobody@shop.io', 'whatever1')).toEqual({
      error: "User doesn't exist! Please make an account first.",
    });
    expect(await signIn('me@shop.io', 'wrong-pass')).toEqual({ error: 'Invalid password!' });
    h.auth.enumerationProtection = true;
    expect(await signIn('me@shop.io', 'wrong-pass')).toEqual({ error: MESSAGES.invalidCredential });
  });
});

describe('a new member (welcomed, not welcomed back)', () => {
  it('is the account signed up in this tab, wherever the sign-up happened, until a sign-in', async () => {
    await started();
    const result = await signUp('fresh@shop.io', 'secret-pass');
    if ('error' in result) throw new Error(result.error);
    expect(isNewMember(result.userAccountUid)).toBe(true);
    expect(isNewMember('someone-else')).toBe(false);
    const again = await signIn('fresh@shop.io', 'secret-pass');
    if ('error' in again) throw new Error(again.error);
    expect(isNewMember(again.userAccountUid)).toBe(false);
  });

  it('is nobody after a failed sign-up', async () => {
    await started();
    await signUp('taken@shop.io', 'secret-pass');
    sessionStorage.clear();
    const failed = await signUp('taken@shop.io', 'secret-pass');
    expect(failed).toHaveProperty('error');
    expect(sessionStorage.length).toBe(0);
  });
});

describe('signOut', () => {
  it('without the basket service: marks the session signed out and leaves no account basket on the page', async () => {
    await started();
    await signUp('out@shop.io', 'secret-pass');
    cartActions.addProduct(line('k', 2));
    await signOut();
    expect(h.db.get('users/anonymousTokens/s1/isSignedIn')).toEqual({ status: false });
    expect(h.auth.accountUser()).toBeNull();
    expect(bus.auth$.getValue()).toEqual({
      isSignedIn: false,
      email: '',
      signedOutByLogout: false,
      justSignedIn: false,
      userAccountUid: '',
    });
    expect(bus.cart$.getValue().products).toEqual([]);
  });
});

describe('changeEmail / changePassword', () => {
  it('changes the email in Auth, the database copies and the auth state', async () => {
    await started();
    await signUp('old@shop.io', 'secret-pass');
    const uid = h.auth.accounts.get('old@shop.io')?.uid as string;
    expect(await changeEmail('new@shop.io')).toEqual({ ok: true });
    expect(h.auth.accounts.has('new@shop.io')).toBe(true);
    expect(h.db.get(`users/validated/${uid}/credentials`)).toEqual({ email: 'new@shop.io' });
    expect(h.db.get('users/anonymousTokens/s1/credentials')).toEqual({
      email: 'new@shop.io',
      userAccountUid: uid,
    });
    expect(bus.auth$.getValue().email).toBe('new@shop.io');
  });

  it('changes the password in Auth only', async () => {
    await started();
    await signUp('pw@shop.io', 'secret-pass');
    expect(await changePassword('another-pass')).toEqual({ ok: true });
    expect(h.auth.accounts.get('pw@shop.io')?.password).toBe('another-pass');
    expect(JSON.stringify(h.db.dump())).not.toMatch(/password|another-pass/);
    expect(await changePassword('123')).toEqual({
      ok: false,
      error: 'Your password should be at least 8 characters long!',
    });
  });

  it('needs a signed-in account', async () => {
    await started();
    expect(await changeEmail('x@shop.io')).toEqual({ ok: false, error: MESSAGES.notSignedIn });
    expect(await changePassword('12345678')).toEqual({ ok: false, error: MESSAGES.notSignedIn });
  });
});

describe('re-authentication before a credential change', () => {
  it('changes the password only after the current one is proven', async () => {
    await started();
    await signUp('re@shop.io', 'secret-pass');
    expect(await changePassword('another-pass', 'wrong-pass')).toEqual({
      ok: false,
      error: MESSAGES.wrongCurrentPassword,
    });
    expect(h.auth.accounts.get('re@shop.io')?.password).toBe('secret-pass');
    expect(await changePassword('another-pass', '')).toEqual({
      ok: false,
      error: MESSAGES.currentPasswordRequired,
    });
    expect(h.auth.reauthentications).toBe(0);

    expect(await changePassword('another-pass', 'secret-pass')).toEqual({ ok: true });
    expect(h.auth.reauthentications).toBe(1);
    expect(h.auth.accounts.get('re@shop.io')?.password).toBe('another-pass');
  });

  it('changes nothing, in Auth or the database, when the email change has a wrong password', async () => {
    await started();
    await signUp('keep@shop.io', 'secret-pass');
    const uid = h.auth.accounts.get('keep@shop.io')?.uid as string;
    h.auth.enumerationProtection = true; // the service answers auth/invalid-credential
    expect(await changeEmail('moved@shop.io', 'not-it')).toEqual({
      ok: false,
      error: MESSAGES.wrongCurrentPassword,
    });
    expect(h.auth.accounts.has('keep@shop.io')).toBe(true);
    expect(h.db.get(`users/validated/${uid}/credentials`)).toEqual({ email: 'keep@shop.io' });
    expect(bus.auth$.getValue().email).toBe('keep@shop.io');

    expect(await changeEmail('moved@shop.io', 'secret-pass')).toEqual({ ok: true });
    expect(h.auth.accounts.has('moved@shop.io')).toBe(true);
  });

  it("maps the service's 'requires recent login' to a clear sentence, never the raw code", async () => {
    await started();
    await signUp('old-login@shop.io', 'secret-pass');
    h.auth.updateAccountPassword = async () => {
      throw Object.assign(new Error('Firebase: Error (auth/requires-recent-login).'), {
        code: 'auth/requires-recent-login',
      });
    };
    const result = await changePassword('another-pass');
    expect(result).toEqual({ ok: false, error: MESSAGES.requiresRecentLogin });
    expect(JSON.stringify(result)).not.toMatch(/auth\/|Firebase/);
  });
});

describe('password reset', () => {
  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    await started();
    await signUp('forgot@shop.io', 'secret-pass');
    await signOut();
    const known = await requestPasswordReset(' forgot@shop.io ');
    const unknown = await requestPasswordReset('nobody@shop.io');
    expect(known).toEqual({ ok: true });
    expect(unknown).toEqual(known);
    expect(h.auth.resetEmailsSent).toEqual(['forgot@shop.io']);

    h.auth.enumerationProtection = true;
    expect(await requestPasswordReset('nobody@shop.io')).toEqual({ ok: true });
  });

  it('reports a malformed email and a service failure', async () => {
    await started();
    expect(await requestPasswordReset('not-an-email')).toEqual({
      ok: false,
      error: 'Please enter a valid email address!',
    });
    h.auth.sendPasswordResetEmail = async () => {
      throw Object.assign(new Error('x'), { code: 'auth/too-many-requests' });
    };
    expect(await requestPasswordReset('a@shop.io')).toEqual({
      ok: false,
      error: MESSAGES.tooManyRequests,
    });
  });

  it('sets the new password with the code, once; the shopper then signs in with it', async () => {
    await started();
    await signUp('reset@shop.io', 'old-password');
    await signOut();
    await requestPasswordReset('reset@shop.io');
    const [code] = [...h.auth.resetCodes.keys()] as [string];

    expect(await checkPasswordResetCode(code)).toEqual({ ok: true, email: 'reset@shop.io' });
    expect(await completePasswordReset(code, 'new-password')).toEqual({
      ok: true,
      email: 'reset@shop.io',
    });
    expect(h.auth.accounts.get('reset@shop.io')?.password).toBe('new-password');
    expect(JSON.stringify(h.db.dump())).not.toMatch(/new-password/);
    // The code is used up.
    expect(await completePasswordReset(code, 'third-password')).toEqual({
      ok: false,
      error: MESSAGES.resetLinkInvalid,
    });
    expect(await signIn('reset@shop.io', 'old-password')).toEqual({ error: 'Invalid password!' });
    expect(await signIn('reset@shop.io', 'new-password')).toMatchObject({ isSignedIn: true });
  });

  it('explains an expired, an unknown and a missing code', async () => {
    await started();
    h.auth.resetCodes.set('old-code', { email: 'a@shop.io', expired: true });
    expect(await checkPasswordResetCode('old-code')).toEqual({
      ok: false,
      error: MESSAGES.resetLinkExpired,
    });
    expect(await completePasswordReset('old-code', 'new-password')).toEqual({
      ok: false,
      error: MESSAGES.resetLinkExpired,
    });
    expect(await checkPasswordResetCode('made-up')).toEqual({
      ok: false,
      error: MESSAGES.resetLinkInvalid,
    });
    expect(await checkPasswordResetCode('')).toEqual({
      ok: false,
      error: MESSAGES.resetLinkInvalid,
    });
  });
});

describe('authErrorMessage', () => {
  it('maps Firebase codes to clear messages', () => {
    const code = (c: string) => authErrorMessage({ code: c });
    expect(code('auth/email-already-in-use')).toBe(
      'There is already an account assigned to this email!',
    );
    expect(code('auth/user-not-found')).toBe("User doesn't exist! Please make an account first.");
    expect(code('auth/wrong-password')).toBe('Invalid password!');
    expect(code('auth/invalid-credential')).toBe('Invalid email or password!');
    expect(code('auth/invalid-email')).toBe('Please enter a valid email address!');
    expect(code('auth/network-request-failed')).toBe(MESSAGES.networkFailed);
    expect(code('auth/requires-recent-login')).toBe(
      'For your security, please confirm your current password (or sign out and sign in again) before changing this.',
    );
    expect(code('auth/expired-action-code')).toBe(MESSAGES.resetLinkExpired);
    expect(code('auth/invalid-action-code')).toBe(MESSAGES.resetLinkInvalid);
    expect(code('auth/something-new')).toBe('Something went wrong, please try again later.');
    expect(authErrorMessage(new Error('plain'))).toBe(
      'Something went wrong, please try again later.',
    );
  });
});

describe('reauthErrorMessage', () => {
  it('says the current password is wrong, whichever code the service uses for it', () => {
    for (const c of ['auth/wrong-password', 'auth/invalid-credential', 'auth/user-mismatch']) {
      expect(reauthErrorMessage({ code: c })).toBe(MESSAGES.wrongCurrentPassword);
    }
    expect(reauthErrorMessage({ code: 'auth/too-many-requests' })).toBe(MESSAGES.tooManyRequests);
  });
});
