// A big catalog for scale work: `npm run seed -- --products 20000` makes the running
// database's `catalog/products` hold exactly N products, the 45 hand-made ones of
// database/seed/catalog.json plus N-45 derived from them. Derivation is pure and keyed by the
// product id (no clock, no global random state), so the same N always gives byte-identical
// records, and growing or shrinking N keeps the records both sizes share.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_URLS, ROOT } from './apps';

/** A stored product record, as database/seed/catalog.json holds them. */
export interface SeedRecord {
  id: string;
  name: string;
  imageUrl: string;
  alt: string;
  annotation: string;
  originalPrice: number;
  discountedPrice: number;
  description: string;
  type: string;
  category: string;
  collection: string;
  sizes?: string[];
  colours: string[];
  stock?: Record<string, number>;
  createdAt: number;
  /** Its prices in the other markets' currencies (decision 5101). */
  prices?: Record<string, { originalPrice: number; discountedPrice: number }>;
  /** Its German texts (decision 5101). */
  translations?: { de?: GermanTexts };
}

interface GermanTexts {
  name: string;
  description: string;
  annotation: string;
  alt: string;
  colours: string[];
}

export const SEED_CATALOG_PATH = join(ROOT, 'database', 'seed', 'catalog.json');
export const DEFAULT_DATABASE_URL = LOCAL_URLS.database;
/** The database server's defaults (database/src: DEFAULT_MAX_UPDATE_LOCATIONS, DEFAULT_BODY_LIMIT). */
export const MAX_PATCH_LOCATIONS = 1000;
export const MAX_BODY_BYTES = 1024 * 1024;
const ADMIN_HEADERS = { Authorization: 'Bearer owner' };

// prettier-ignore
export const STYLE_WORDS = [
  'Heritage', 'Urban', 'Alpine', 'Coastal', 'Studio', 'Weekend', 'Everyday', 'Vintage', 'Nordic',
  'Atelier', 'Harbour', 'Meadow', 'Summit', 'Metro', 'Riviera', 'Highland', 'Classic', 'Essential',
  'Relaxed', 'Tailored', 'Utility', 'Canyon', 'Prairie', 'Tidal', 'Aurora', 'Drift', 'Cedar',
  'Marina', 'Ember', 'Field',
] as const;

// Colour families (reds, blues, greens, neutrals, browns, yellows, pinks, purples, greys).
// prettier-ignore
export const COLOURS = [
  'Burgundy', 'Wine', 'Brick', 'Scarlet', 'Navy', 'Cobalt', 'Denim blue', 'Sky', 'Teal',
  'Olive', 'Forest', 'Sage', 'Khaki', 'Bottle green', 'Cream', 'Ecru', 'Ivory', 'Oatmeal',
  'Sand', 'Camel', 'Tan', 'Chocolate', 'Cognac', 'Rust', 'Mustard', 'Saffron', 'Butter',
  'Blush', 'Rose', 'Coral', 'Lilac', 'Plum', 'Lavender', 'Charcoal', 'Slate', 'Stone',
  'Heather grey', 'Black', 'White', 'Off-white',
] as const;

/** The colours' German names, one for each of COLOURS (decision 5101). */
// prettier-ignore
export const COLOURS_DE: Readonly<Record<(typeof COLOURS)[number], string>> = {
  Burgundy: 'Bordeaux', Wine: 'Weinrot', Brick: 'Ziegelrot', Scarlet: 'Scharlachrot',
  Navy: 'Marineblau', Cobalt: 'Kobaltblau', 'Denim blue': 'Jeansblau', Sky: 'Himmelblau',
  Teal: 'Petrol', Olive: 'Oliv', Forest: 'Tannengrün', Sage: 'Salbei', Khaki: 'Khaki',
  'Bottle green': 'Flaschengrün', Cream: 'Creme', Ecru: 'Ecru', Ivory: 'Elfenbein',
  Oatmeal: 'Haferbeige', Sand: 'Sand', Camel: 'Camel', Tan: 'Hellbraun', Chocolate: 'Schokobraun',
  Cognac: 'Cognac', Rust: 'Rost', Mustard: 'Senfgelb', Saffron: 'Safrangelb', Butter: 'Buttergelb',
  Blush: 'Zartrosa', Rose: 'Rosé', Coral: 'Koralle', Lilac: 'Flieder', Plum: 'Pflaume',
  Lavender: 'Lavendel', Charcoal: 'Anthrazit', Slate: 'Schiefergrau', Stone: 'Stein',
  'Heather grey': 'Grau meliert', Black: 'Schwarz', White: 'Weiß', 'Off-white': 'Wollweiß',
};

/**
 * A price list's prices for US dollar cents `originalCents` with `discount` percent off (0: none),
 * by the seed's rule (database/seed/generate.ts): euro list prices end in .95, pounds in .99.
 */
export function listPrices(
  originalCents: number,
  discount: number,
): Record<'EUR' | 'GBP', { originalPrice: number; discountedPrice: number }> {
  const price = (listCents: number) => ({
    originalPrice: listCents / 100,
    discountedPrice: Math.round((listCents * (100 - discount)) / 100) / 100,
  });
  return {
    EUR: price(Math.ceil((originalCents * 0.92) / 100) * 100 - 5),
    GBP: price(Math.ceil((originalCents * 0.8) / 100) * 100 - 1),
  };
}

const DISCOUNTS = [10, 15, 20, 25, 30, 40] as const;
const TWO_YEARS_MS = 2 * 365 * 24 * 60 * 60 * 1000;

/** 32-bit FNV-1a of a string: the seed of one record's random stream. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic generator of floats in [0, 1). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T =>
  list[Math.floor(rand() * list.length)] as T;

const article = (word: string): string => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** The noun of a seed's alt text ("…: a navy knit sweater" → "knit sweater"). */
function altNoun(seed: SeedRecord): string {
  const tail = /: an? (.+)$/.exec(seed.alt)?.[1] ?? seed.type;
  const colour = (seed.colours[0] ?? '').toLowerCase();
  return colour && tail.toLowerCase().startsWith(colour + ' ')
    ? tail.slice(colour.length + 1)
    : tail;
}

/** The id of the n-th (1-based) product derived from a seed product. */
export const derivedId = (seedId: string, n: number): string => `${seedId}-v${n}`;

/** One derived product: everything but the id's own numbers comes from the seed product. */
export function deriveProduct(seed: SeedRecord, n: number, newestCreatedAt: number): SeedRecord {
  const id = derivedId(seed.id, n);
  const rand = random(hash(id));
  const colours: string[] = [];
  const colourCount = 1 + Math.floor(rand() * 3);
  while (colours.length < colourCount) {
    const colour = pick(rand, COLOURS);
    if (!colours.includes(colour)) colours.push(colour);
  }
  const primary = colours[0] as string;
  const style = pick(rand, STYLE_WORDS);
  const name = `${style} ${seed.name} in ${primary}`;
  // Prices are computed in cents so they stay exact to the cent (±40% of the seed's).
  const seedCents = Math.round(seed.originalPrice * 100);
  const originalCents = Math.max(100, Math.round(seedCents * (0.6 + rand() * 0.8)));
  const reduced = rand() < 0.3;
  const discount = pick(rand, DISCOUNTS);
  const discountedCents = reduced
    ? Math.round((originalCents * (100 - discount)) / 100)
    : originalCents;
  const annotation = reduced
    ? `-${discount}%`
    : /^-\d+%$/.test(seed.annotation)
      ? 'New in'
      : seed.annotation;
  const createdAt = newestCreatedAt - Math.floor(rand() * TWO_YEARS_MS);
  const record: SeedRecord = {
    id,
    name,
    imageUrl: seed.imageUrl,
    alt: `Illustration of the ${name}: ${article(primary)} ${primary.toLowerCase()} ${altNoun(seed)}`,
    annotation,
    originalPrice: originalCents / 100,
    discountedPrice: discountedCents / 100,
    description: seed.description,
    type: seed.type,
    category: seed.category,
    collection: seed.collection,
    // The database drops empty lists, so a product without sizes is stored without `sizes`.
    ...(seed.sizes && seed.sizes.length > 0 ? { sizes: [...seed.sizes] } : {}),
    colours,
    createdAt,
  };
  if (seed.stock) {
    const stock: Record<string, number> = {};
    // About one size in six sold out; the rest 1..400 left.
    for (const key of Object.keys(seed.stock)) {
      stock[key] = rand() < 0.16 ? 0 : 1 + Math.floor(rand() * 400);
    }
    record.stock = stock;
  }
  // Every market's prices and the German texts, as the seed's records have them (decision 5101).
  record.prices = listPrices(originalCents, reduced ? discount : 0);
  const german = seed.translations?.de;
  if (german) {
    const germanColours = colours.map(
      (colour) => COLOURS_DE[colour as (typeof COLOURS)[number]] ?? colour,
    );
    const germanName = `${style} ${german.name} in ${germanColours[0] ?? ''}`;
    record.translations = {
      de: {
        name: germanName,
        description: german.description,
        annotation: reduced
          ? `-${discount} %`
          : annotation === 'New in'
            ? 'Neu'
            : german.annotation,
        alt: `Illustration: ${germanName}`,
        colours: germanColours,
      },
    };
  }
  return record;
}

export function readSeedProducts(path: string = SEED_CATALOG_PATH): SeedRecord[] {
  const file = JSON.parse(readFileSync(path, 'utf8')) as {
    catalog: { products: Record<string, SeedRecord> };
  };
  return Object.values(file.catalog.products);
}

/**
 * The ids of a catalog of `count` products: the seed ids, then derived ones round-robin over the
 * seeds in id order (`a-v1`, `b-v1`, …, `a-v2`, …), so every size's set contains the smaller ones.
 */
export function catalogIds(seeds: readonly SeedRecord[], count: number): string[] {
  if (!Number.isInteger(count) || count < seeds.length) {
    throw new Error(`a catalog needs at least the ${seeds.length} seed products (asked: ${count})`);
  }
  const ordered = [...seeds].map((s) => s.id).sort();
  const ids = [...ordered];
  for (let i = 0; ids.length < count; i++) {
    ids.push(derivedId(ordered[i % ordered.length] as string, Math.floor(i / ordered.length) + 1));
  }
  return ids;
}

/** The derived products of a catalog of `count` products, by id. */
export function derivedProducts(
  seeds: readonly SeedRecord[],
  count: number,
): Map<string, SeedRecord> {
  const byId = new Map(seeds.map((s) => [s.id, s]));
  const newest = Math.max(...seeds.map((s) => s.createdAt));
  const out = new Map<string, SeedRecord>();
  for (const id of catalogIds(seeds, count).slice(seeds.length)) {
    const match = /^(.*)-v(\d+)$/.exec(id);
    const seed = match ? byId.get(match[1] as string) : undefined;
    if (!match || !seed) throw new Error(`not a derived id: ${id}`);
    out.set(id, deriveProduct(seed, Number(match[2]), newest));
  }
  return out;
}

/**
 * PATCH bodies for `entries` (key → JSON value), each within both server limits: at most
 * `maxLocations` keys and `maxBytes` bytes of UTF-8.
 */
export function patchBodies(
  entries: Iterable<[string, unknown]>,
  maxLocations = MAX_PATCH_LOCATIONS,
  maxBytes = MAX_BODY_BYTES,
): string[] {
  const bodies: string[] = [];
  let parts: string[] = [];
  let bytes = 2; // the braces
  const flush = () => {
    if (parts.length > 0) bodies.push(`{${parts.join(',')}}`);
    parts = [];
    bytes = 2;
  };
  for (const [key, value] of entries) {
    const part = `${JSON.stringify(key)}:${JSON.stringify(value)}`;
    const partBytes = Buffer.byteLength(part);
    if (2 + partBytes > maxBytes)
      throw new Error(`one location alone is over ${maxBytes} bytes: ${key}`);
    if (parts.length >= maxLocations || bytes + 1 + partBytes > maxBytes) flush();
    bytes += partBytes + (parts.length > 0 ? 1 : 0); // the comma before it
    parts.push(part);
  }
  flush();
  return bodies;
}

export interface SeedCatalogOptions {
  /** The database's base URL, e.g. http://127.0.0.1:9000. */
  databaseUrl: string;
  /** How many products the catalog holds afterwards (at least the 45 seed products). */
  products: number;
  log?: (line: string) => void;
  /** Default: database/seed/catalog.json. */
  seedPath?: string;
  /** The server's limits (defaults: the database server's own). */
  maxLocations?: number;
  maxBodyBytes?: number;
}

export interface SeedCatalogResult {
  /** Products written: every derived one, and hand-made ones that were missing. */
  written: number;
  /** Products deleted: present in the database but not in the target set. */
  deleted: number;
  ms: number;
}

async function call(url: string, init: RequestInit): Promise<unknown> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) {
    throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 300)}`);
  }
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * Makes the database's catalog hold exactly `products` products, with the admin credential.
 * Hand-made products already present are left as they are (their stock may have moved with
 * orders); derived ones are always rewritten to their derived values.
 */
export async function seedCatalog(options: SeedCatalogOptions): Promise<SeedCatalogResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const base = `${options.databaseUrl.replace(/\/+$/, '')}/catalog/products.json`;
  const seeds = readSeedProducts(options.seedPath);
  const derived = derivedProducts(seeds, options.products);
  const target = new Set([...seeds.map((s) => s.id), ...derived.keys()]);

  const listed = await call(`${base}?shallow=true`, { headers: ADMIN_HEADERS });
  const present = new Set(listed && typeof listed === 'object' ? Object.keys(listed) : []);
  const missingSeeds = seeds.filter((s) => !present.has(s.id));
  const writes: Array<[string, unknown]> = [
    ...missingSeeds.map((s): [string, unknown] => [s.id, s]),
    ...derived,
  ];
  const deletes = [...present]
    .filter((id) => !target.has(id))
    .map((id): [string, null] => [id, null]);

  const patch = async (bodies: string[], what: string) => {
    let done = 0;
    for (const body of bodies) {
      await call(base, {
        method: 'PATCH',
        headers: { ...ADMIN_HEADERS, 'Content-Type': 'application/json' },
        body,
      });
      done += 1;
      if (done % 20 === 0 || done === bodies.length)
        log(`${what}: ${done}/${bodies.length} PATCHes`);
    }
  };
  const { maxLocations, maxBodyBytes } = options;
  await patch(patchBodies(writes, maxLocations, maxBodyBytes), 'write');
  await patch(patchBodies(deletes, maxLocations, maxBodyBytes), 'delete');
  return { written: writes.length, deleted: deletes.length, ms: performance.now() - started };
}
