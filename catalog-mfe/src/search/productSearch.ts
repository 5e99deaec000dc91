// The catalog's search: a product's name, annotation, description, type, category, collection
// and colours in an inverted index with BM25 ranking, prefix and one-typo matching
// (`termIndex.ts`, decision 4301). The catalog's query service holds it (decision 3601).
import type { Product } from '@shop/shared';
import { collectionLabel, typeName } from '../catalog/names';
import { TermIndex, type WordQuery } from './termIndex';

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
 * The colour words shoppers type, and the shades the catalog names ("red dress" finds the burgundy
 * dress). A word of the family is searched as itself or any of its shades.
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

/** How a text splits into words (MiniSearch's default tokenizer, which the index began with). */
const WORD_SEPARATOR = /[\n\r\p{Z}\p{P}]+/u;
const wordsOf = (text: string) => text.split(WORD_SEPARATOR);

/**
 * The words of `text`, each matching as typed or as a word it starts, a colour word by any shade
 * of its family; words that say nothing (stop words) are left out. A small typo is forgiven
 * (`typos`) in words of 4 letters or more: one letter added, missing or wrong.
 */
function queryOf(text: string, typos: boolean): WordQuery[] {
  return wordsOf(text).flatMap((word): WordQuery[] => {
    const term = word === '' ? null : searchTerm(word);
    if (term === null) return [];
    const shades = (COLOUR_FAMILIES[term] ?? []).map(searchTerm).filter((t) => t !== null);
    const terms = [term, ...shades];
    return [{ terms, prefix: true, typos: typos && term.length >= 4 ? 1 : 0 }];
  });
}

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

export function createProductSearch(products: readonly Product[]): ProductSearch {
  const index = new TermIndex<SearchDocument>({
    // The first field's matches lead: a shopper who types a name expects that product at the top.
    fields: ['name', 'type', 'annotation', 'description', 'category', 'collection', 'colours'],
    boosts: { name: 4, type: 2, annotation: 1.5 },
    tokenize: wordsOf,
    term: searchTerm,
  });
  for (const product of products) index.add(toDocument(product));
  const find = (text: string): ProductSearchResult => {
    // Exact words (and words they start, as you type) first; a typo is tried only when they
    // find nothing, so "shirt" never brings skirts, while "sneakr" still finds sneakers. When no
    // product has every word, the products with some of them come, most matched first (a
    // shopper's "linen dress" still shows linen and dresses rather than nothing).
    const words = queryOf(text, false);
    if (words.length === 0) return { ids: [] };
    const exact = index.search(words, 'AND');
    if (exact.ids.length > 0) return { ids: exact.ids };
    const forgiving = index.search(queryOf(text, true), 'AND');
    if (forgiving.ids.length > 0) {
      return { ids: forgiving.ids, corrected: forgiving.bestTerms.join(' ') };
    }
    return { ids: words.length > 1 ? index.search(words, 'OR').ids : [] };
  };
  return {
    find,
    search: (text) => find(text).ids,
    put: (product) => index.add(toDocument(product)),
    remove: (id) => index.remove(id),
  };
}
