// Reads the catalog from the database (`catalog/products`, `catalog/collections`) through the
// shared REST helper. Records are normalised here, once, so pages never meet a half-shaped product:
// the Realtime Database drops empty arrays (a product without sizes comes back without `sizes`)
// and may return an array as an object keyed by index.
import { getData, type Product } from '@shop/shared';

export interface Collection {
  id: Product['collection'];
  title: string;
  description: string;
  imageUrl: string;
}

export const COLLECTION_IDS: readonly Product['collection'][] = ['fall', 'spring'];
export const CATEGORY_IDS: readonly Product['category'][] = ['men', 'women'];

/** The catalog could not be read (network, server); pages show a retry, never a crash. */
export class CatalogUnavailableError extends Error {
  constructor(detail: string) {
    super(`We couldn't load the catalog right now. ${detail}`.trim());
    this.name = 'CatalogUnavailableError';
  }
}

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function stringList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
  return items.filter((item): item is string => typeof item === 'string' && item !== '');
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const amount = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : NaN;

/** A stored record as a Product, or null when it lacks what a shopper needs (name, price). */
export function toProduct(key: string, raw: unknown): Product | null {
  if (!isRecord(raw)) return null;
  const originalPrice = amount(raw.originalPrice);
  const discountedPrice = Number.isNaN(amount(raw.discountedPrice))
    ? originalPrice
    : amount(raw.discountedPrice);
  const name = text(raw.name);
  if (!name || Number.isNaN(originalPrice)) return null;
  const category = raw.category === 'women' ? 'women' : 'men';
  const collection = raw.collection === 'spring' ? 'spring' : 'fall';
  const id = text(raw.id) || key;
  return {
    id,
    name,
    imageUrl: text(raw.imageUrl) || `/images/products/${id}.svg`,
    alt: text(raw.alt) || name,
    annotation: text(raw.annotation),
    originalPrice,
    discountedPrice,
    description: text(raw.description),
    category,
    collection,
    sizes: stringList(raw.sizes),
    colours: stringList(raw.colours),
    createdAt: typeof raw.createdAt === 'number' ? raw.createdAt : 0,
  };
}

function toCollection(key: string, raw: unknown): Collection | null {
  if (!isRecord(raw)) return null;
  const id = text(raw.id) || key;
  if (!(COLLECTION_IDS as readonly string[]).includes(id)) return null;
  return {
    id: id as Product['collection'],
    title: text(raw.title) || `${id.charAt(0).toUpperCase()}${id.slice(1)} collection`,
    description: text(raw.description),
    imageUrl: text(raw.imageUrl),
  };
}

async function read<T>(path: string): Promise<T | null> {
  const result = await getData<T>(path);
  if (result.status !== 200) throw new CatalogUnavailableError(result.error.message);
  return result.response;
}

// The catalog is small (tens of products, two collections) and every page needs it, so one read
// serves the pages visited within a short time, and a search typed on a page never reads again.
// A failed read is forgotten at once, so "Try again" really asks the database again.
const FRESH_MS = 30_000;
const cache = new Map<string, { at: number; value: Promise<unknown> }>();

function fresh<T>(key: string): Promise<T> | undefined {
  const entry = cache.get(key);
  return entry && Date.now() - entry.at < FRESH_MS ? (entry.value as Promise<T>) : undefined;
}

function remember<T>(key: string, read: () => Promise<T>): Promise<T> {
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

/** Every product of the catalog, in stored order. */
export function loadProducts(): Promise<Product[]> {
  return remember('products', async () => {
    const raw = await read<unknown>('catalog/products');
    const entries = Array.isArray(raw)
      ? raw.map((value, index) => [String(index), value] as const)
      : Object.entries(isRecord(raw) ? raw : {});
    return entries
      .map(([key, value]) => toProduct(key, value))
      .filter((p): p is Product => p !== null);
  });
}

/** One product, or null when the id is unknown. */
export async function loadProduct(id: string): Promise<Product | null> {
  const list = fresh<Product[]>('products');
  if (list) {
    const cached = (await list.catch(() => [])).find((p) => p.id === id);
    if (cached) return cached;
  }
  // Keys with characters the database forbids can never exist: no need to ask.
  if (!id || /[.#$[\]/]/.test(id)) return null;
  return toProduct(id, await read<unknown>(`catalog/products/${id}`));
}

/** The seasonal collections (fall, spring), in season order. */
export function loadCollections(): Promise<Collection[]> {
  return remember('collections', async () => {
    const raw = await read<unknown>('catalog/collections');
    const record = isRecord(raw) ? raw : {};
    return COLLECTION_IDS.map((id) => toCollection(id, record[id])).filter(
      (c): c is Collection => c !== null,
    );
  });
}

/** One collection; a missing record still gets a sensible title so the page can show products. */
export async function loadCollection(id: Product['collection']): Promise<Collection> {
  const raw = await read<unknown>(`catalog/collections/${id}`);
  return (
    toCollection(id, raw) ?? {
      id,
      title: `${id.charAt(0).toUpperCase()}${id.slice(1)} collection`,
      description: '',
      imageUrl: '',
    }
  );
}
