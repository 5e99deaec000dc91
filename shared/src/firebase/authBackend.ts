// The seam between our helpers and the identity service. Production uses the firebase SDK
// (firebaseBackend.ts); tests inject a small fake with setAuthBackend().
export interface AuthUser {
  uid: string;
  email: string | null;
  /** The SDK returns a cached token and refreshes it shortly before it expires. */
  getIdToken(forceRefresh?: boolean): Promise<string>;
}

/** Errors thrown by a backend carry Firebase's `code` ('auth/wrong-password', ...). */
export interface AuthBackend {
  /** Resolves once the persisted session user (if any) was restored. */
  sessionReady(): Promise<void>;
  /** Resolves once the persisted account user (if any) was restored. */
  accountReady(): Promise<void>;
  sessionUser(): AuthUser | null;
  accountUser(): AuthUser | null;
  signInAnonymously(): Promise<AuthUser>;
  createAccount(email: string, password: string): Promise<AuthUser>;
  signInAccount(email: string, password: string): Promise<AuthUser>;
  signOutAccount(): Promise<void>;
  updateAccountEmail(newEmail: string): Promise<void>;
  updateAccountPassword(newPassword: string): Promise<void>;
}

const KEY = '__SHOP_AUTH_BACKEND__';
type Holder = typeof globalThis & { [KEY]?: AuthBackend };

let loadDefault: (() => AuthBackend) | null = null;

/** Registered by firebaseBackend.ts so this module does not import the SDK itself. */
export function registerDefaultAuthBackend(factory: () => AuthBackend): void {
  loadDefault = factory;
}

/** The page's auth backend (one per page, shared by every copy of the package). */
export function getAuthBackend(): AuthBackend {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    if (!loadDefault) throw new Error('No auth backend registered');
    holder[KEY] = loadDefault();
  }
  return holder[KEY];
}

/** Replaces the auth backend (tests, storybook-like pages); `null` restores the default. */
export function setAuthBackend(backend: AuthBackend | null): void {
  const holder = globalThis as Holder;
  if (backend) holder[KEY] = backend;
  else delete holder[KEY];
}
