// The production auth backend (loaded on demand by authBackend.ts): the firebase SDK v12 with
// two app instances so the anonymous session and the signed-in account coexist (architecture
// "Identity and data"):
// - the DEFAULT app holds the visitor's anonymous user (its uid is the token id);
// - the 'account' app holds the email/password user.
// Both persist in localStorage (browserLocalPersistence), so a reload keeps both.
import { type FirebaseApp, getApp, getApps, initializeApp } from 'firebase/app';
import {
  type Auth,
  EmailAuthProvider,
  browserLocalPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  inMemoryPersistence,
  initializeAuth,
  reauthenticateWithCredential,
  reload,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInAnonymously,
  signInWithEmailAndPassword,
  signOut,
  updateEmail,
  updatePassword,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { ACCOUNT_APP_NAME, type AuthBackend, type AuthUser } from './authTypes';
import { getAuthEmulatorUrl, getFirebaseConfig } from './config';

function appNamed(name?: string): FirebaseApp {
  const exists = getApps().some((a) => a.name === (name ?? '[DEFAULT]'));
  if (exists) return name ? getApp(name) : getApp();
  return name ? initializeApp(getFirebaseConfig(), name) : initializeApp(getFirebaseConfig());
}

function authOf(app: FirebaseApp): Auth {
  const persistence =
    typeof window !== 'undefined' && typeof window.localStorage !== 'undefined'
      ? browserLocalPersistence
      : inMemoryPersistence;
  // Called once per app (getSessionAuth/getAccountAuth keep the instance), and firebase is no
  // shared module, so no other copy of this file initialises these apps. `getAuth` is not used:
  // importing it brings the popup/redirect resolver and IndexedDB persistence (≈ 5 KiB gzip).
  const auth = initializeAuth(app, { persistence });
  const emulatorUrl = getAuthEmulatorUrl();
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  return auth;
}

let sessionAuth: Auth | null = null;
let accountAuth: Auth | null = null;

/** The anonymous session's Auth instance (default app). */
export function getSessionAuth(): Auth {
  sessionAuth ??= authOf(appNamed());
  return sessionAuth;
}

/** The account's Auth instance (the second app, 'account'). */
export function getAccountAuth(): Auth {
  accountAuth ??= authOf(appNamed(ACCOUNT_APP_NAME));
  return accountAuth;
}

function requireAccount(): NonNullable<Auth['currentUser']> {
  const user = getAccountAuth().currentUser;
  if (!user) throw Object.assign(new Error('Not signed in'), { code: 'auth/no-current-user' });
  return user;
}

export function createFirebaseBackend(): AuthBackend {
  return {
    sessionReady: () => getSessionAuth().authStateReady(),
    accountReady: () => getAccountAuth().authStateReady(),
    sessionUser: () => getSessionAuth().currentUser as AuthUser | null,
    accountUser: () => getAccountAuth().currentUser as AuthUser | null,
    signInAnonymously: async () => (await signInAnonymously(getSessionAuth())).user,
    createAccount: async (email, password) =>
      (await createUserWithEmailAndPassword(getAccountAuth(), email, password)).user,
    signInAccount: async (email, password) =>
      (await signInWithEmailAndPassword(getAccountAuth(), email, password)).user,
    signOutAccount: () => signOut(getAccountAuth()),
    updateAccountEmail: (newEmail) => updateEmail(requireAccount(), newEmail),
    updateAccountPassword: (newPassword) => updatePassword(requireAccount(), newPassword),
    reauthenticateAccount: async (currentPassword) => {
      const user = requireAccount();
      if (!user.email) throw Object.assign(new Error('No email'), { code: 'auth/no-current-user' });
      await reauthenticateWithCredential(
        user,
        EmailAuthProvider.credential(user.email, currentPassword),
      );
    },
    // The reset calls need no signed-in user; the account instance is the one they concern.
    sendPasswordResetEmail: (email) => sendPasswordResetEmail(getAccountAuth(), email),
    verifyPasswordResetCode: (code) => verifyPasswordResetCode(getAccountAuth(), code),
    confirmPasswordReset: (code, newPassword) =>
      confirmPasswordReset(getAccountAuth(), code, newPassword),
    sendAccountVerificationEmail: () => sendEmailVerification(requireAccount()),
    reloadAccount: async () => {
      const user = getAccountAuth().currentUser;
      if (!user) return null;
      await reload(user);
      await user.getIdToken(true);
      return user as AuthUser;
    },
  };
}
