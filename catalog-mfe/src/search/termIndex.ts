// The catalog search's inverted index (decision 4301). Words are kept in MiniSearch's radix tree
// (`SearchableMap`: exact, prefix and one-typo look-ups); each word's postings are flat number
// arrays, and a product's score is BM25 with field boosts, as MiniSearch computes it. A search
// costs a few arithmetic steps per posting of the words asked and allocates nothing per matching
// product; with every word required, a word's postings only add to products that matched the
// rarer words before it.
import SearchableMap from 'minisearch/SearchableMap';

/** A posting packs `ordinal * FIELD_SLOTS + field`: at most 8 fields per document. */
const FIELD_SLOTS = 8;
const FIELD_BITS = 3;

/** BM25's parameters and the weights of prefix and typo matches, as MiniSearch's defaults. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/** Sorting keys: a score in steps of 1/4096, then a place among at most 2^21 matches. */
const SCORE_STEPS = 4096;
const PLACES = 2 ** 21;

/** Removed documents kept in the postings before they are swept out (at least this many). */
const SWEEP_AFTER = 1000;

interface Posting {
  /** One entry per (document, field) holding the word: `ordinal * FIELD_SLOTS + field`. */
  at: number[];
  /** How often the word occurs in that field of that document. */
  tf: number[];
}

export interface TermIndexOptions<Doc> {
  /** The fields searched, in order; the first is the one whose matches lead the results. */
  fields: readonly (keyof Doc & string)[];
  /** How much a match in each field weighs (default 1). */
  boosts: Partial<Record<keyof Doc & string, number>>;
  /** A text's words as typed (before `term`). */
  tokenize(text: string): string[];
  /** How a word is indexed and searched; null for words that say nothing. */
  term(word: string): string | null;
}

/** One word of a query: its terms (a colour word brings its shades) and how loosely they match. */
export interface WordQuery {
  terms: readonly string[];
  /** Words starting with a term match too ("snea" finds sneaker). */
  prefix: boolean;
  /** Words this many letters away match too (0: none). */
  typos: number;
}

export interface TermSearchResult {
  /** Matching ids, those matched in the first field first, then by score. */
  ids: string[];
  /** For each word asked, the indexed term that matched the best result (its own when none). */
  bestTerms: string[];
}

interface Expansion {
  term: string;
  weight: number;
  posting: Posting;
}

export class TermIndex<Doc extends { id: string }> {
  private readonly terms = new SearchableMap<Posting>();
  private readonly fieldCount: number;
  private readonly boosts: number[];
  private ids: (string | undefined)[] = [];
  private readonly ordinalOf = new Map<string, number>();
  private fieldLength = new Int32Array(0);
  private readonly totalFieldLength: number[];
  private live = 0;
  private removed = 0;
  // Per document scratch of one search, valid where `stamp` equals the search's number.
  private alive = new Uint8Array(0);
  private stamp = new Int32Array(0);
  private score = new Float64Array(0);
  private matchedWords = new Uint8Array(0);
  private lastWord = new Int32Array(0);
  private inFirstField = new Uint8Array(0);
  private searches = 0;

  constructor(private readonly options: TermIndexOptions<Doc>) {
    if (options.fields.length > FIELD_SLOTS) throw new Error('at most 8 fields are searched');
    this.fieldCount = options.fields.length;
    this.boosts = options.fields.map((field) => options.boosts[field] ?? 1);
    this.totalFieldLength = options.fields.map(() => 0);
  }

  get size(): number {
    return this.live;
  }

  has(id: string): boolean {
    return this.ordinalOf.has(id);
  }

  add(doc: Doc): void {
    if (this.ordinalOf.has(doc.id)) this.remove(doc.id);
    const ordinal = this.ids.length;
    this.ids.push(doc.id);
    this.ordinalOf.set(doc.id, ordinal);
    this.ensureCapacity(ordinal + 1);
    this.alive[ordinal] = 1;
    this.live += 1;
    this.options.fields.forEach((field, fieldId) => {
      const words = this.options.tokenize(String(doc[field] ?? ''));
      // MiniSearch's field length: the number of distinct words as typed.
      const length = new Set(words).size;
      this.fieldLength[ordinal * FIELD_SLOTS + fieldId] = length;
      this.totalFieldLength[fieldId]! += length;
      const counts = new Map<string, number>();
      for (const word of words) {
        const term = this.options.term(word);
        if (term !== null) counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      for (const [term, count] of counts) {
        const posting = this.terms.fetch(term, () => ({ at: [], tf: [] }));
        posting.at.push(ordinal * FIELD_SLOTS + fieldId);
        posting.tf.push(count);
      }
    });
  }

  /** Forgets a document; its postings are swept out once removed ones are as many as live ones. */
  remove(id: string): void {
    const ordinal = this.ordinalOf.get(id);
    if (ordinal === undefined) return;
    this.ordinalOf.delete(id);
    this.ids[ordinal] = undefined;
    this.alive[ordinal] = 0;
    for (let field = 0; field < this.fieldCount; field++) {
      this.totalFieldLength[field]! -= this.fieldLength[ordinal * FIELD_SLOTS + field]!;
    }
    this.live -= 1;
    this.removed += 1;
    if (this.removed >= Math.max(SWEEP_AFTER, this.live)) this.sweep();
  }

  /**
   * The documents matching `words`: every word (AND) or any of them (OR, those with more words
   * first). A word matches by any of its terms, and by prefix and typos as it asks.
   */
  search(words: readonly WordQuery[], combine: 'AND' | 'OR'): TermSearchResult {
    const bestTerms = words.map((word) => word.terms[0] ?? '');
    const expansions = words.map((word) => this.expand(word));
    if (combine === 'AND' && expansions.some((list) => list.length === 0)) {
      return { ids: [], bestTerms };
    }
    // Rarest word first: with every word required, the others only add to its products.
    const order = words
      .map((_, index) => index)
      .sort((a, b) => postingsOf(expansions[a]!) - postingsOf(expansions[b]!));
    const search = this.nextSearch();
    const touched: number[] = [];
    order.forEach((wordIndex, step) => {
      const pruning = combine === 'AND' && step > 0;
      for (const expansion of expansions[wordIndex]!) {
        this.accumulate(expansion, wordIndex, step, pruning, search, touched);
      }
    });
    const required = combine === 'AND' ? words.length : 1;
    const found = this.ranked(touched, required);
    const best = found[0];
    // Which spelling matched is asked only when typos were forgiven (it scans postings).
    if (best !== undefined && words.some((word) => word.typos > 0)) {
      expansions.forEach((list, index) => {
        const matched = list.find((expansion) => this.holds(expansion.posting, best));
        if (matched) bestTerms[index] = matched.term;
      });
    }
    return { ids: found.map((ordinal) => this.ids[ordinal]!), bestTerms };
  }

  /**
   * The touched documents matching `required` words: those matched in the first field first,
   * then by score (MiniSearch's quality: in proportion to the words matched), ties in the order
   * found.
   */
  private ranked(touched: readonly number[], required: number): number[] {
    const { matchedWords, score, inFirstField } = this;
    const leading: number[] = [];
    const others: number[] = [];
    for (const ordinal of touched) {
      if (matchedWords[ordinal]! < required) continue;
      (inFirstField[ordinal] === 1 ? leading : others).push(ordinal);
    }
    const byScore = (group: number[]): number[] => {
      // One number per document sorts natively (no comparator): its score to 1/4096 (higher
      // first), then its place in `group` (ties in the order found). Exact below 2^53.
      const keys = new Float64Array(group.length);
      group.forEach((ordinal, place) => {
        keys[place] =
          -Math.round(score[ordinal]! * matchedWords[ordinal]! * SCORE_STEPS) * PLACES + place;
      });
      keys.sort();
      return Array.from(keys, (key) => group[key - Math.floor(key / PLACES) * PLACES]!);
    };
    return [...byScore(leading), ...byScore(others)];
  }

  /** A word's terms with their weights: exact 1, then prefix and typo matches, best first. */
  private expand(word: WordQuery): Expansion[] {
    const list: Expansion[] = [];
    for (const term of word.terms) {
      const exact = this.terms.get(term);
      if (exact) list.push({ term, weight: 1, posting: exact });
      const prefixed = new Set<string>();
      if (word.prefix) {
        for (const [longer, posting] of this.terms.atPrefix(term)) {
          const distance = longer.length - term.length;
          if (distance === 0) continue;
          prefixed.add(longer);
          const weight = (PREFIX_WEIGHT * longer.length) / (longer.length + 0.3 * distance);
          list.push({ term: longer, weight, posting });
        }
      }
      if (word.typos > 0) {
        for (const [near, [posting, distance]] of this.terms.fuzzyGet(term, word.typos)) {
          if (distance === 0 || prefixed.has(near)) continue;
          const weight = (FUZZY_WEIGHT * near.length) / (near.length + distance);
          list.push({ term: near, weight, posting });
        }
      }
    }
    return list.sort((a, b) => b.weight - a.weight);
  }

  /** Adds one term's BM25 scores to the documents holding it (see `search`). */
  private accumulate(
    { posting, weight }: Expansion,
    word: number,
    step: number,
    pruning: boolean,
    search: number,
    touched: number[],
  ): void {
    const { at, tf } = posting;
    const { alive, stamp, score, matchedWords, lastWord, inFirstField, fieldLength, boosts } = this;
    const live = this.live;
    // BM25's document frequency: live documents holding the term, per field.
    const holding = new Int32Array(this.fieldCount);
    for (const entry of at) {
      if (alive[entry >> FIELD_BITS] === 1) holding[entry & (FIELD_SLOTS - 1)]! += 1;
    }
    const idf = Array.from(holding, (n) => Math.log(1 + (live - n + 0.5) / (n + 0.5)));
    const average = this.totalFieldLength.map((total) => total / Math.max(1, live));
    const { k, b, d } = BM25;
    for (let i = 0; i < at.length; i++) {
      const entry = at[i]!;
      const ordinal = entry >> FIELD_BITS;
      if (alive[ordinal] !== 1) continue;
      if (stamp[ordinal] !== search) {
        if (pruning) continue;
        stamp[ordinal] = search;
        score[ordinal] = 0;
        matchedWords[ordinal] = 0;
        lastWord[ordinal] = -1;
        inFirstField[ordinal] = 0;
        touched.push(ordinal);
      } else if (pruning && lastWord[ordinal] !== word && matchedWords[ordinal] !== step) {
        continue; // it missed a word before this one
      }
      const field = entry & (FIELD_SLOTS - 1);
      const frequency = tf[i]!;
      const saturation =
        (frequency * (k + 1)) /
        (frequency + k * (1 - b + (b * fieldLength[entry]!) / average[field]!));
      score[ordinal]! += weight * boosts[field]! * idf[field]! * (d + saturation);
      if (field === 0) inFirstField[ordinal] = 1;
      if (lastWord[ordinal] !== word) {
        lastWord[ordinal] = word;
        matchedWords[ordinal]! += 1;
      }
    }
  }

  private holds(posting: Posting, ordinal: number): boolean {
    return posting.at.some((entry) => entry >> FIELD_BITS === ordinal);
  }

  private nextSearch(): number {
    this.searches = (this.searches % 0x7ffffffe) + 1;
    if (this.searches === 1) this.stamp.fill(0);
    return this.searches;
  }

  private ensureCapacity(needed: number): void {
    if (needed <= this.alive.length) return;
    const capacity = Math.max(needed, this.alive.length * 2, 1024);
    const grow = <T extends Uint8Array | Int32Array | Float64Array>(
      old: T,
      make: (n: number) => T,
    ) => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.alive = grow(this.alive, (n) => new Uint8Array(n));
    this.stamp = grow(this.stamp, (n) => new Int32Array(n));
    this.score = grow(this.score, (n) => new Float64Array(n));
    this.matchedWords = grow(this.matchedWords, (n) => new Uint8Array(n));
    this.lastWord = grow(this.lastWord, (n) => new Int32Array(n));
    this.inFirstField = grow(this.inFirstField, (n) => new Uint8Array(n));
    const lengths = new Int32Array(capacity * FIELD_SLOTS);
    lengths.set(this.fieldLength);
    this.fieldLength = lengths;
  }

  /** Renumbers the live documents and drops the removed ones' postings and empty terms. */
  private sweep(): void {
    const renumbered = new Int32Array(this.ids.length).fill(-1);
    const ids: string[] = [];
    this.ids.forEach((id, ordinal) => {
      if (id === undefined) return;
      renumbered[ordinal] = ids.length;
      ids.push(id);
    });
    const lengths = new Int32Array(this.fieldLength.length);
    renumbered.forEach((next, ordinal) => {
      if (next < 0) return;
      lengths.set(
        this.fieldLength.subarray(ordinal * FIELD_SLOTS, (ordinal + 1) * FIELD_SLOTS),
        next * FIELD_SLOTS,
      );
    });
    const empty: string[] = [];
    for (const [term, posting] of this.terms) {
      const at: number[] = [];
      const tf: number[] = [];
      posting.at.forEach((entry, i) => {
        const next = renumbered[entry >> FIELD_BITS]!;
        if (next < 0) return;
        at.push(next * FIELD_SLOTS + (entry & (FIELD_SLOTS - 1)));
        tf.push(posting.tf[i]!);
      });
      if (at.length === 0) empty.push(term);
      posting.at = at;
      posting.tf = tf;
    }
    for (const term of empty) this.terms.delete(term);
    this.ids = ids;
    this.ordinalOf.clear();
    ids.forEach((id, ordinal) => this.ordinalOf.set(id, ordinal));
    this.fieldLength = lengths;
    this.alive.fill(0);
    this.alive.fill(1, 0, ids.length);
    this.stamp.fill(0);
    this.removed = 0;
  }
}

const postingsOf = (expansions: readonly Expansion[]) =>
  expansions.reduce((sum, expansion) => sum + expansion.posting.at.length, 0);
