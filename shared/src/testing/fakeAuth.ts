// A fake identity service behind the AuthBackend seam (what firebaseBackend.ts wraps).
import type { AuthBackend, AuthUser } from '../firebase/authBackend';
import { tokenFor } from './fakeDatabase';

export interface FakeAuth extends AuthBackend {
  /** Registered email/password accounts. */
  accounts: Map<string, { uid: string; password: string }>;
  setSessionUser(uid: string | null): void;
  setAccountUser(uid: string | null, email?: string): void;
  /** Make the next anonymous sign-in fail. */
  failAnonymous: boolean;
  /** Use enumeration protection (auth/invalid-credential for both failures). */
  enumerationProtection: boolean;
  anonymousSignIns: number;
  tokenRequests: Array<{ uid: string; forceRefresh: boolean }>;
  /** Reset codes the service mailed (code → email; `expired` codes are refused as such). */
  resetCodes: Map<string, { email: string; expired?: boolean }>;
  /** Emails a reset message was sent to, in order. */
  resetEmailsSent: string[];
  reauthentications: number;
  /** Verification emails sent (account uids), and the uids whose email is verified. */
  verificationEmailsSent: string[];
  verifiedUids: Set<string>;
}

const authError = (code: string) => Object.assign(new Error(code), { code });

export function createFakeAuth(): FakeAuth {
  let session: AuthUser | null = null;
  let account: AuthUser | null = null;
  let counter = 0;
  const makeUser = (uid: string, email: string | null): AuthUser => ({
    uid,
    email,
    emailVerified: fake.verifiedUids.has(uid),
    getIdToken: async (forceRefresh = false) => {
      fake.tokenRequests.push({ uid, forceRefresh });
      return tokenFor(uid);
    },
  });
  const fake: FakeAuth = {
    accounts: new Map(),
    failAnonymous: false,
    enumerationProtection: false,
    anonymousSignIns: 0,
    tokenRequests: [],
    resetCodes: new Map(),
    resetEmailsSent: [],
    reauthentications: 0,
    verificationEmailsSent: [],
    verifiedUids: new Set(),
    setSessionUser: (uid) => {
      session = uid ? makeUser(uid, null) : null;
    },
    setAccountUser: (uid, email) => {
      account = uid ? makeUser(uid, email ?? null) : null;
    },
    sessionReady: async () => undefined,
    accountReady: async () => undefined,
    sessionUser: () => session,
    accountUser: () => account,
    mayHoldAccount: () => account !== null,
    signInAnonymously: async () => {
      fake.anonymousSignIns += 1;
      if (fake.failAnonymous) throw authError('auth/network-request-failed');
      counter += 1;
      session = makeUser(`session${counter}`, null);
      return session;
    },
    createAccount: async (email, password) => {
      const key = email.toLowerCase();
      if (fake.accounts.has(key)) throw authError('auth/email-already-in-use');
      if (password.length < 6) throw authError('auth/weak-password');
      counter += 1;
      const uid = `account${counter}`;
      fake.accounts.set(key, { uid, password });
      account = makeUser(uid, key);
      return account;
    },
    signInAccount: async (email, password) => {
      const key = email.toLowerCase();
      const found = fake.accounts.get(key);
      if (!found)
        throw authError(
          fake.enumerationProtection ? 'auth/invalid-credential' : 'auth/user-not-found',
        );
      if (found.password !== password) {
        throw authError(
          fake.enumerationProtection ? 'auth/invalid-credential' : 'auth/wrong-password',
        );
      }
      account = makeUser(found.uid, key);
      return account;
    },
    signOutAccount: async () => {
      account = null;
    },
    updateAccountEmail: async (newEmail) => {
      if (!account) throw authError('auth/no-current-user');
      const entry = [...fake.accounts.entries()].find(([, v]) => v.uid === account?.uid);
      if (entry) {
        fake.accounts.delete(entry[0]);
        fake.accounts.set(newEmail.toLowerCase(), entry[1]);
      }
      account = makeUser(account.uid, newEmail.toLowerCase());
    },
    updateAccountPassword: async (newPassword) => {
      if (!account) throw authError('auth/no-current-user');
      if (newPassword.length < 6) throw authError('auth/weak-password');
      const entry = [...fake.accounts.values()].find((v) => v.uid === account?.uid);
      if (entry) entry.password = newPassword;
    },
    reauthenticateAccount: async (currentPassword) => {
      if (!account) throw authError('auth/no-current-user');
      const entry = [...fake.accounts.values()].find((v) => v.uid === account?.uid);
      if (!entry || entry.password !== currentPassword) {
        throw authError(
          fake.enumerationProtection ? 'auth/invalid-credential' : 'auth/wrong-password',
        );
      }
      fake.reauthentications += 1;
    },
    sendPasswordResetEmail: async (email) => {
      const key = email.trim().toLowerCase();
      if (!key.includes('@')) throw authError('auth/invalid-email');
      if (!fake.accounts.has(key)) {
        if (fake.enumerationProtection) return;
        throw authError('auth/user-not-found');
      }
      counter += 1;
      fake.resetCodes.set(`reset-code-${counter}`, { email: key });
      fake.resetEmailsSent.push(key);
    },
    verifyPasswordResetCode: async (code) => {
      const found = fake.resetCodes.get(code);
      if (!found) throw authError('auth/invalid-action-code');
      if (found.expired) throw authError('auth/expired-action-code');
      return found.email;
    },
    confirmPasswordReset: async (code, newPassword) => {
      const email = await fake.verifyPasswordResetCode(code);
      if (newPassword.length < 6) throw authError('auth/weak-password');
      const entry = fake.accounts.get(email);
      if (!entry) throw authError('auth/user-not-found');
      entry.password = newPassword;
      fake.resetCodes.delete(code);
    },
    sendAccountVerificationEmail: async () => {
      if (!account) throw authError('auth/no-current-user');
      fake.verificationEmailsSent.push(account.uid);
    },
    reloadAccount: async () => {
      if (account) account = makeUser(account.uid, account.email);
      return account;
    },
  };
  return fake;
}
