// The catalog's search engine: MiniSearch (full-text index, BM25 ranking, prefix and fuzzy
// matching) over a product's name, annotation, description, type, category, collection and
// colours. This module is loaded on demand (`loadProductSearch`): it and the library are a chunk
// of their own that the first page of the shop never downloads (decision 1502).
import type { Product } from '@shop/shared';
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { collectionLabel, typeName } from '../catalog/names';

/** The fields searched, and how much a match in each weighs (a name match counts most). */
const FIELDS = ['name', 'type', 'annotation', 'description', 'category', 'collection', 'colours'];
const BOOST: Record<string, number> = { name: 4, type: 2, annotation: 1.5 };

/** Words that say nothing about a product: dropped from the index and from the search. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'with', 'for', 'of', 'in', 'on', 'to', 'or']);

/**
 * One word in its plural-free form: "sneakers" → "sneaker", "dresses" → "dress",
 * "hoodies" → "hoodie"; "dress", "canvas"'s kin ("-ss", "-us", "-is") and short words stay.
 */
export function singular(word: string): string {
  if (word.length <= 3 || !word.endsWith('s')) return word;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(sses|shes|ches|xes|zes)$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/**
 * How a word is indexed and searched: lower case, accents folded ("Piqué" → "pique"), the plural
 * dropped; stop words give nothing.
 */
export function searchTerm(term: string): string | null {
  // Most words are plain ASCII: only others pay for the accent folding (indexing 100,000
  // products runs this for every word).
  const folded = /^[ -~]*$/.test(term)
    ? term.toLowerCase()
    : term
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
  if (folded === '' || STOP_WORDS.has(folded)) return null;
  return singular(folded);
}

interface SearchDocument {
  id: string;
  name: string;
  type: string;
  annotation: string;
  description: string;
  category: string;
  collection: string;
  colours: string;
}

function toDocument(product: Product): SearchDocument {
  return {
    id: product.id,
    name: product.name,
    type: product.type ? typeName(product.type) : '',
    annotation: product.annotation,
    description: product.description,
    category: product.category,
    collection: collectionLabel(product.collection),
    colours: product.colours.join(' '),
  };
}

/**
 * Whether two versions of a product are searched alike (a change of price or stock is not a change
 * of what search finds): the index then keeps its document and the searches it answered.
 */
export function sameSearchDocument(a: Product, b: Product): boolean {
  const [x, y] = [toDocument(a), toDocument(b)];
  return (Object.keys(x) as (keyof SearchDocument)[]).every((field) => x[field] === y[field]);
}

/**
 * The colour words shoppers type, and the shades the catalog names (issue 41: "red dress" finds
 * the burgundy dress). A word of the family is searched as itself or any of its shades.
 */
const COLOUR_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  red: ['burgundy', 'wine', 'brick', 'scarlet', 'crimson', 'maroon', 'cherry', 'rust'],
  blue: ['navy', 'cobalt', 'denim', 'sky', 'indigo', 'ocean', 'midnight', 'teal', 'powder'],
  green: ['olive', 'forest', 'sage', 'khaki', 'bottle', 'moss', 'teal', 'mint'],
  brown: ['camel', 'tan', 'chocolate', 'cognac', 'tobacco', 'chestnut', 'mocha', 'taupe'],
  beige: ['sand', 'oatmeal', 'ecru', 'cream', 'stone', 'natural', 'camel', 'taupe'],
  white: ['ivory', 'ecru', 'cream', 'natural'],
  yellow: ['mustard', 'saffron', 'butter', 'honey'],
  orange: ['rust', 'coral', 'saffron', 'burnt'],
  pink: ['blush', 'rose', 'coral'],
  purple: ['plum', 'lilac', 'lavender'],
  grey: ['charcoal', 'slate', 'stone', 'heather'],
  gray: ['grey', 'charcoal', 'slate', 'stone', 'heather'],
};

/** How MiniSearch splits a text into words (its default tokenizer). */
const WORD_SEPARATOR = /[\n\r\p{Z}\p{P}]+/u;

/**
 * The words of `text` as one query: every word must match (AND), a colour word by any
 * shade of its family; words that say nothing (stop words) are left out.
 */
function queryOf(text: string): { combineWith: 'AND' | 'OR'; queries: Query[] } {
  const queries = text.split(WORD_SEPARATOR).flatMap((word): Query[] => {
    const term = word === '' ? null : searchTerm(word);
    if (term === null) return [];
    const family = COLOUR_FAMILIES[term];
    return [family ? { combineWith: 'OR', queries: [word, ...family] } : word];
  });
  return { combineWith: 'AND', queries };
}

/** A small typo is forgiven in words of 4 letters or more: one letter added, missing or wrong. */
const oneTypo = (term: string) => (term.length >= 4 ? 1 : false);

/** A search matched a word of the product's name (not only its description, type, …). */
const inName = (result: SearchResult) =>
  Object.values(result.match).some((fields) => fields.includes('name'));

export interface ProductSearchResult {
  /** The ids of the products matching every word, best first ([] for no words). */
  ids: string[];
  /**
   * The words as the index knows them when none matched as typed and a typo was forgiven
   * ("sneakr" → "sneaker"); undefined when the search matched as typed.
   */
  corrected?: string;
}

export interface ProductSearch {
  /** The ids of the products matching every word of `text`, best first ([] for no words). */
  search(text: string): string[];
  /** The same, saying which spelling matched when a typo was forgiven. */
  find(text: string): ProductSearchResult;
  /** Indexes a product, replacing the one of the same id (the catalog changed). */
  put(product: Product): void;
  /** Forgets a product (removed from the catalog). */
  remove(id: string): void;
}

/** The words of the best match's fuzzy terms, in the order they were asked. */
function correctedWords(results: readonly SearchResult[]): string | undefined {
  const best = results[0];
  if (!best) return undefined;
  const byQueryTerm = new Map<string, string>();
  best.queryTerms.forEach((queryTerm, i) => {
    const matched = best.terms[i];
    if (matched !== undefined) byQueryTerm.set(queryTerm, matched);
  });
  const words = best.queryTerms.map((term) => byQueryTerm.get(term) ?? term);
  return words.length > 0 ? words.join(' ') : undefined;
}

export function createProductSearch(products: readonly Product[]): ProductSearch {
  const index = new MiniSearch<SearchDocument>({
    fields: FIELDS,
    processTerm: searchTerm,
    searchOptions: { boost: BOOST, combineWith: 'AND', prefix: true },
  });
  index.addAll(products.map(toDocument));
  const find = (text: string): ProductSearchResult => {
    if (text.trim() === '') return { ids: [] };
    // Exact words (and words they start, as you type) first; a typo is tried only when they
    // find nothing, so "shirt" never brings skirts, while "sneakr" still finds sneakers. When no
    // product has every word, the products with some of them come, most matched first (a
    // shopper's "linen dress" still shows linen and dresses rather than nothing).
    const every = queryOf(text);
    let results = index.search(every);
    let corrected: string | undefined;
    if (results.length === 0) {
      results = index.search(every, { fuzzy: oneTypo });
      corrected = correctedWords(results);
    }
    if (results.length === 0) {
      if (every.queries.length > 1) results = index.search({ ...every, combineWith: 'OR' });
    }
    // MiniSearch's order (BM25 with the boosts above), with the products whose name matched
    // first: a shopper who types a name expects that product at the top.
    const ranked = [...results.filter(inName), ...results.filter((r) => !inName(r))];
    const ids = ranked.map((result) => String(result.id));
    return corrected === undefined ? { ids } : { ids, corrected };
  };
  return {
    find,
    search: (text) => find(text).ids,
    put(product) {
      if (index.has(product.id)) index.discard(product.id);
      index.add(toDocument(product));
    },
    remove(id) {
      if (index.has(id)) index.discard(id);
    },
  };
}
