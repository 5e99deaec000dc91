// The catalog in every market (decision 5101): one index whose entries every market shares, each
// market a view of it keeping its prices, names and sort orders (`MarketView`), so a listing, the
// price filter, price sorting and search answer in the market without any work per request. The
// index keeps the root market's records (the feed's partial writes start from them) and what a
// record stores beyond them (price lists, translations): another market's cards and search
// documents are read from them again when needed. A stored record is read once per market as it
// arrives.
import type { Product } from '@shop/shared';
import { type Market, MARKETS, ROOT_MARKET } from '@shop/shared/markets/markets';
import { readProductRecordIn, type ReadIn } from '@shop/shared/catalog/productRecord';
import { toProductCard } from '../../src/catalog/productCard';
import { CatalogIndex, type MarketCatalog } from './catalogIndex';

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const readIn = (market: Market): ReadIn => ({
  currency: market.currency,
  language: market.language,
});

/** A whole catalog being read record by record; the markets serve the old one until `finish`. */
export interface MarketsLoad {
  /** False when the root market's reader refused the record (malformed, or off sale). */
  add(key: string, raw: unknown): boolean;
  finish(): void;
}

export class CatalogMarkets {
  readonly root: CatalogIndex;
  /** The markets served besides the root market, in the order of its index's views. */
  private readonly others: readonly Market[];
  /**
   * What a record stores beyond the root market's product (its price lists and translations), as
   * JSON, for the products that have any: with `root.product(id)`, the record again.
   */
  private extras = new Map<string, string>();
  /** How each market served reads a record, the root market's first: made once, read per record. */
  private readonly readIns: readonly ReadIn[];

  /** `root`: a root market's index to serve alone; else one is made for `others` too. */
  private constructor(root: CatalogIndex | null, others: readonly Market[]) {
    this.others = others;
    this.readIns = [readIn(ROOT_MARKET), ...others.map(readIn)];
    this.root =
      root ??
      new CatalogIndex({
        language: ROOT_MARKET.language,
        markets: others.map((market) => ({
          id: market.id,
          language: market.language,
          cardOf: (id) => this.cardIn(market, id),
          documentOf: (id) => this.documentIn(market, id),
        })),
      });
  }

  /** Every market of markets.json. */
  static of(markets: readonly Market[] = MARKETS): CatalogMarkets {
    return new CatalogMarkets(
      null,
      markets.filter((market) => market.id !== ROOT_MARKET.id),
    );
  }

  /** The root market's index alone: the other markets are not served. */
  static only(root: CatalogIndex): CatalogMarkets {
    return new CatalogMarkets(root, []);
  }

  /** The product `id` (sold in `market`) as `market` reads its stored record. */
  private readIn(market: Market, id: string): [Product | null, Product | null] {
    const [root = null, there = null] = readProductRecordIn(id, this.record(id), [
      readIn(ROOT_MARKET),
      readIn(market),
    ]);
    return [root, there];
  }

  private cardIn(market: Market, id: string): string {
    const [, there] = this.readIn(market, id);
    // The view asks for the products it sells only, whose records the index keeps.
    if (!there) throw new Error(`product ${id} is not sold in market ${market.id}`);
    return JSON.stringify(toProductCard(there));
  }

  private documentIn(market: Market, id: string): readonly [Product, Product] | null {
    const [root, there] = this.readIn(market, id);
    return root && there ? [there, root] : null;
  }

  /** The record `raw` in every market served, the root market's first (one validation). */
  private read(key: string, raw: unknown): Array<Product | null> {
    return readProductRecordIn(key, raw, this.readIns);
  }

  /** The catalog of the market `id`, if it is served. */
  index(id: string): MarketCatalog | undefined {
    return id === ROOT_MARKET.id ? this.root : this.root.market(id);
  }

  /** The ids of the markets served, the root market's first. */
  get served(): string[] {
    return [ROOT_MARKET.id, ...this.others.map((market) => market.id)];
  }

  /** Products in the root market (every product on sale). */
  get size(): number {
    return this.root.size;
  }

  /** The stored record of a product on sale as indexed, or null. */
  record(id: string): Raw | null {
    const product = this.root.product(id);
    if (!product) return null;
    const extra = this.extras.get(id);
    // `product` is a copy already; assigned onto rather than spread (see `recordOf`).
    return extra === undefined ? { ...product } : Object.assign(product, JSON.parse(extra) as Raw);
  }

  private keepExtras(extras: Map<string, string>, id: string, raw: unknown): void {
    // Only the other markets read them: the root market's reader reads neither.
    if (this.others.length === 0) return;
    const prices = isRecord(raw) ? raw.prices : undefined;
    const translations = isRecord(raw) ? raw.translations : undefined;
    if (prices === undefined && translations === undefined) {
      extras.delete(id);
      return;
    }
    extras.set(id, JSON.stringify({ prices, translations }));
  }

  /** Replaces the whole catalog as its records arrive one by one (the feed's snapshot). */
  startLoad(): MarketsLoad {
    const root = this.root.startLoad();
    const extras = new Map<string, string>();
    return {
      add: (key, raw) => {
        const [product, ...elsewhere] = this.read(key, raw);
        if (!product) return false;
        root.add(product, elsewhere);
        this.keepExtras(extras, product.id, raw);
        return true;
      },
      finish: () => {
        // First: a market's search built again over the new catalog reads its records.
        this.extras = extras;
        root.finish();
      },
    };
  }

  /**
   * Records written (null: removed), by id: each market's view changes those products only.
   * Answers the ids of the records the product reader refused (malformed, or off sale).
   */
  apply(records: ReadonlyMap<string, unknown>): Set<string> {
    // First, while the records are the indexed ones (a market's search compares with them).
    this.root.beforeWrite(records.keys());
    const refused = new Set<string>();
    const root = new Map<string, Product | null>();
    const elsewhere = new Map<string, Array<Product | null>>();
    for (const [id, raw] of records) {
      const [product = null, ...there] = this.read(id, raw);
      if (!product && raw !== null && raw !== undefined) refused.add(id);
      root.set(id, product);
      elsewhere.set(id, there);
      this.keepExtras(this.extras, id, product ? raw : null);
    }
    this.root.apply(root, elsewhere);
    return refused;
  }

  /**
   * Each market's search compiled before the first shopper asks (`MarketView.warmUp`); a search
   * not built yet is warmed once built (`buildSearches`).
   */
  warmUp(): void {
    for (const id of this.served) this.index(id)!.warmUp();
  }

  /**
   * Builds the markets' own searches (`LazySearch`) in resting steps between requests (a search
   * asked meanwhile hurries its market's), each warmed once
   * built; `built` is told each market's, with the time it took. `collect`: a full garbage
   * collection, asked between steps now and then (`LazySearch.collect`).
   */
  buildSearches({
    built = () => {},
    collect,
  }: { built?: (market: string, ms: number) => void; collect?: () => void } = {}): Promise<void> {
    const started = performance.now();
    return Promise.all(
      this.root.searchesToBuild.map(async ([id, search]) => {
        search.collect = collect ?? null;
        await search.whenBuilt('background');
        this.index(id)!.warmUp();
        built(id, performance.now() - started);
      }),
    ).then(() => undefined);
  }

  /** Whether every market's own search is built (none waits for `buildSearches`). */
  get searchesBuilt(): boolean {
    return this.served.every((id) => !this.root.market(id)?.searchToBuild);
  }

  /**
   * Null when a search in market `id` is answered at once; else resolves once it is: a German
   * search asked before its index is built waits for it (built in steps, the other requests
   * answered meanwhile) and is then answered as it always is.
   */
  whenSearchable(id: string): Promise<void> | null {
    return this.root.market(id)?.searchToBuild?.whenBuilt() ?? null;
  }
}
