// Test double at the HTTP boundary: a tiny in-memory catalog answering the Realtime Database REST
// paths the catalog reads and the catalog query service's `GET /v1/products`, `/v1/home` and
// `/v1/products/{id}/related` (decision 3601, a small model of it computed from the same
// products), plus a signed-out auth backend. Pages and loaders run for real on top. The real service is exercised by the e2e.
import {
  EMPTY_CART,
  bus,
  setAuthBackend,
  setDatabaseFetch,
  type AuthBackend,
  type Product,
} from '@shop/shared';
import { parseProductQuery, type ProductQuery } from '../browse/productQuery';
import { forgetCatalogCache, type Collection } from '../catalog/catalogApi';
import { toProductCard } from '../catalog/productCard';
import {
  DEFAULT_PER_PAGE,
  pageNumber,
  pageSize,
  searchRefusal,
  type FacetCount,
  type HomeResult,
  type ListingFacets,
  type ListingResult,
  type RelatedResult,
} from '../catalog/catalogQuery';

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

/**
 * What some records store beyond a Product (decision 5101): the trail runner's euro prices and
 * German texts, the fall collection's German title. The others are sold in US dollars only.
 */
const STORED_EXTRAS: Record<string, object> = {
  p1: {
    prices: { EUR: { originalPrice: 109.95, discountedPrice: 82.46 } },
    translations: { de: { name: 'Trail-Sneaker', colours: ['Grau', 'Schwarz'] } },
  },
};
const STORED_COLLECTIONS = {
  ...COLLECTIONS,
  fall: { ...COLLECTIONS.fall, translations: { de: { title: 'Herbstlagen' } } },
};

/** What the database stores: a map keyed by id, and no empty arrays (the real one drops them). */
function stored(products: readonly Product[]) {
  return Object.fromEntries(
    products.map((p) => {
      const copy: Partial<Product> = { ...p, ...STORED_EXTRAS[p.id] };
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
  sendAccountVerificationEmail: async () => undefined,
  reloadAccount: async () => null,
};

/**
 * `count` plain products for long lists: "Product 01" is the newest; odd ones are men's and in
 * the fall collection, even ones women's and in spring; prices rise with the number.
 */
export function manyProducts(count: number): Product[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    const odd = i % 2 === 0;
    return {
      id: `m${n}`,
      name: `Product ${n}`,
      imageUrl: `/images/products/m${n}.svg`,
      alt: `Product ${n}`,
      annotation: 'Tops',
      originalPrice: 10 + i,
      discountedPrice: 10 + i,
      description: 'Plain.',
      category: odd ? 'men' : 'women',
      collection: odd ? 'fall' : 'spring',
      type: 'tops',
      sizes: ['S', 'M'],
      colours: ['blue'],
      createdAt: 1_000 - i,
    };
  });
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const wordsOf = (text: string) =>
  fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
/** A word and its plural match alike ("dresses" ~ "dress"). */
const stem = (word: string) => (word.length > 3 ? word.replace(/(es|s)$/, '') : word);

/** Typos the fake forgives, as the service's engine would: as typed → as indexed. */
const CORRECTIONS: Record<string, string> = { sneakr: 'sneaker', overcot: 'overcoat' };

function searchable(product: Product): string[] {
  return wordsOf(
    [
      product.name,
      product.type ?? '',
      product.annotation,
      product.description,
      product.category,
      product.collection,
      ...product.colours,
    ].join(' '),
  );
}

/** Every word of the search starts a word of the product (the engine's prefix match, roughly). */
function matches(product: Product, words: readonly string[]): boolean {
  const own = searchable(product);
  return words.every((word) => own.some((w) => w.startsWith(stem(word))));
}

const inName = (product: Product, words: readonly string[]) =>
  words.some((word) => wordsOf(product.name).some((w) => w.startsWith(stem(word))));

const sizesInStock = (p: Product) =>
  p.stock ? p.sizes.filter((size) => (p.stock?.[size] ?? 0) > 0) : p.sizes;

/** Something left to buy: a product without stock figures is not tracked, so it is available. */
const available = (p: Product) =>
  !p.stock ||
  (p.sizes.length > 0
    ? sizesInStock(p).length > 0
    : Object.values(p.stock).some((left) => left > 0));

const byNewest = (a: Product, b: Product) =>
  b.createdAt - a.createdAt || a.name.localeCompare(b.name);
const ORDERS = {
  newest: byNewest,
  'price-asc': (a: Product, b: Product) =>
    a.discountedPrice - b.discountedPrice || a.name.localeCompare(b.name),
  'price-desc': (a: Product, b: Product) =>
    b.discountedPrice - a.discountedPrice || a.name.localeCompare(b.name),
};

function counted(values: readonly string[]): FacetCount[] {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== '') counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

type Dimension = keyof ListingFacets;
const passes: Record<Dimension, (p: Product, q: ProductQuery) => boolean> = {
  category: (p, q) => q.category === '' || p.category === q.category,
  collection: (p, q) => q.collection === '' || p.collection === q.collection,
  type: (p, q) => q.type === '' || p.type === q.type,
  size: (p, q) => q.size === '' || sizesInStock(p).includes(q.size),
};
const DIMENSIONS = Object.keys(passes) as Dimension[];

class Refused extends Error {}

/** `GET /v1/products`: the service's answer, by the contract of catalogQuery.ts. */
export function fakeListing(products: readonly Product[], params: URLSearchParams): ListingResult {
  const refusal = searchRefusal(params.get('q') ?? '');
  if (refusal !== null) throw new Refused(refusal);
  const pageText = params.get('page');
  const page = pageText === null ? 1 : pageNumber(pageText);
  if (page === null) throw new Refused('page must be a whole number');
  const perText = params.get('per');
  const perPage = perText === null ? DEFAULT_PER_PAGE : pageSize(perText);
  if (perPage === null) throw new Refused('per must be 24 or 48');
  const query = parseProductQuery(params);
  let words = wordsOf(query.search);
  let candidates = [...products];
  let correctedSearch: string | undefined;
  if (words.length > 0) {
    let found = candidates.filter((p) => matches(p, words));
    if (found.length === 0) {
      const corrected = words.map((word) => CORRECTIONS[word] ?? word);
      found = candidates.filter((p) => matches(p, corrected));
      if (found.length > 0) {
        correctedSearch = corrected.join(' ');
        words = corrected;
      }
    }
    candidates = found;
  }
  const priced = candidates.filter(
    (p) =>
      (query.minPrice === null || p.discountedPrice >= query.minPrice) &&
      (query.maxPrice === null || p.discountedPrice <= query.maxPrice),
  );
  const matching = priced.filter((p) => DIMENSIONS.every((d) => passes[d](p, query)));
  if (query.sort === 'relevance' && words.length > 0) {
    const named = matching.filter((p) => inName(p, words));
    matching.splice(0, matching.length, ...named, ...matching.filter((p) => !named.includes(p)));
  } else {
    matching.sort(ORDERS[query.sort === 'relevance' ? 'newest' : query.sort]);
  }
  // Each dimension counted over the products every other filter lets through.
  const others = (d: Dimension) =>
    priced.filter((p) => DIMENSIONS.every((o) => o === d || passes[o](p, query)));
  const facets: ListingFacets = {
    category: counted(others('category').map((p) => p.category)),
    collection: counted(others('collection').map((p) => p.collection)),
    type: counted(others('type').map((p) => p.type ?? '')),
    size: counted(others('size').flatMap(sizesInStock)),
  };
  return {
    total: matching.length,
    page,
    perPage,
    pageCount: Math.ceil(matching.length / perPage),
    products: matching.slice((page - 1) * perPage, page * perPage).map(toProductCard),
    facets,
    ...(correctedSearch === undefined ? {} : { correctedSearch }),
  };
}

/** `GET /v1/home`: the newest, the best reductions (newest first among equals), the counts. */
export function fakeHome(products: readonly Product[]): HomeResult {
  const newest = [...products].sort(byNewest);
  const off = (p: Product) => (p.originalPrice > 0 ? 1 - p.discountedPrice / p.originalPrice : 0);
  return {
    newArrivals: newest.slice(0, 8).map(toProductCard),
    featured: newest
      .filter((p) => off(p) > 0)
      .sort((a, b) => off(b) - off(a))
      .slice(0, 8)
      .map(toProductCard),
    collections: counted(products.map((p) => p.collection)),
  };
}

/** The service's bounds on `?limit=` of the related products. */
const RELATED_LIMITS = { min: 1, max: 12, default: 4 };

/**
 * `GET /v1/products/{id}/related`: in the product's category, available, not itself; the same
 * type first, then the same collection, each newest first. Null for an unknown id (404).
 */
export function fakeRelated(
  products: readonly Product[],
  id: string,
  params: URLSearchParams,
): RelatedResult | null {
  const limitText = params.get('limit');
  const limit = limitText === null ? RELATED_LIMITS.default : Number(limitText);
  if (!Number.isInteger(limit) || limit < RELATED_LIMITS.min || limit > RELATED_LIMITS.max) {
    throw new Refused(`limit must be a whole number from 1 to ${RELATED_LIMITS.max}`);
  }
  const self = products.find((p) => p.id === id);
  if (!self) return null;
  const others = [...products]
    .sort(byNewest)
    .filter((p) => p.id !== self.id && p.category === self.category && available(p));
  const sameType = (p: Product) => (self.type ?? '') !== '' && p.type === self.type;
  const sameCollection = (p: Product) => !sameType(p) && p.collection === self.collection;
  return {
    products: [...others.filter(sameType), ...others.filter(sameCollection)]
      .slice(0, limit)
      .map(toProductCard),
  };
}

export interface FakeCatalog {
  /** Database paths asked for, e.g. "catalog/products/p1". */
  requests: string[];
  /** The database URLs as they were asked for (what a preload must match). */
  urls: string[];
  /** What the query service was asked, path and query: "/v1/products?category=men". */
  service: string[];
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

let realFetch: typeof fetch | null = null;

export function installFakeCatalog(
  options: {
    products?: readonly Product[];
    /** The database and the query service both answer 503. */
    failing?: boolean;
    /** Only the query service answers 503. */
    serviceDown?: boolean;
  } = {},
): FakeCatalog {
  const all = options.products ?? PRODUCTS;
  const products = stored(all);
  const tree = { catalog: { products, collections: STORED_COLLECTIONS } };
  const requests: string[] = [];
  const urls: string[] = [];
  const service: string[] = [];
  forgetCatalogCache();
  bus.cart$.next(EMPTY_CART);
  setAuthBackend(signedOut);
  setDatabaseFetch(async (input, init) => {
    // The query service's reads come this way too (the page's shop context): to the service fake
    // below.
    if (new URL(input).pathname.startsWith('/v1/')) return globalThis.fetch(input, init);
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
  realFetch ??= globalThis.fetch;
  // The catalog's pages fetch nothing but the service (the database goes through its own fetch).
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.pathname.startsWith('/v1/')) throw new Error(`Unexpected fetch in a test: ${url}`);
    const signal = init?.signal;
    if (signal?.aborted) throw signal.reason;
    service.push(url.pathname + url.search);
    if (options.failing || options.serviceDown) {
      return json({ error: 'The catalog is being indexed' }, 503);
    }
    try {
      if (url.pathname === '/v1/products') return json(fakeListing(all, url.searchParams));
      if (url.pathname === '/v1/home') return json(fakeHome(all));
      const relatedPath = /^\/v1\/products\/([^/]+)\/related$/.exec(url.pathname);
      if (relatedPath) {
        const related = fakeRelated(all, decodeURIComponent(relatedPath[1]!), url.searchParams);
        return related ? json(related) : json({ error: 'No product with that id' }, 404);
      }
    } catch (error) {
      if (error instanceof Refused) return json({ error: error.message }, 400);
      throw error;
    }
    return json({ error: 'Not found' }, 404);
  };
  return { requests, urls, service };
}

export function uninstallFakeCatalog(): void {
  setDatabaseFetch(null);
  setAuthBackend(null);
  if (realFetch) globalThis.fetch = realFetch;
  realFetch = null;
  forgetCatalogCache();
  bus.cart$.next(EMPTY_CART);
}
