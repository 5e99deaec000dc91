// Reads the catalog from the database (`catalog/products`, `catalog/collections`) through the
// shared REST helper. Product records go through the catalog's product reader in @shop/shared
// (one schema at the edge, shared with the basket and the order), so pages never meet a
// half-shaped product: a malformed record is skipped with a logged reason.
import {
  COLLECTION_SLUG,
  getData,
  type Language,
  type Market,
  type Product,
  ROOT_MARKET,
  type ShopContext,
} from '@shop/shared';
import { CatalogUnavailableError } from './catalogQuery';

export { CatalogUnavailableError };

/** A collection of the data (`catalog/collections/{slug}`): adding one needs no build. */
export interface Collection {
  id: string;
  title: string;
  description: string;
  imageUrl: string;
  /** Where it stands among the collections (lower first); without one, after those with one. */
  order: number;
}

export { COLLECTION_SLUG };

import { collectionLabel } from './names';

export { collectionLabel, collectionName } from './names';
export const CATEGORY_IDS: readonly Product['category'][] = ['men', 'women'];

/**
 * The product reader and its schema library load with the first read of products, alongside the
 * read itself, not with the page: a page rendered on the server hydrates with the products the
 * server read and needs neither (decision 1311). If its script cannot load, the catalog is as
 * unreachable as when its data cannot be read: the page offers to try again, and webpack asks
 * for the script again then.
 */
const productReader = () =>
  import(/* webpackChunkName: "product-reader" */ '@shop/shared/catalog/productRecord').catch(
    () => {
      throw new CatalogUnavailableError('');
    },
  );

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A stored record as a Product in `market`'s currency and language (the root market's unless
 * told; decision 5101), or null when it is absent, malformed (logged) or not sold there.
 */
export async function toProduct(
  key: string,
  raw: unknown,
  market: Pick<Market, 'currency' | 'language'> = ROOT_MARKET,
): Promise<Product | null> {
  return (await productReader()).readProductRecord(key, raw, {
    currency: market.currency,
    language: market.language,
  });
}

/**
 * A stored collection in `language`: its `translations.{language}` title and description where
 * it has them (decision 5101), else its own (English) ones.
 */
function toCollection(key: string, raw: unknown, language: Language = 'en'): Collection | null {
  if (!isRecord(raw)) return null;
  const id = text(raw.id) || key;
  if (!COLLECTION_SLUG.test(id)) return null;
  const translations = isRecord(raw.translations) ? raw.translations : {};
  const texts =
    language === 'en' || !isRecord(translations[language]) ? {} : translations[language];
  return {
    id,
    title: text(texts.title) || text(raw.title) || collectionLabel(id),
    description: text(texts.description) || text(raw.description),
    imageUrl: text(raw.imageUrl),
    order: typeof raw.order === 'number' && Number.isFinite(raw.order) ? raw.order : Infinity,
  };
}

async function read<T>(shop: ShopContext, path: string): Promise<T | null> {
  const result = await getData<T>(path, shop.fetchPublic);
  if (result.status !== 200) throw new CatalogUnavailableError(result.error.message);
  return result.response;
}

// Small reads every page may need (the collections, the home page's sets) are kept for a short
// time, so moving between pages does not ask again; lists are asked of the catalog's query
// service page by page (decision 3601) and never kept here. A failed read is forgotten at once,
// so "Try again" really asks again.
// On the shell server one copy of this module serves every shopper: there the server keeps
// public reads itself, for seconds (decision 1302), and this module keeps nothing.
const FRESH_MS = 30_000;
const freshFor = () => (typeof window === 'undefined' ? 0 : FRESH_MS);
const cache = new Map<string, { at: number; value: Promise<unknown> }>();

function fresh<T>(key: string): Promise<T> | undefined {
  const entry = cache.get(key);
  return entry && Date.now() - entry.at < freshFor() ? (entry.value as Promise<T>) : undefined;
}

/** The read kept under `key` while fresh, else `read()` (kept only in the browser). */
export function remember<T>(key: string, read: () => Promise<T>): Promise<T> {
  // On the server nothing is kept: the module is the whole process's, not one shopper's page.
  if (freshFor() === 0) return read();
  const existing = fresh<T>(key);
  if (existing) return existing;
  const value = read();
  const entry = { at: Date.now(), value };
  cache.set(key, entry);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

/** Clears the short-lived cache (tests; after a deploy of new catalog data). */
export function forgetCatalogCache(): void {
  cache.clear();
}

/** One product, or null when the id is unknown. */
export async function loadProduct(shop: ShopContext, id: string): Promise<Product | null> {
  // Keys with characters the database forbids can never exist: no need to ask.
  if (!id || /[.#$[\]/]/.test(id)) return null;
  // The reader loads while the record is read, not after.
  const [raw] = await Promise.all([read<unknown>(shop, `catalog/products/${id}`), productReader()]);
  return toProduct(id, raw, shop.market);
}

/** Every collection in the data, in their order (then by slug). */
export function loadCollections(shop: ShopContext): Promise<Collection[]> {
  const { language } = shop.market;
  return remember(`collections ${language}`, async () => {
    const raw = await read<unknown>(shop, 'catalog/collections');
    const record = isRecord(raw) ? raw : {};
    return Object.entries(record)
      .map(([key, value]) => toCollection(key, value, language))
      .filter((c): c is Collection => c !== null)
      .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  });
}

/** One collection, or null when the data has none at that slug (the page answers 404). */
export async function loadCollection(shop: ShopContext, id: string): Promise<Collection | null> {
  if (!COLLECTION_SLUG.test(id)) return null; // could never be a key: no need to ask
  const raw = await read<unknown>(shop, `catalog/collections/${id}`);
  return toCollection(id, raw, shop.market.language);
}
