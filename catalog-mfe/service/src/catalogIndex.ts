// The catalog's in-memory index (decision 3601): every product once, as the JSON a page is sent,
// plus what filters, sorts, facet counts and search need. A change of one product updates that
// product's entries (its place in each sort order, its search document), never the whole index.
// Every market shares it (decision 5101): each is a `MarketView` over the same entries, keeping
// only its prices, names and sort orders; a language other than the root market's has its own
// search, built when first needed (`LazySearch`).
import type { Language, Product } from '@shop/shared';
// The stock rules alone (not the package's index): decision 1406's one-size key and untracked stock.
import { stockLeft } from '@shop/shared/catalog/stock';
import { beyondProductCard, toProductCard } from '../../src/catalog/productCard';
import type { ProductQuery } from '../../src/browse/productQuery';
import type { HomeResult } from '../../src/catalog/catalogQuery';
import {
  createProductSearch,
  searchedHash,
  type ProductSearch,
} from '../../src/search/productSearch';
import { type Dictionaries, Dictionary, type Entry } from './catalogEntry';
import { type DocumentOf, LazySearch, type SearchSource } from './lazySearch';
import {
  type ListingPage,
  type MarketCatalog,
  MarketView,
  type RootProduct,
  type SharedEntries,
} from './marketView';

export type { ListingPage, MarketCatalog } from './marketView';

/** Past this many products in one write, sorting again beats placing each (a splice each). */
const BULK_CHANGES = 500;

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

/** Another market the index serves (decision 5101). */
export interface OtherMarket {
  id: string;
  language: Language;
  /** The card of a product sold there, as JSON (read from its stored record). */
  cardOf(id: string): string;
  /** The product there and in the root market: what its own search reads, when it has one. */
  documentOf: DocumentOf;
}

/** How an index reads its products: their language, and the other markets it serves. */
export interface CatalogIndexOptions {
  /** The root market's language (decision 5101): its search tokenises and stems by it. */
  language?: Language;
  markets?: readonly OtherMarket[];
}

function toEntry(product: Product, dictionaries: Dictionaries, slot: number): Entry {
  const sizesInStock = product.sizes.filter((size) => left(product, size) > 0);
  return {
    id: product.id,
    slot,
    card: JSON.stringify(toProductCard(product)),
    detail: JSON.stringify(beyondProductCard(product)),
    searched: searchedHash(product),
    categoryCode: dictionaries.category.code(product.category),
    collectionCode: dictionaries.collection.code(product.collection),
    typeCode: dictionaries.type.code(product.type ?? ''),
    sizeCodes: sizeSet(Int32Array.from(sizesInStock, (size) => dictionaries.size.code(size))),
    available: product.sizes.length > 0 ? sizesInStock.length > 0 : left(product) > 0,
    createdAt: product.createdAt,
    mark: 0,
  };
}

/**
 * The whole record an entry was made from. `Object.assign` onto the parsed card, not a spread of
 * both: a market's search built after start-up reads every record, and V8 kept the spread's
 * copies in the old generation until a full collection (some 200 MB at 100,000 products).
 */
const recordOf = (entry: Entry): Product =>
  Object.assign(JSON.parse(entry.card) as Product, JSON.parse(entry.detail) as Partial<Product>);

/** A whole catalog being read product by product; the index serves the old one until `finish`. */
export interface CatalogLoad {
  /**
   * `product` in the root market, and in each other market (`elsewhere`, in the order of the
   * index's `markets`; null or absent: not sold there).
   */
  add(product: Product, elsewhere?: ReadonlyArray<Product | null>): void;
  finish(): void;
}

export class CatalogIndex implements MarketCatalog, SharedEntries {
  /** Every product, by id (read by the markets' views: `SharedEntries`). */
  entries = new Map<string, Entry>();
  readonly dictionaries: Dictionaries = {
    category: new Dictionary(),
    collection: new Dictionary(),
    type: new Dictionary(),
    size: new Dictionary(),
  };
  /** Grows with every change: answers computed at an older version are stale. */
  version = 0;
  /** The root market's search (English), and its generation: grows when what it finds may. */
  private readonly rootSearch: SearchSource & { search: ProductSearch; generation: number };
  /** Slots of removed entries, given to the next new ones. */
  private freeSlots: number[] = [];
  private slotCount = 0;
  private marks = 0;
  /** The root market's view, then the other markets' (in `options.markets`' order). */
  private readonly views: MarketView[];
  private readonly viewById = new Map<string, MarketView>();

  constructor({ language = 'en', markets = [] }: CatalogIndexOptions = {}) {
    this.rootSearch = {
      search: createProductSearch([], language),
      generation: 0,
      find(text) {
        return this.search.find(text);
      },
    };
    // One search per language: a market in a language already searched asks that search, whose
    // products read the same words (the United Kingdom the United States').
    const searches = new Map<Language, SearchSource>([[language, this.rootSearch]]);
    this.views = [
      new MarketView(this, { language, search: this.rootSearch, cardOf: (entry) => entry.card }),
    ];
    for (const market of markets) {
      const known = searches.get(market.language);
      const search = known ?? new LazySearch(market.language, market.documentOf);
      searches.set(market.language, search);
      const view = new MarketView(this, {
        language: market.language,
        search,
        writesSearch: !known,
        cardOf: (entry) => market.cardOf(entry.id),
      });
      this.views.push(view);
      this.viewById.set(market.id, view);
    }
  }

  /** The catalog as another market served by this index sees it. */
  market(id: string): MarketView | undefined {
    return this.viewById.get(id);
  }

  /** The markets whose search is built on demand and not built yet, with it (`LazySearch`). */
  get searchesToBuild(): Array<[string, LazySearch]> {
    return [...this.viewById].flatMap(([id, view]) => {
      const search = view.searchToBuild;
      return search ? [[id, search] as [string, LazySearch]] : [];
    });
  }

  nextMark(): number {
    return (this.marks += 1);
  }

  /** The root market's view. */
  private get root(): MarketView {
    return this.views[0]!;
  }

  /** The language its products are read and searched in. */
  get language(): Language {
    return this.root.language;
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
    const search = createProductSearch([], this.language);
    const views = this.views.map((view) => view.startLoad());
    let slots = 0;
    return {
      add: (product, elsewhere = []) => {
        const slot = entries.get(product.id)?.slot ?? slots++;
        const entry = toEntry(product, this.dictionaries, slot);
        entries.set(product.id, entry);
        search.put(product);
        const root = { product, name: product.name.toLowerCase() };
        views.forEach((view, at) =>
          view.add(entry, at === 0 ? product : (elsewhere[at - 1] ?? null), root),
        );
      },
      finish: () => {
        this.entries = entries;
        this.rootSearch.search = search;
        this.slotCount = slots;
        this.freeSlots = [];
        // The root market's first: the others may take its newest order.
        views.forEach((view, at) => view.finish(entries.values(), this.rootFor(at)));
        this.version += 1;
        this.rootSearch.generation += 1;
      },
    };
  }

  /** The entry of `product`, in its slot (a new one's: a free one). */
  private entryOf(product: Product): Entry {
    const slot = this.entries.get(product.id)?.slot ?? this.freeSlots.pop() ?? this.slotCount++;
    return toEntry(product, this.dictionaries, slot);
  }

  /**
   * Several products changed at once (one write of many): each is placed on its own while that is
   * cheaper than sorting again; a bulk load (a catalog import) sorts each order once instead.
   */
  apply(
    changes: ReadonlyMap<string, Product | null>,
    /** The changed products in each other market (see `CatalogLoad.add`). */
    elsewhere?: ReadonlyMap<string, ReadonlyArray<Product | null>>,
  ): void {
    if (changes.size <= BULK_CHANGES) {
      for (const [id, product] of changes) {
        if (product) this.put(product, elsewhere?.get(id));
        else this.remove(id);
      }
      return;
    }
    let searchChanged = false;
    for (const [id, product] of changes) {
      if (product) {
        const entry = this.entryOf(product);
        const alike = this.entries.get(id)?.searched === entry.searched;
        this.entries.set(id, entry);
        this.eachView(product, elsewhere?.get(id), (view, there, root) =>
          view.write(entry, there, root),
        );
        if (!alike) {
          this.rootSearch.search.put(product);
          searchChanged = true;
        }
      } else if (this.forget(id, (view, old) => view.write(old, null, null))) {
        searchChanged = true;
      }
    }
    this.views.forEach((view, at) => view.sortOrders(this.entries.values(), this.rootFor(at)));
    this.version += 1;
    if (searchChanged) this.rootSearch.generation += 1;
  }

  /** The root market's view, for the view at `at` of `views` when it is another market's. */
  private rootFor(at: number): MarketView | undefined {
    return at === 0 ? undefined : this.views[0];
  }

  /** Each market's view with `product` there: the root market's, then `elsewhere`'s. */
  private eachView(
    product: Product,
    elsewhere: ReadonlyArray<Product | null> = [],
    each: (view: MarketView, there: Product | null, root: RootProduct) => void,
  ): void {
    const root = { product, name: product.name.toLowerCase() };
    this.views.forEach((view, at) =>
      each(view, at === 0 ? product : (elsewhere[at - 1] ?? null), root),
    );
  }

  /**
   * Before the products `ids` are written (by `apply`, `put` or `remove`) while their stored
   * records are still the indexed ones: what the markets compare them with is read
   * (`MarketView.beforeWrite`).
   */
  beforeWrite(ids: Iterable<string>): void {
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry) for (const view of this.views) view.beforeWrite(entry);
    }
  }

  /** Removes `id`'s entry, after `each` view let go of it; false when there was none. */
  private forget(id: string, each: (view: MarketView, old: Entry) => void): boolean {
    const old = this.entries.get(id);
    if (!old) return false;
    for (const view of this.views) each(view, old);
    this.entries.delete(id);
    this.freeSlots.push(old.slot);
    this.rootSearch.search.remove(id);
    return true;
  }

  /**
   * One product added or changed: its places, and its search document when its searched text
   * changed (a price or stock change, every order's, keeps the engine and the searches it
   * answered), nothing else. `elsewhere`: as `CatalogLoad.add`'s.
   */
  put(product: Product, elsewhere?: ReadonlyArray<Product | null>): void {
    const old = this.entries.get(product.id);
    const entry = this.entryOf(product);
    // Searched as its indexed version is (a price or stock change, every order's)?
    const searchedAlike = old?.searched === entry.searched;
    if (old) for (const view of this.views) view.unplace(old);
    this.entries.set(entry.id, entry);
    this.eachView(product, elsewhere, (view, there, root) => view.place(entry, there, root));
    if (!searchedAlike) {
      this.rootSearch.search.put(product);
      this.rootSearch.generation += 1;
    }
    this.version += 1;
  }

  /** One product removed. */
  remove(id: string): void {
    const removed = this.forget(id, (view, old) => {
      view.unplace(old);
      view.write(old, null, null);
    });
    if (!removed) return;
    this.version += 1;
    this.rootSearch.generation += 1;
  }

  /** The product's whole record in the root market, as indexed (null when unknown). */
  product(id: string): Product | null {
    const entry = this.entries.get(id);
    return entry ? recordOf(entry) : null;
  }

  /** Whether the index has the product. */
  has(id: string): boolean {
    return this.entries.has(id);
  }

  // The root market's catalog (`MarketView`).
  list(query: ProductQuery, offset: number, limit: number): ListingPage {
    return this.root.list(query, offset, limit);
  }

  warmUp(rounds = 3): void {
    this.root.warmUp(rounds);
  }

  home(
    count: number,
  ): { newArrivals: string[]; featured: string[] } & Pick<HomeResult, 'collections'> {
    return this.root.home(count);
  }

  related(id: string, count: number, scanLimit?: number): string[] | null {
    return this.root.related(id, count, scanLimit);
  }

  relatedToAll(ids: readonly string[], count: number, scanLimit?: number): string[] {
    return this.root.relatedToAll(ids, count, scanLimit);
  }
}
