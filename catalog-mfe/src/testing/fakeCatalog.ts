// Test double at the HTTP boundary: a tiny in-memory catalog answering the Realtime Database REST
// paths the catalog reads, plus a signed-out auth backend. Pages and loaders run for real on top.
import {
  EMPTY_CART,
  bus,
  setAuthBackend,
  setDatabaseFetch,
  type AuthBackend,
  type Product,
} from '@shop/shared';
import { forgetCatalogCache, type Collection } from '../catalog/catalogApi';

export const PRODUCTS: Product[] = [
  {
    id: 'p1',
    name: 'Trail Runner Sneaker',
    imageUrl: '/images/products/p1.svg',
    alt: 'Grey trail running sneaker',
    annotation: 'Sneakers',
    originalPrice: 120,
    discountedPrice: 89.99,
    description: 'Grippy and light.',
    category: 'men',
    collection: 'fall',
    type: 'sneakers',
    sizes: ['42', '41', '43'],
    colours: ['grey', 'black'],
    createdAt: 3,
  },
  {
    id: 'p2',
    name: 'Linen Summer Dress',
    imageUrl: '/images/products/p2.svg',
    alt: 'White linen dress',
    annotation: 'Dresses',
    originalPrice: 80,
    discountedPrice: 80,
    description: 'Cool in the heat.',
    category: 'women',
    collection: 'spring',
    type: 'dresses',
    sizes: ['S', 'M', 'XS'],
    colours: ['white'],
    createdAt: 5,
  },
  {
    id: 'p3',
    name: 'Wool Overcoat',
    imageUrl: '/images/products/p3.svg',
    alt: 'Camel wool overcoat',
    annotation: 'Outerwear',
    originalPrice: 240,
    discountedPrice: 199.5,
    description: 'Warm and sharp.',
    category: 'men',
    collection: 'fall',
    type: 'coats',
    sizes: ['M', 'L'],
    colours: ['camel'],
    createdAt: 1,
  },
  {
    id: 'p4',
    name: 'Canvas Tote Bag',
    imageUrl: '/images/products/p4.svg',
    alt: 'Natural canvas tote bag',
    annotation: 'Accessories',
    originalPrice: 30,
    discountedPrice: 24,
    description: 'Carries everything.',
    category: 'women',
    collection: 'spring',
    type: 'bags',
    sizes: [],
    colours: ['natural'],
    createdAt: 4,
  },
];

export const COLLECTIONS: Record<string, Collection> = {
  fall: {
    id: 'fall',
    title: 'Fall Layers',
    description: 'Wool and warmth.',
    imageUrl: '/images/collections/fall.svg',
    order: 1,
  },
  spring: {
    id: 'spring',
    title: 'Spring Light',
    description: 'Linen and air.',
    imageUrl: '/images/collections/spring.svg',
    order: 2,
  },
};

/** What the database stores: a map keyed by id, and no empty arrays (the real one drops them). */
function stored(products: readonly Product[]) {
  return Object.fromEntries(
    products.map((p) => {
      const copy: Partial<Product> = { ...p };
      if (p.sizes.length === 0) delete copy.sizes;
      return [p.id, copy];
    }),
  );
}

const signedOut: AuthBackend = {
  sessionReady: async () => undefined,
  accountReady: async () => undefined,
  sessionUser: () => null,
  accountUser: () => null,
  signInAnonymously: async () => {
    throw new Error('not in tests');
  },
  createAccount: async () => {
    throw new Error('not in tests');
  },
  signInAccount: async () => {
    throw new Error('not in tests');
  },
  signOutAccount: async () => undefined,
  updateAccountEmail: async () => undefined,
  updateAccountPassword: async () => undefined,
  reauthenticateAccount: async () => undefined,
  sendPasswordResetEmail: async () => undefined,
  verifyPasswordResetCode: async () => {
    throw new Error('not in tests');
  },
  confirmPasswordReset: async () => undefined,
};

export interface FakeCatalog {
  /** Paths asked for, e.g. "catalog/products/p1". */
  requests: string[];
  /** The URLs as they were asked for (what a preload must match). */
  urls: string[];
}

export function installFakeCatalog(
  options: { products?: readonly Product[]; failing?: boolean } = {},
): FakeCatalog {
  const products = stored(options.products ?? PRODUCTS);
  const tree = { catalog: { products, collections: COLLECTIONS } };
  const requests: string[] = [];
  const urls: string[] = [];
  forgetCatalogCache();
  bus.cart$.next(EMPTY_CART);
  setAuthBackend(signedOut);
  setDatabaseFetch(async (input) => {
    const path = decodeURIComponent(
      new URL(input).pathname.replace(/^\//, '').replace(/\.json$/, ''),
    );
    requests.push(path);
    urls.push(input);
    if (options.failing)
      return new Response(JSON.stringify({ error: 'Service unavailable' }), { status: 503 });
    let node: unknown = tree;
    for (const segment of path.split('/')) {
      node =
        node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined;
    }
    return new Response(JSON.stringify(node ?? null), { status: 200 });
  });
  return { requests, urls };
}

export function uninstallFakeCatalog(): void {
  setDatabaseFetch(null);
  setAuthBackend(null);
  forgetCatalogCache();
  bus.cart$.next(EMPTY_CART);
}
