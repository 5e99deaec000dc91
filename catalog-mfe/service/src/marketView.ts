// One market's catalog over the entries every market shares (decision 5101): the products sold
// there, priced in its currency, named in its language. It keeps a few numbers per product, by the
// entry's slot (its prices, NaN where it is not sold, and its name for sort ties), and its own
// sort orders; listings, the price filter and price sorting then cost what the root market's do.
// A card in another market is read from the stored record when it is answered (a page of cards
// at most, and answers are kept), never kept.
import type { Language, Product } from '@shop/shared';
import { parseProductQuery, type ProductQuery, type SortKey } from '../../src/browse/productQuery';
import type { HomeResult, ListingFacets } from '../../src/catalog/catalogQuery';
import type { ProductSearchResult } from '../../src/search/productSearch';
import {
  type Dictionaries,
  type Entry,
  namedCounts,
  ORDER_KEYS,
  type OrderKey,
} from './catalogEntry';
import { grown, LazySearch, type SearchSource } from './lazySearch';

/** Search results kept while what search finds is unchanged (the texts asked most recently). */
const SEARCHES_KEPT = 500;

/** What the service asks of a market's catalog. */
export interface MarketCatalog {
  /** Grows with every change: answers computed at an older version are stale. */
  readonly version: number;
  readonly size: number;
  readonly language: Language;
  list(query: ProductQuery, offset: number, limit: number): ListingPage;
  home(
    count: number,
  ): { newArrivals: string[]; featured: string[] } & Pick<HomeResult, 'collections'>;
  related(id: string, count: number, scanLimit?: number): string[] | null;
  relatedToAll(ids: readonly string[], count: number, scanLimit?: number): string[];
  warmUp(rounds?: number): void;
}

/** What a listing query found: the page's entries' JSON and the counts around it. */
export interface ListingPage {
  total: number;
  /** The JSON of the products on the asked slice. */
  products: string[];
  facets: ListingFacets;
  correctedSearch?: string;
}

/** What a market's view reads of the index it shares. */
export interface SharedEntries {
  readonly entries: ReadonlyMap<string, Entry>;
  readonly dictionaries: Dictionaries;
  readonly version: number;
  /** A number no search's matches were marked with before (`inOrder`). */
  nextMark(): number;
}

export interface MarketViewOptions {
  language: Language;
  /** The card of a product sold in the market, as JSON. */
  cardOf(entry: Entry): string;
  search: SearchSource;
  /** The market writes its documents in `search` (a `LazySearch`: the first of its language). */
  writesSearch?: boolean;
}

type Compare = (a: Entry, b: Entry) => number;

/** A product in the root market, and its name in lower case (kept once where a market's is it). */
export interface RootProduct {
  product: Product;
  name: string;
}

/** A market's prices and names, by entry slot. */
class Columns {
  /** What the shopper pays; NaN: not sold in the market. */
  price = new Float64Array(0);
  original = new Float64Array(0);
  /** Its name in lower case: ties of every sort order go by it, then by id. */
  readonly names: string[] = [];
  count = 0;
  /** A total order for each sort, so every entry has exactly one place. */
  readonly compare: Record<OrderKey, Compare>;

  constructor() {
    const byName: Compare = (a, b) => {
      const [x, y] = [this.names[a.slot]!, this.names[b.slot]!];
      return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    };
    this.compare = {
      newest: (a, b) => b.createdAt - a.createdAt || byName(a, b),
      'price-asc': (a, b) => this.price[a.slot]! - this.price[b.slot]! || byName(a, b),
      'price-desc': (a, b) => this.price[b.slot]! - this.price[a.slot]! || byName(a, b),
    };
  }

  sold(slot: number): boolean {
    return slot < this.price.length && !Number.isNaN(this.price[slot]);
  }

  set(slot: number, product: Product, root: RootProduct): void {
    this.price = grown(this.price, slot, NaN);
    this.original = grown(this.original, slot);
    if (Number.isNaN(this.price[slot])) this.count += 1;
    this.price[slot] = product.discountedPrice;
    this.original[slot] = product.originalPrice;
    this.names[slot] = product.name === root.product.name ? root.name : product.name.toLowerCase();
  }

  clear(slot: number): void {
    if (!this.sold(slot)) return;
    this.count -= 1;
    this.price[slot] = NaN;
    this.names[slot] = '';
  }

  /** Share off the original price (0..1): the home page's highlights. */
  reduction(slot: number): number {
    const original = this.original[slot]!;
    return original > 0 ? 1 - this.price[slot]! / original : 0;
  }
}

/** `ascending` (by price, ties by name) by price the other way, ties still by name. */
function byPriceDown(ascending: readonly Entry[], price: Float64Array): Entry[] {
  const down: Entry[] = [];
  for (let end = ascending.length; end > 0;) {
    const top = price[ascending[end - 1]!.slot]!;
    let start = end - 1;
    while (start > 0 && price[ascending[start - 1]!.slot] === top) start -= 1;
    for (let at = start; at < end; at += 1) down.push(ascending[at]!);
    end = start;
  }
  return down;
}

/** The insertion point of `entry` in `order` (binary search on the order's total order). */
function placeOf(order: readonly Entry[], entry: Entry, compare: Compare): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(order[mid]!, entry) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

export class MarketView implements MarketCatalog {
  private columns = new Columns();
  private orders: Record<OrderKey, Entry[]> = { newest: [], 'price-asc': [], 'price-desc': [] };
  private readonly searches = new Map<string, ProductSearchResult>();
  private searchesGeneration = -1;

  constructor(
    private readonly shared: SharedEntries,
    private readonly options: MarketViewOptions,
  ) {}

  get version(): number {
    return this.shared.version;
  }

  get size(): number {
    return this.columns.count;
  }

  get language(): Language {
    return this.options.language;
  }

  /** The search it asks, when it is built on demand and not built yet. */
  get searchToBuild(): LazySearch | null {
    const { search } = this.options;
    return search instanceof LazySearch && !search.isBuilt ? search : null;
  }

  /** The search whose documents it writes (its language's first market's). */
  private get ownSearch(): LazySearch | null {
    const { search, writesSearch } = this.options;
    return writesSearch && search instanceof LazySearch ? search : null;
  }

  /** The market's entry of `id`, when it is sold there. */
  private entry(id: string): Entry | undefined {
    const entry = this.shared.entries.get(id);
    return entry && this.columns.sold(entry.slot) ? entry : undefined;
  }

  /** A whole catalog: each entry with its product in the market (null: not sold there). */
  startLoad() {
    const columns = new Columns();
    const search = this.ownSearch?.startLoad();
    return {
      add: (entry: Entry, product: Product | null, root: RootProduct) => {
        // Not sold here (and not as an earlier record of the same id may have been).
        if (!product) {
          columns.clear(entry.slot);
          search?.drop(entry.id);
          return;
        }
        columns.set(entry.slot, product, root);
        search?.add(entry.id);
      },
      finish: (entries: Iterable<Entry>, rootView?: MarketView) => {
        this.columns = columns;
        this.sortOrders(entries, rootView);
        search?.finish();
      },
    };
  }

  /**
   * Every sort order made again from the entries (a load, a write of many products). Sorted
   * once by price: the other price order is it backwards, ties turned back to their name order.
   * A market whose names are the root market's (`rootView`, sorted first) takes its newest order.
   */
  sortOrders(entries: Iterable<Entry>, rootView?: MarketView): void {
    const { columns } = this;
    const sold = [...entries].filter((entry) => columns.sold(entry.slot));
    const rootNames = rootView?.columns.names;
    const namedAsRoot =
      rootNames !== undefined && sold.every((e) => columns.names[e.slot] === rootNames[e.slot]);
    this.orders.newest =
      rootView && namedAsRoot
        ? rootView.orders.newest.filter((entry) => columns.sold(entry.slot))
        : [...sold].sort(columns.compare.newest);
    const ascending = sold.sort(columns.compare['price-asc']);
    this.orders['price-asc'] = ascending;
    this.orders['price-desc'] = byPriceDown(ascending, columns.price);
  }

  /**
   * Before `entry`'s product is written: its search document's hash, when the market writes one
   * (`LazySearch.hashBefore`).
   */
  beforeWrite(entry: Entry): void {
    this.ownSearch?.hashBefore(entry.slot, entry.id);
  }

  /** `entry`'s product in the market changed (null: not sold there); its places are not. */
  write(entry: Entry, product: Product | null, root: RootProduct | null): void {
    if (product && root) {
      this.columns.set(entry.slot, product, root);
      this.ownSearch?.put(entry.slot, product, root.product);
    } else {
      this.columns.clear(entry.slot);
      this.ownSearch?.remove(entry.slot, entry.id);
    }
  }

  /** `write`, then `entry` in its places (after `unplace` of the entry it replaces). */
  place(entry: Entry, product: Product | null, root: RootProduct | null): void {
    this.write(entry, product, root);
    if (!this.columns.sold(entry.slot)) return;
    for (const key of ORDER_KEYS) {
      const order = this.orders[key];
      order.splice(placeOf(order, entry, this.columns.compare[key]), 0, entry);
    }
  }

  /** `entry` out of the sort orders (its columns still as they were placed). */
  unplace(entry: Entry): void {
    if (!this.columns.sold(entry.slot)) return;
    for (const key of ORDER_KEYS) {
      const order = this.orders[key];
      const at = placeOf(order, entry, this.columns.compare[key]);
      if (order[at] === entry) order.splice(at, 1);
    }
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
    const { total, page, facets } = this.pass(candidates, query, offset, limit);
    return correctedSearch === undefined
      ? { total, products: page, facets }
      : { total, products: page, facets, correctedSearch };
  }

  /** `list`'s one pass: the page, the total and the facet counts. */
  private pass(candidates: Iterable<Entry>, query: ProductQuery, offset: number, limit: number) {
    const d = this.shared.dictionaries;
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
    const prices = this.columns.price;
    const page: string[] = [];
    let total = 0;
    for (const entry of candidates) {
      const price = prices[entry.slot]!;
      if ((minPrice !== null && price < minPrice) || (maxPrice !== null && price > maxPrice)) {
        continue;
      }
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
      if (total >= offset && page.length < limit) page.push(this.options.cardOf(entry));
      total += 1;
    }
    const facets: ListingFacets = {
      category: namedCounts(d.category, counts.category),
      collection: namedCounts(d.collection, counts.collection),
      type: namedCounts(d.type, counts.type),
      size: namedCounts(d.size, counts.size),
    };
    return { total, page, facets };
  }

  /**
   * What the engine finds for `text`, kept while no product's searched text changed (prices and
   * stock may: the listing pass reads them from the columns and entries): a shopper who sorts,
   * filters or pages through a search asks the engine once (`SEARCHES_KEPT` texts at most).
   */
  private found(text: string): ProductSearchResult {
    const { search } = this.options;
    if (this.searchesGeneration !== search.generation) {
      this.searches.clear();
      this.searchesGeneration = search.generation;
    }
    const key = text.trim().toLowerCase();
    let found = this.searches.get(key);
    if (!found) {
      found = search.find(text);
      if (this.searches.size >= SEARCHES_KEPT) {
        this.searches.delete(this.searches.keys().next().value!);
      }
      this.searches.set(key, found);
    }
    return found;
  }

  /**
   * The market's entries of `ids` in the asked order: the engine's (relevance), or a sort
   * order's. A search shared with another market may find products not sold here: skipped.
   */
  private *inOrder(ids: readonly string[], sort: SortKey): Iterable<Entry> {
    if (sort === 'relevance') {
      for (const id of ids) {
        const entry = this.entry(id);
        if (entry) yield entry;
      }
      return;
    }
    const order = this.orders[sort];
    // Few matches: sort them; many: walk the kept order (no sort of a large list per request).
    if (ids.length * Math.log2(ids.length + 1) < order.length) {
      const found = ids.flatMap((id) => this.entry(id) ?? []);
      yield* found.sort(this.columns.compare[sort]);
      return;
    }
    // The matches are marked, then the order is walked reading one number per entry: no set of
    // thousands of ids, no string hashed per entry of the catalog.
    const mark = this.shared.nextMark();
    for (const id of ids) {
      const entry = this.shared.entries.get(id);
      if (entry) entry.mark = mark;
    }
    for (const entry of order) if (entry.mark === mark) yield entry;
  }

  /**
   * Runs searches and listings a few times on the catalog's own words (as typed, two words, one
   * typo) and forgets their answers: the engine's code is compiled before the first shopper asks
   * (a first search at 100,000 products took three times as long as the next ones). A search not
   * built yet is not built for it (`LazySearch`): the listing alone is warmed.
   */
  warmUp(rounds = 3): void {
    const first = this.orders.newest[0];
    const name = first ? this.columns.names[first.slot]! : '';
    const words = name.split(/\s+/).filter((w) => w.length >= 4);
    if (words.length === 0) return;
    const [word, other = word] = words as [string, ...string[]];
    const texts = [word, `${word} ${other}`, `${word.slice(0, 2)}${word.slice(3)}`];
    const searches = this.searchToBuild ? 0 : rounds;
    for (let round = 0; round < searches; round += 1) {
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
    const d = this.shared.dictionaries;
    const newArrivals: string[] = [];
    const collections = new Int32Array(d.collection.values.length);
    // The best reductions: a bounded list kept sorted while walking the newest order, so ties
    // go to the newest as the home page always showed them.
    const best: Array<{ entry: Entry; reduction: number }> = [];
    for (const entry of this.orders.newest) {
      collections[entry.collectionCode]! += 1;
      if (!entry.available) continue;
      if (newArrivals.length < count) newArrivals.push(this.options.cardOf(entry));
      const reduction = this.columns.reduction(entry.slot);
      if (reduction <= 0) continue;
      if (best.length === count && best[count - 1]!.reduction >= reduction) continue;
      let at = best.length;
      while (at > 0 && best[at - 1]!.reduction < reduction) at -= 1;
      best.splice(at, 0, { entry, reduction });
      if (best.length > count) best.pop();
    }
    return {
      newArrivals,
      featured: best.map(({ entry }) => this.options.cardOf(entry)),
      collections: namedCounts(d.collection, collections),
    };
  }

  /**
   * Up to `count` products to suggest beside `id`: the same type first, then the same collection
   * and category, newest first; never the product itself nor one sold out. The walk stops as soon
   * as the list is full or `scanLimit` entries were looked at, so its cost is bounded.
   */
  related(id: string, count: number, scanLimit = 5_000): string[] | null {
    const found = this.relatedEntries(id, count, scanLimit);
    return found?.map((entry) => this.options.cardOf(entry)) ?? null;
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
    return [...chosen.values()].map((entry) => this.options.cardOf(entry));
  }

  private relatedEntries(id: string, count: number, scanLimit: number): Entry[] | null {
    const self = this.entry(id);
    if (!self) return null;
    const typed = this.shared.dictionaries.type.values[self.typeCode] !== '';
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
