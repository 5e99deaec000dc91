// The search of a market whose language the root market's search does not read (German;
// decision 5101), built when first needed rather than with the catalog: the service is ready once
// the root market is, and a second language's search costs no memory and no start-up time before
// then. Until it is built, it keeps only the order its documents were written in (a document
// rewritten goes last, as in the search itself, whose ties rank in that order), and a hash of the
// documents written since (`hashBefore`): a price change rewrites nothing.
import type { Language, Product } from '@shop/shared';
import {
  createProductSearch,
  searchedHash,
  type ProductSearch,
  type ProductSearchResult,
} from '../../src/search/productSearch';

/** The product in the market and in the root market (whose words find it too), or null. */
export type DocumentOf = (id: string) => readonly [Product, Product] | null;

/** Work of one background step of the build (ms): requests are answered between steps. */
const STEP_MS = 8;
/**
 * Rest between two steps while no search waits for the build (ms): a fifth of a core, so the
 * pages and searches served meanwhile keep their pace; a search that waits hurries it.
 */
const BACKGROUND_REST_MS = 32;
/** Documents written between two `collect` calls. */
const COLLECT_EVERY = 10_000;

/** A search being built: the documents written so far, and where the walk of `order` is. */
interface Building {
  search: ProductSearch;
  next: Iterator<string>;
  /** Documents written since the last `collect`. */
  written: number;
}

/** Where a market's searches are answered, and when its answers may change. */
export interface SearchSource {
  find(text: string): ProductSearchResult;
  /** Grows when what search finds may change. */
  readonly generation: number;
}

export class LazySearch implements SearchSource {
  /** Ids of the products searched, in the order their documents were last written. */
  private order = new Set<string>();
  /** `searchedHash` of a product's document, by its entry's slot (NaN: not computed yet). */
  private hashes = new Float64Array(0);
  private built: ProductSearch | null = null;
  private building: Building | null = null;
  private waiting: { promise: Promise<void>; resolve: () => void } | null = null;
  /** A search waits for the build: its steps follow each other with no rest. */
  private hurried = false;
  /** The rest before the next background step, while one is taken. */
  private resting: ReturnType<typeof setTimeout> | null = null;
  generation = 0;
  /**
   * Called between steps every `COLLECT_EVERY` documents (a full garbage collection, when the
   * service may ask for one): each document is read again from its record, and V8 keeps much of
   * that garbage in the old generation until the heap has doubled, memory it then keeps.
   */
  collect: (() => void) | null = null;

  constructor(
    readonly language: Language,
    private readonly documentOf: DocumentOf,
  ) {}

  get isBuilt(): boolean {
    return this.built !== null;
  }

  /**
   * What search finds for `text`. Before the search is built, it is built here at once (a
   * service asks `whenBuilt` first, so no request waits on it while others wait behind it).
   */
  find(text: string): ProductSearchResult {
    return this.now().find(text);
  }

  /**
   * Resolves once the search is built; starts building it in steps if it is not. `background`: no
   * one waits for the answer yet (the service after start), so the steps rest between them.
   */
  whenBuilt(pace: 'asked' | 'background' = 'asked'): Promise<void> {
    if (this.built) return Promise.resolve();
    if (pace === 'asked' && !this.hurried) {
      this.hurried = true;
      // The next step now, not after its rest.
      if (this.resting) {
        clearTimeout(this.resting);
        this.resting = null;
        this.schedule();
      }
    }
    if (!this.waiting) {
      let resolve = () => {};
      const promise = new Promise<void>((done) => (resolve = done));
      this.waiting = { promise, resolve };
      this.schedule();
    }
    return this.waiting.promise;
  }

  /** A whole catalog: `add` each product sold in the market, then `finish`. */
  startLoad() {
    const order = new Set<string>();
    return {
      add: (id: string) => {
        order.delete(id);
        order.add(id);
      },
      drop: (id: string) => order.delete(id),
      finish: () => {
        this.order = order;
        this.hashes = new Float64Array(0);
        this.built = null;
        this.building = null;
        this.generation += 1;
        // A search someone waits for is built again over the new catalog.
        if (this.waiting) this.schedule();
      },
    };
  }

  /**
   * Before the product in `slot` is written: the hash of its document as it is, when not known yet
   * (read from its record, as the build would), so `put` tells whether it changes.
   */
  hashBefore(slot: number, id: string): void {
    this.hashes = grown(this.hashes, slot, NaN);
    if (!Number.isNaN(this.hashes[slot]) || !this.order.has(id)) return;
    const document = this.documentOf(id);
    if (document) this.hashes[slot] = searchedHash(document[0], document[1], this.language);
  }

  /**
   * The product was written: its document is written again when what search reads changed (not
   * known, without `hashBefore`: written again, which only moves it last among its ties).
   */
  put(slot: number, product: Product, english: Product): void {
    const hash = searchedHash(product, english, this.language);
    this.hashes = grown(this.hashes, slot, NaN);
    if (this.order.has(product.id) && this.hashes[slot] === hash) return;
    this.hashes[slot] = hash;
    this.order.delete(product.id);
    this.order.add(product.id);
    // A search being built meets it again at the end of `order`: written then.
    this.built?.put(product, english);
    this.generation += 1;
  }

  /** The product is no longer sold in the market (or no longer exists). */
  remove(slot: number, id: string): void {
    if (slot < this.hashes.length) this.hashes[slot] = NaN;
    if (!this.order.delete(id)) return;
    this.built?.remove(id);
    this.building?.search.remove(id);
    this.generation += 1;
  }

  private schedule(): void {
    if (this.hurried) {
      setImmediate(() => this.step());
      return;
    }
    this.resting = setTimeout(() => {
      this.resting = null;
      this.step();
    }, BACKGROUND_REST_MS);
  }

  /** One step of the build; the next is scheduled until it is complete. */
  private step(): void {
    if (this.built) return;
    const started = performance.now();
    const building = (this.building ??= this.startBuilding());
    for (let written = 1; this.writeNext(building); written += 1) {
      if (written % 32 === 0 && performance.now() - started > STEP_MS) {
        building.written += written;
        if (this.collect && building.written >= COLLECT_EVERY) {
          building.written = 0;
          this.collect();
        }
        this.schedule();
        return;
      }
    }
    this.complete(building);
  }

  private startBuilding(): Building {
    return {
      search: createProductSearch([], this.language),
      next: this.order.values(),
      written: 0,
    };
  }

  /**
   * Writes the next document of `order` (a live walk: one deleted before it is met is skipped, one
   * rewritten meanwhile is met again at the end); false when none is left.
   */
  private writeNext(building: Building): boolean {
    const next = building.next.next();
    if (next.done) return false;
    const document = this.documentOf(next.value);
    if (document) building.search.put(document[0], document[1]);
    return true;
  }

  private complete(building: Building): ProductSearch {
    this.built = building.search;
    this.building = null;
    this.waiting?.resolve();
    this.waiting = null;
    this.hurried = false;
    return building.search;
  }

  /** The built search, building what is left of it first. */
  private now(): ProductSearch {
    if (this.built) return this.built;
    const building = (this.building ??= this.startBuilding());
    while (this.writeNext(building));
    return this.complete(building);
  }
}

/** `array`, or a copy twice as large, so that `slot` is in it. */
export function grown<T extends Float64Array>(array: T, slot: number, fill = 0): T {
  if (slot < array.length) return array;
  const next = new Float64Array(Math.max(slot + 1, array.length * 2, 1024)) as T;
  if (fill !== 0) next.fill(fill, array.length);
  next.set(array);
  return next;
}
