// Test doubles at the two boundaries of @shop/shared: the database's HTTP API (an in-memory
// tree behind setDatabaseFetch) and the identity service (setAuthBackend). Everything between
// (getData/setData, startSession, signUp) is the real shared code. The basket's sync is the cart
// remote's (its own tests run it for real); here a stand-in basket service loads the session's
// basket into bus.cart$, so an app's loaders see the basket a real visit would have loaded.
import type { Subscription } from 'rxjs';
import {
  type AuthBackend,
  type AuthUser,
  type BasketService,
  EMPTY_CART,
  type ServerCart,
  accountCartPath,
  anonymousCartPath,
  basketChannels,
  cartActions,
  fromServerCart,
  getData,
  mergeCarts,
  setData,
  toServerCart,
  markBasketLoaded,
  registerBasketService,
  setAuth,
  setAuthBackend,
  setDatabaseFetch,
} from '../index';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

type Tree = Record<string, unknown>;

function segments(url: string): string[] {
  const { pathname } = new URL(url);
  return pathname
    .replace(/\.json$/, '')
    .split('/')
    .filter(Boolean)
    .map(decodeURIComponent);
}

export class FakeDatabase {
  root: Tree = {};
  requests: RecordedRequest[] = [];
  /** When true every request fails like a server that is down. */
  down = false;
  /** Paths (prefixes) whose writes answer 500. */
  failWrites: string[] = [];

  get(path: string): unknown {
    let node: unknown = this.root;
    for (const key of path.split('/').filter(Boolean)) {
      if (!node || typeof node !== 'object') return null;
      node = (node as Tree)[key];
    }
    return node ?? null;
  }

  set(path: string, value: unknown): void {
    const keys = path.split('/').filter(Boolean);
    const last = keys.pop() as string;
    let node = this.root;
    for (const key of keys) {
      if (!node[key] || typeof node[key] !== 'object') node[key] = {};
      node = node[key] as Tree;
    }
    if (value === null || value === undefined) delete node[last];
    else node[last] = JSON.parse(JSON.stringify(value)) as unknown;
  }

  writesTo(prefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method !== 'GET' && r.path.startsWith(prefix));
  }

  fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    if (this.down) throw new TypeError('Failed to fetch');
    const method = init?.method ?? 'GET';
    const path = segments(input).join('/');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    this.requests.push({ method, path, body });
    if (method === 'GET') return Response.json(this.get(path));
    if (this.failWrites.some((prefix) => path.startsWith(prefix))) {
      return Response.json({ error: 'Permission denied' }, { status: 500 });
    }
    if (method === 'PATCH' && body && typeof body === 'object') {
      for (const [k, v] of Object.entries(body)) this.set(`${path}/${k}`, v);
    } else if (method === 'DELETE') {
      this.set(path, null);
    } else {
      this.set(path, body);
    }
    return Response.json(body ?? null);
  };
}

const user = (uid: string, email: string | null = null): AuthUser => ({
  uid,
  email,
  getIdToken: () => Promise.resolve(`token-${uid}`),
});

export class FakeAuth implements AuthBackend {
  session: AuthUser | null = user('session-1');
  account: AuthUser | null = null;
  accounts = new Map<string, string>();
  signInAs(uid: string, email: string): void {
    this.account = user(uid, email);
    this.accounts.set(email, 'secret-password');
  }
  sessionReady = () => Promise.resolve();
  accountReady = () => Promise.resolve();
  sessionUser = () => this.session;
  accountUser = () => this.account;
  signInAnonymously = () => Promise.resolve((this.session = user('session-1')));
  createAccount = (email: string, password: string) => {
    if (this.accounts.has(email)) {
      return Promise.reject(
        Object.assign(new Error('taken'), { code: 'auth/email-already-in-use' }),
      );
    }
    this.accounts.set(email, password);
    this.account = user(`account-${this.accounts.size}`, email);
    return Promise.resolve(this.account);
  };
  signInAccount = (email: string) => Promise.resolve((this.account = user('account-1', email)));
  signOutAccount = () => {
    this.account = null;
    return Promise.resolve();
  };
  updateAccountEmail = () => Promise.resolve();
  updateAccountPassword = () => Promise.resolve();
  reauthenticateAccount = () => Promise.resolve();
  sendPasswordResetEmail = () => Promise.resolve();
  verifyPasswordResetCode = () => Promise.resolve(this.account?.email ?? '');
  confirmPasswordReset = () => Promise.resolve();
  sendAccountVerificationEmail = () => Promise.resolve();
  reloadAccount = () => Promise.resolve(this.account);
}

export const PRODUCTS = {
  'linen-shirt': {
    id: 'linen-shirt',
    name: 'Linen shirt',
    imageUrl: '/images/products/linen-shirt.svg',
    alt: 'A white linen shirt',
    annotation: 'New',
    originalPrice: 60,
    discountedPrice: 50,
    description: 'Light.',
    category: 'men',
    collection: 'spring',
    sizes: ['M', 'L'],
    colours: ['white'],
    createdAt: 1,
  },
  'trail-sneaker': {
    id: 'trail-sneaker',
    name: 'Trail sneaker',
    imageUrl: '/images/products/trail-sneaker.svg',
    alt: 'A grey sneaker',
    annotation: 'Bestseller',
    originalPrice: 120,
    discountedPrice: 100,
    description: 'Grippy.',
    category: 'women',
    collection: 'fall',
    sizes: [],
    colours: ['grey'],
    createdAt: 2,
  },
};

export const DISCOUNTS = {
  SAVE10: { code: 'SAVE10', discountType: 10, description: '10% off' },
  FREESHIP: { code: 'FREESHIP', discountType: 'SHIPMENT', description: 'Free shipment' },
};

/** Installs a seeded fake database and identity service; returns them for assertions. */
export function installFakeBackend(): { db: FakeDatabase; auth: FakeAuth } {
  const db = new FakeDatabase();
  db.set('catalog/products', PRODUCTS);
  db.set('discounts', DISCOUNTS);
  const auth = new FakeAuth();
  setDatabaseFetch(db.fetch);
  setAuthBackend(auth);
  standInBasket?.unsubscribe();
  standInBasket = basketChannels().session$.subscribe((info) => {
    if (!info) return;
    const service = standInBasketService(info.sessionUid, info.accountUid);
    if (!registerBasketService(service)) return;
    void service.load().then(markBasketLoaded);
  });
  return { db, auth };
}

let standInBasket: Subscription | null = null;

/**
 * Loads the session's basket, saves it when flushed, merges it into the account's on sign-in and
 * loads the anonymous one on sign-out: what an app's tests need of the cart remote's service,
 * without its debounce, retries or tabs (the cart remote's own tests run the real one).
 */
function standInBasketService(
  sessionUid: string,
  accountUid: string,
): BasketService & { load(): Promise<void> } {
  let path = accountUid ? accountCartPath(accountUid) : anonymousCartPath(sessionUid);
  const read = async (at: string) => {
    const result = await getData<ServerCart>(at);
    return result.status === 200 ? fromServerCart(result.response) : null;
  };
  const save = () => setData(path, toServerCart(cartActions.get()), 'PUT').then(() => undefined);
  return {
    build: 'stand-in',
    load: async () => {
      const stored = await read(path);
      if (stored) cartActions.replaceCart(stored);
    },
    flush: save,
    hasPendingUpload: () => false,
    adoptAccount: async (auth) => {
      const anonymous = cartActions.get();
      path = accountCartPath(auth.userAccountUid);
      const stored = await read(path);
      setAuth({ ...auth, justSignedIn: false });
      cartActions.replaceCart(stored ? mergeCarts(stored, anonymous) : anonymous);
      await save();
      await setData(anonymousCartPath(sessionUid), { totalQuantity: 0 }, 'PUT');
    },
    leaveAccount: async (auth) => {
      path = anonymousCartPath(sessionUid);
      setAuth({ ...auth, signedOutByLogout: false });
      cartActions.replaceCart((await read(path)) ?? EMPTY_CART);
    },
    stop: () => undefined,
  };
}

/** Puts a basket on the server for the session (anonymous) or the account, as a real visit would. */
export function seedBasket(
  db: FakeDatabase,
  products: { id: string; quantity: number; size?: string }[],
  where: { accountUid?: string; email?: string } = {},
): void {
  const map = Object.fromEntries(products.map((p) => [p.size ? `${p.id}_${p.size}` : p.id, p]));
  const totalQuantity = products.reduce((sum, p) => sum + p.quantity, 0);
  const cart = { products: map, totalQuantity };
  if (where.accountUid) {
    db.set('users/anonymousTokens/session-1', {
      isSignedIn: { status: true },
      credentials: { email: where.email ?? '', userAccountUid: where.accountUid },
      anonymousCart: { totalQuantity: 0 },
    });
    db.set(`users/validated/${where.accountUid}/userCart`, cart);
  } else {
    db.set('users/anonymousTokens/session-1', { anonymousCart: cart });
  }
}

export function uninstallFakeBackend(): void {
  standInBasket?.unsubscribe();
  standInBasket = null;
  setDatabaseFetch(null);
  setAuthBackend(null);
}
