// The catalog's in-memory index (decision 3601): every product once, as the JSON a page is sent,
// plus what filters, sorts, facet counts and search need. A change of one product updates that
// product's entries (its place in each sort order, its search document), never the whole index.
import type { Language, Product } from '@shop/shared';
// The stock rules alone (not the package's index): decision 1406's one-size key and untracked stock.
import { stockLeft } from '@shop/shared/catalog/stock';
import { CARD_FIELDS, beyondProductCard, toProductCard } from '../../src/catalog/productCard';
import { parseProductQuery, type ProductQuery, type SortKey } from '../../src/browse/productQuery';
import type { FacetCount, HomeResult, ListingFacets } from '../../src/catalog/catalogQuery';
import {
  createProductSearch,
  searchedHash,
  type ProductSearch,
  type ProductSearchResult,
} from '../../src/search/productSearch';

/** A product as the index keeps it: its page JSON and the fields queries read. */
interface Entry {
  id: string;
  /**
   * `JSON.stringify(toProductCard(product))`: what a listing is sent, kept as text (a third of
   * the objects' size); `detail` holds the record's other fields, for the feed's partial writes.
   * In an index whose cards are written over another's (`cardsOn`), only the fields that differ
   * from that index's card: the market's prices, and its texts where they are not the same.
   */
  card: string;
  /** '' in an index that does not keep records (another market's: the root market's does). */
  detail: string;
  /** What search reads of it, as a number (`searchedHash`): a change of it is a new document. */
  searched: number;
  name: string;
  /** Category, collection, type ('' for none) as codes of the index's dictionaries. */
  categoryCode: number;
  collectionCode: number;
  typeCode: number;
  /** The sizes with stock left (every size when its stock is not tracked), as codes. */
  sizeCodes: Int32Array;
  /** Some size (or its one size) can still be bought. */
  available: boolean;
  price: number;
  createdAt: number;
  /** Share off the original price (0..1): the home page's highlights. */
  reduction: number;
  /** The search whose matches are walked in a sort order marked this entry (see `inOrder`). */
  mark: number;
}

type OrderKey = 'newest' | 'price-asc' | 'price-desc';
/** Past this many products in one write, sorting again beats placing each (a splice each). */
const BULK_CHANGES = 500;
/** Search results kept while what search finds is unchanged (the texts asked most recently). */
const SEARCHES_KEPT = 500;
const ORDER_KEYS: readonly OrderKey[] = ['newest', 'price-asc', 'price-desc'];

/** A total order for each sort (ties by name, then id), so every entry has exactly one place. */
const COMPARE: Record<OrderKey, (a: Entry, b: Entry) => number> = {
  newest: (a, b) => b.createdAt - a.createdAt || byName(a, b),
  'price-asc': (a, b) => a.price - b.price || byName(a, b),
  'price-desc': (a, b) => b.price - a.price || byName(a, b),
};
function byName(a: Entry, b: Entry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Values of one field as small numbers (codes are never reused: a dictionary only grows). */
class Dictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();
  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.codes.set(value, code);
    }
    return code;
  }
  /** The code of a value asked for by a query: -2 (matches nothing) when no product has it. */
  find(value: string): number {
    return value === '' ? -1 : (this.codes.get(value) ?? -2);
  }
}

interface Dictionaries {
  category: Dictionary;
  collection: Dictionary;
  type: Dictionary;
  size: Dictionary;
}

/**
 * One array per set of sizes in stock, shared by every entry with that set (entries only read
 * them): a typed array costs more than its few numbers, and a catalog has few such sets.
 */
const sizeSets = new Map<string, Int32Array>();
function sizeSet(codes: Int32Array): Int32Array {
  const key = codes.join(',');
  const known = sizeSets.get(key);
  if (known) return known;
  // Bounded: past this many sets, new ones are kept by their entries alone.
  if (sizeSets.size < 10_000) sizeSets.set(key, codes);
  return codes;
}

/** Stock left, or any number above 0 when the product's stock is not tracked. */
const left = (product: Product, size?: string) => stockLeft(product, size) ?? 1;

/** How an index reads its products: their language, and whether it keeps whole records. */
export interface CatalogIndexOptions {
  /** The language of its products' texts (decision 5101): search tokenises and stems by it. */
  language?: Language;
  /** False: `product(id)` answers null, and each entry is its card alone (another market's). */
  keepsRecords?: boolean;
  /**
   * The index whose search this one asks (another market of the same language, whose products
   * read the same words): it keeps no search of its own, and the matches it has not are skipped.
   */
  searchesWith?: CatalogIndex;
  /**
   * The index (the root market's) whose cards this one's are written over: each entry keeps only
   * what differs in its market (prices, translated texts), and a card is made whole when it is
   * answered (a page of cards at most, and answers are kept): a third market costs a fraction of
   * its cards' text.
   */
  cardsOn?: CatalogIndex;
}

/** The card fields a market may change (decision 5101): the others are the record's own. */
const MARKET_FIELDS = [
  'name',
  'alt',
  'annotation',
  'originalPrice',
  'discountedPrice',
  'colourLabels',
] as const;

/** The card of `product`, as text: whole, or what differs from `base`'s card. */
function cardText(product: Product, base: Product | undefined): string {
  const card = toProductCard(product);
  if (!base) return JSON.stringify(card);
  const differs: Partial<typeof card> = {};
  for (const field of MARKET_FIELDS) {
    const value = card[field];
    if (field === 'originalPrice' || field === 'discountedPrice' || value !== base[field]) {
      (differs as Record<string, unknown>)[field] = value;
    }
  }
  return JSON.stringify(differs);
}

function toEntry(
  product: Product,
  dictionaries: Dictionaries,
  options: Required<Omit<CatalogIndexOptions, 'searchesWith' | 'cardsOn'>>,
  english?: Product,
  cardsOnRoot = false,
): Entry {
  const sizesInStock = product.sizes.filter((size) => left(product, size) > 0);
  return {
    id: product.id,
    card: cardText(product, cardsOnRoot ? english : undefined),
    detail: options.keepsRecords ? JSON.stringify(beyondProductCard(product)) : '',
    searched: searchedHash(product, english, options.language),
    name: product.name.toLowerCase(),
    categoryCode: dictionaries.category.code(product.category),
    collectionCode: dictionaries.collection.code(product.collection),
    typeCode: dictionaries.type.code(product.type ?? ''),
    sizeCodes: sizeSet(Int32Array.from(sizesInStock, (size) => dictionaries.size.code(size))),
    available: product.sizes.length > 0 ? sizesInStock.length > 0 : left(product) > 0,
    price: product.discountedPrice,
    createdAt: product.createdAt,
    reduction: product.originalPrice > 0 ? 1 - product.discountedPrice / product.originalPrice : 0,
    mark: 0,
  };
}

/** The whole record an entry was made from. */
const recordOf = (entry: Entry): Product =>
  ({ ...JSON.parse(entry.card), ...JSON.parse(entry.detail) }) as Product;

/** The insertion point of `entry` in `order` (binary search on the order's total order). */
function placeOf(order: readonly Entry[], entry: Entry, compare: (a: Entry, b: Entry) => number) {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(order[mid]!, entry) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** What a listing query found: the page's entries' JSON and the counts around it. */
export interface ListingPage {
  total: number;
  /** The JSON of the products on the asked slice. */
  products: string[];
  facets: ListingFacets;
  correctedSearch?: string;
}

/** Counts by code, named by the dictionary: the values with products, by value. */
function namedCounts(dictionary: Dictionary, counts: Int32Array): FacetCount[] {
  return dictionary.values
    .map((value, code) => ({ value, count: counts[code] ?? 0 }))
    .filter(({ value, count }) => value !== '' && count > 0)
    .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/** A whole catalog being read product by product; the index serves the old one until `finish`. */
export interface CatalogLoad {
  /**
   * `english`: the root market's product (English, US dollars), in another market's index: its
   * words are searched too in another language, and a card written over the root's keeps less.
   */
  add(product: Product, english?: Product): void;
  finish(): void;
}

export class CatalogIndex {
  private readonly options: Required<Omit<CatalogIndexOptions, 'searchesWith' | 'cardsOn'>>;
  private readonly searchOwner: CatalogIndex | undefined;
  private readonly cardsOn: CatalogIndex | undefined;
  private entries = new Map<string, Entry>();
  private readonly orders: Record<OrderKey, Entry[]> = {
    newest: [],
    'price-asc': [],
    'price-desc': [],
  };
  private search: ProductSearch;
  private readonly dictionaries: Dictionaries = {
    category: new Dictionary(),
    collection: new Dictionary(),
    type: new Dictionary(),
    size: new Dictionary(),
  };
  /** Grows with every change: answers computed at an older version are stale. */
  version = 0;
  private readonly searches = new Map<string, ProductSearchResult>();
  /** Grows when what search finds may change (a product's searched text, added, removed). */
  private searchGeneration = 0;
  private searchesGeneration = 0;
  /** The last mark given to a search's matches (`inOrder`). */
  private marks = 0;

  constructor({
    language = 'en',
    keepsRecords = true,
    searchesWith,
    cardsOn,
  }: CatalogIndexOptions = {}) {
    this.options = { language, keepsRecords };
    this.searchOwner = searchesWith;
    this.cardsOn = cardsOn;
    this.search = createProductSearch([], language);
  }

  /**
   * The entry of `product`; `english` is the root market's product (English, US dollars), whose
   * words another language's search finds it by and whose card another market's is written over.
   */
  private entryOf(product: Product, english?: Product): Entry {
    const onRoot = this.cardsOn !== undefined && english !== undefined;
    return toEntry(product, this.dictionaries, this.options, english, onRoot);
  }

  /** The card an entry answers, whole (written over the root market's when it is kept so). */
  private cardOf(entry: Entry): string {
    const base = this.cardsOn?.entries.get(entry.id)?.card;
    if (base === undefined) return entry.card;
    const card = { ...(JSON.parse(base) as Record<string, unknown>), ...JSON.parse(entry.card) };
    const ordered: Record<string, unknown> = {};
    for (const field of CARD_FIELDS) if (card[field] !== undefined) ordered[field] = card[field];
    return JSON.stringify(ordered);
  }

  /** The language its products are read and searched in. */
  get language(): Language {
    return this.options.language;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Replaces the whole catalog (the feed's first snapshot, or a write of the whole node). */
  load(products: Iterable<Product>): void {
    const loading = this.startLoad();
    for (const product of products) loading.add(product);
    loading.finish();
  }

  /**
   * Replaces the whole catalog as its products arrive one by one: no list of every product is
   * ever held (the feed reads a snapshot member by member), and shoppers get the old catalog
   * until the new one is complete.
   */
  startLoad(): CatalogLoad {
    const entries = new Map<string, Entry>();
    const search = this.searchOwner ? null : createProductSearch([], this.options.language);
    return {
      add: (product, english) => {
        entries.set(product.id, this.entryOf(product, english));
        search?.put(product, english);
      },
      finish: () => {
        this.entries = entries;
        if (search) this.search = search;
        this.sortOrders();
        this.version += 1;
        this.searchGeneration += 1;
      },
    };
  }

  /**
   * Several products changed at once (one write of many): each is placed on its own while that is
   * cheaper than sorting again; a bulk load (a catalog import) sorts each order once instead.
   */
  apply(
    changes: ReadonlyMap<string, Product | null>,
    /** In another market's index: the changed products in the root market (see `add`). */
    english?: ReadonlyMap<string, Product | null>,
  ): void {
    if (changes.size <= BULK_CHANGES) {
      for (const [id, product] of changes) {
        if (product) this.put(product, english?.get(id) ?? undefined);
        else this.remove(id);
      }
      return;
    }
    let searchChanged = false;
    for (const [id, product] of changes) {
      if (product) {
        const inEnglish = english?.get(id) ?? undefined;
        const entry = this.entryOf(product, inEnglish);
        const alike = this.entries.get(id)?.searched === entry.searched;
        this.entries.set(id, entry);
        if (!alike && !this.searchOwner) {
          this.search.put(product, inEnglish);
          searchChanged = true;
        }
      } else {
        this.entries.delete(id);
        if (!this.searchOwner) this.search.remove(id);
        searchChanged = true;
      }
    }
    this.sortOrders();
    this.version += 1;
    if (searchChanged) this.searchGeneration += 1;
  }

  /** Every sort order made again from the entries (a load, a write of many products). */
  private sortOrders(): void {
    for (const key of ORDER_KEYS) {
      this.orders[key] = [...this.entries.values()].sort(COMPARE[key]);
    }
  }

  /**
   * One product added or changed: its places, and its search document when its searched text
   * changed (a price or stock change, every order's, keeps the engine and the searches it
   * answered), nothing else.
   */
  put(product: Product, english?: Product): void {
    const entry = this.entryOf(product, english);
    // Searched as its indexed version is (a price or stock change, every order's)?
    const searchedAlike = this.entries.get(product.id)?.searched === entry.searched;
    this.removeEntry(product.id);
    this.entries.set(entry.id, entry);
    for (const key of ORDER_KEYS) {
      const order = this.orders[key];
      order.splice(placeOf(order, entry, COMPARE[key]), 0, entry);
    }
    if (!searchedAlike && !this.searchOwner) {
      this.search.put(product, english);
      this.searchGeneration += 1;
    }
    this.version += 1;
  }

  /** One product removed. */
  remove(id: string): void {
    if (!this.removeEntry(id)) return;
    if (!this.searchOwner) this.search.remove(id);
    this.version += 1;
    this.searchGeneration += 1;
  }

  /** The product's whole record, as indexed (null when unknown, or not kept by this index). */
  product(id: string): Product | null {
    const entry = this.entries.get(id);
    return entry && this.options.keepsRecords ? recordOf(entry) : null;
  }

  /** Whether the index has the product. */
  has(id: string): boolean {
    return this.entries.has(id);
  }

  private removeEntry(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    this.entries.delete(id);
    for (const key of ORDER_KEYS) {
      const order = this.orders[key];
      const at = placeOf(order, entry, COMPARE[key]);
      if (order[at] === entry) order.splice(at, 1);
    }
    return true;
  }

  /**
   * The products matching `query`, in its order, sliced to [offset, offset + limit), with the
   * total and the facet counts. One pass over the candidates: each filter dimension is counted
   * over the products that pass every other filter (a shopper sees what each choice would give).
   */
  list(query: ProductQuery, offset: number, limit: number): ListingPage {
    const searching = query.search.trim() !== '';
    let candidates: Iterable<Entry>;
    let correctedSearch: string | undefined;
    if (searching) {
      const found = this.found(query.search);
      correctedSearch = found.corrected;
      candidates = this.inOrder(found.ids, query.sort);
    } else {
      candidates = this.orders[query.sort === 'relevance' ? 'newest' : query.sort];
    }

    const d = this.dictionaries;
    const want = {
      category: d.category.find(query.category),
      collection: d.collection.find(query.collection),
      type: d.type.find(query.type),
      size: d.size.find(query.size),
    };
    const counts = {
      category: new Int32Array(d.category.values.length),
      collection: new Int32Array(d.collection.values.length),
      type: new Int32Array(d.type.values.length),
      size: new Int32Array(d.size.values.length),
    };
    const { minPrice, maxPrice } = query;
    const page: string[] = [];
    let total = 0;
    for (const entry of candidates) {
      if (
        (minPrice !== null && entry.price < minPrice) ||
        (maxPrice !== null && entry.price > maxPrice)
      )
        continue;
      // Which filter dimension the entry fails: none (a result), exactly one (it counts for that
      // dimension's options only), or more (it counts nowhere).
      const offCategory = want.category !== -1 && entry.categoryCode !== want.category;
      const offCollection = want.collection !== -1 && entry.collectionCode !== want.collection;
      const offType = want.type !== -1 && entry.typeCode !== want.type;
      const offSize = want.size !== -1 && !entry.sizeCodes.includes(want.size);
      if (Number(offCategory) + Number(offCollection) + Number(offType) + Number(offSize) > 1) {
        continue;
      }
      const failed = offCategory ? 1 : offCollection ? 2 : offType ? 3 : offSize ? 4 : 0;
      if (failed === 0 || failed === 1) counts.category[entry.categoryCode]! += 1;
      if (failed === 0 || failed === 2) counts.collection[entry.collectionCode]! += 1;
      if (failed === 0 || failed === 3) counts.type[entry.typeCode]! += 1;
      if (failed === 0 || failed === 4) for (const size of entry.sizeCodes) counts.size[size]! += 1;
      if (failed !== 0) continue;
      if (total >= offset && page.length < limit) page.push(this.cardOf(entry));
      total += 1;
    }
    const facets: ListingFacets = {
      category: namedCounts(d.category, counts.category),
      collection: namedCounts(d.collection, counts.collection),
      type: namedCounts(d.type, counts.type),
      size: namedCounts(d.size, counts.size),
    };
    return correctedSearch === undefined
      ? { total, products: page, facets }
      : { total, products: page, facets, correctedSearch };
  }

  /**
   * What the engine finds for `text`, kept while no product's searched text changed (prices and
   * stock may: the listing pass reads them from the entries): a shopper who sorts,
   * filters or pages through a search asks the engine once (`SEARCHES_KEPT` texts at most).
   */
  private found(text: string): ProductSearchResult {
    // A search asked of another index is as fresh as that index's.
    const owner = this.searchOwner ?? this;
    if (this.searchesGeneration !== owner.searchGeneration) {
      this.searches.clear();
      this.searchesGeneration = owner.searchGeneration;
    }
    const key = text.trim().toLowerCase();
    let found = this.searches.get(key);
    if (!found) {
      found = owner.search.find(text);
      if (this.searches.size >= SEARCHES_KEPT) {
        this.searches.delete(this.searches.keys().next().value!);
      }
      this.searches.set(key, found);
    }
    return found;
  }

  /** The entries of `ids` in the asked order: the engine's (relevance), or a sort order's. */
  private *inOrder(ids: readonly string[], sort: SortKey): Iterable<Entry> {
    if (sort === 'relevance') {
      for (const id of ids) {
        const entry = this.entries.get(id);
        if (entry) yield entry;
      }
      return;
    }
    const order = this.orders[sort];
    // Few matches: sort them; many: walk the kept order (no sort of a large list per request).
    if (ids.length * Math.log2(ids.length + 1) < order.length) {
      const found = ids.flatMap((id) => this.entries.get(id) ?? []);
      yield* found.sort(COMPARE[sort]);
      return;
    }
    // The matches are marked, then the order is walked reading one number per entry: no set of
    // thousands of ids, no string hashed per entry of the catalog.
    const mark = (this.marks += 1);
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry) entry.mark = mark;
    }
    for (const entry of order) if (entry.mark === mark) yield entry;
  }

  /**
   * Runs searches and listings a few times on the catalog's own words (as typed, two words, one
   * typo) and forgets their answers: the engine's code is compiled before the first shopper asks
   * (a first search at 100,000 products took three times as long as the next ones).
   */
  warmUp(rounds = 3): void {
    const words = (this.orders.newest[0]?.name ?? '').split(/\s+/).filter((w) => w.length >= 4);
    if (words.length === 0) return;
    const [word, other = word] = words as [string, ...string[]];
    const texts = [word, `${word} ${other}`, `${word.slice(0, 2)}${word.slice(3)}`];
    for (let round = 0; round < rounds; round += 1) {
      for (const text of texts) {
        for (const sort of ['relevance', 'price-asc']) {
          this.list(parseProductQuery(new URLSearchParams({ q: text, sort })), 0, 24);
        }
        this.searches.clear();
      }
    }
    this.list(parseProductQuery(new URLSearchParams()), 0, 24);
  }

  /** The front door's sets (decision 3601): the newest, the best reductions, the collections. */
  home(
    count: number,
  ): { newArrivals: string[]; featured: string[] } & Pick<HomeResult, 'collections'> {
    const newArrivals: string[] = [];
    const collections = new Int32Array(this.dictionaries.collection.values.length);
    // The best reductions: a bounded list kept sorted while walking the newest order, so ties
    // go to the newest as the home page always showed them.
    const best: Entry[] = [];
    for (const entry of this.orders.newest) {
      collections[entry.collectionCode]! += 1;
      if (!entry.available) continue;
      if (newArrivals.length < count) newArrivals.push(this.cardOf(entry));
      if (entry.reduction <= 0) continue;
      if (best.length === count && best[count - 1]!.reduction >= entry.reduction) continue;
      let at = best.length;
      while (at > 0 && best[at - 1]!.reduction < entry.reduction) at -= 1;
      best.splice(at, 0, entry);
      if (best.length > count) best.pop();
    }
    return {
      newArrivals,
      featured: best.map((entry) => this.cardOf(entry)),
      collections: namedCounts(this.dictionaries.collection, collections),
    };
  }

  /**
   * Up to `count` products to suggest beside `id`: the same type first, then the same collection
   * and category, newest first; never the product itself nor one sold out. The walk stops as soon
   * as the list is full or `scanLimit` entries were looked at, so its cost is bounded.
   */
  related(id: string, count: number, scanLimit = 5_000): string[] | null {
    return this.relatedEntries(id, count, scanLimit)?.map((entry) => this.cardOf(entry)) ?? null;
  }

  /**
   * "Complete the look": products related to any of `ids` (a basket's), taken from each id's
   * related products in turn, so every line contributes; never one of `ids`, each once, at most
   * `count`. Unknown ids are skipped. Bounded: at most `scanLimit` entries looked at in all, shared
   * between the ids.
   */
  relatedToAll(ids: readonly string[], count: number, scanLimit = 5_000): string[] {
    const excluded = new Set(ids);
    const perId = Math.max(1, Math.floor(scanLimit / Math.max(1, ids.length)));
    const lists = ids.map((id) => this.relatedEntries(id, count + ids.length, perId) ?? []);
    const chosen = new Map<string, Entry>();
    for (let rank = 0; chosen.size < count && lists.some((list) => rank < list.length); rank += 1) {
      for (const list of lists) {
        const entry = list[rank];
        if (entry && !excluded.has(entry.id) && !chosen.has(entry.id)) chosen.set(entry.id, entry);
        if (chosen.size >= count) break;
      }
    }
    return [...chosen.values()].map((entry) => this.cardOf(entry));
  }

  private relatedEntries(id: string, count: number, scanLimit: number): Entry[] | null {
    const self = this.entries.get(id);
    if (!self) return null;
    const typed = this.dictionaries.type.values[self.typeCode] !== '';
    const sameType: Entry[] = [];
    const sameCollection: Entry[] = [];
    let looked = 0;
    for (const entry of this.orders.newest) {
      if (sameType.length >= count || looked >= scanLimit) break;
      looked += 1;
      if (entry.id === self.id || !entry.available || entry.categoryCode !== self.categoryCode) {
        continue;
      }
      if (typed && entry.typeCode === self.typeCode) sameType.push(entry);
      else if (entry.collectionCode === self.collectionCode && sameCollection.length < count)
        sameCollection.push(entry);
    }
    return [...sameType, ...sameCollection].slice(0, count);
  }
}
