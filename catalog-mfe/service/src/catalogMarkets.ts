// The catalog in every market (decision 5101): one index per market, each holding the products
// sold there (priced in its currency) as its shoppers read them (its language), so a listing, the
// price filter, price sorting and search answer in the market without any work per request. The
// root market's index keeps whole records (the feed's partial writes start from them); the
// others keep cards only. A stored record is read once per market as it arrives.
import type { Product } from '@shop/shared';
import { type Market, MARKETS, ROOT_MARKET } from '@shop/shared/markets/markets';
import { readProductRecordIn, type ReadIn } from '@shop/shared/catalog/productRecord';
import { CatalogIndex } from './catalogIndex';

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
  private readonly indexes = new Map<string, CatalogIndex>();
  /**
   * What a record stores beyond the root market's product (its price lists and translations), as
   * JSON, for the products that have any: with `root.product(id)`, the record again.
   */
  private extras = new Map<string, string>();

  /**
   * `others`: the other markets' indexes. A market without one is not served (a service that
   * indexes the root market only: `CatalogMarkets.only`).
   */
  constructor(
    readonly root: CatalogIndex,
    private readonly others: ReadonlyArray<{ market: Market; index: CatalogIndex }> = [],
  ) {
    this.indexes.set(ROOT_MARKET.id, root);
    for (const { market, index } of others) this.indexes.set(market.id, index);
  }

  /** An index for each market of markets.json. */
  static of(markets: readonly Market[] = MARKETS): CatalogMarkets {
    const root = new CatalogIndex({ language: ROOT_MARKET.language });
    // One search per language: a market in a language already searched asks that index's
    // search (the United Kingdom the United States'), whose products read the same words.
    const byLanguage = new Map([[ROOT_MARKET.language, root]]);
    const others = markets
      .filter((market) => market.id !== ROOT_MARKET.id)
      .map((market) => {
        const searchesWith = byLanguage.get(market.language);
        const index = new CatalogIndex({
          language: market.language,
          keepsRecords: false,
          cardsOn: root,
          ...(searchesWith ? { searchesWith } : {}),
        });
        if (!searchesWith) byLanguage.set(market.language, index);
        return { market, index };
      });
    return new CatalogMarkets(root, others);
  }

  /** The root market's index alone: the other markets are not served. */
  static only(root: CatalogIndex): CatalogMarkets {
    return new CatalogMarkets(root);
  }

  /** The record `raw` in every market served, the root market's first (one validation). */
  private read(key: string, raw: unknown): Array<Product | null> {
    return readProductRecordIn(key, raw, this.readIns);
  }

  private get readIns(): ReadIn[] {
    return [readIn(ROOT_MARKET), ...this.others.map(({ market }) => readIn(market))];
  }

  /** The index of the market `id`, if it is served. */
  index(id: string): CatalogIndex | undefined {
    return this.indexes.get(id);
  }

  /** The ids of the markets served, the root market's first. */
  get served(): string[] {
    return [...this.indexes.keys()];
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
    return extra === undefined ? { ...product } : { ...product, ...(JSON.parse(extra) as Raw) };
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
    const others = this.others.map(({ index }) => ({ load: index.startLoad() }));
    const extras = new Map<string, string>();
    return {
      add: (key, raw) => {
        const [product, ...elsewhere] = this.read(key, raw);
        if (!product) return false;
        root.add(product);
        this.keepExtras(extras, product.id, raw);
        others.forEach(({ load }, at) => {
          const there = elsewhere[at];
          if (there) load.add(there, product);
        });
        return true;
      },
      finish: () => {
        root.finish();
        for (const { load } of others) load.finish();
        this.extras = extras;
      },
    };
  }

  /**
   * Records written (null: removed), by id: each market's index changes those products only.
   * Answers the ids of the records the product reader refused (malformed, or off sale).
   */
  apply(records: ReadonlyMap<string, unknown>): Set<string> {
    const refused = new Set<string>();
    const read = new Map<string, Array<Product | null>>();
    const root = new Map<string, Product | null>();
    for (const [id, raw] of records) {
      const [product = null, ...elsewhere] = this.read(id, raw);
      if (!product && raw !== null && raw !== undefined) refused.add(id);
      root.set(id, product);
      read.set(id, elsewhere);
      this.keepExtras(this.extras, id, product ? raw : null);
    }
    this.root.apply(root);
    this.others.forEach(({ index }, at) => {
      const changes = new Map<string, Product | null>();
      for (const [id, elsewhere] of read) {
        changes.set(id, root.get(id) ? (elsewhere[at] ?? null) : null);
      }
      index.apply(changes, root);
    });
    return refused;
  }

  /** Each index's search compiled before the first shopper asks (`CatalogIndex.warmUp`). */
  warmUp(): void {
    for (const index of this.indexes.values()) index.warmUp();
  }
}
