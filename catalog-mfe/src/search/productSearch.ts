// The catalog's search: a product's name, annotation, description, type, category, collection
// and colours in an inverted index with BM25 ranking, prefix and one-typo matching
// (`termIndex.ts`, decision 4301). The catalog's query service holds it (decision 3601).
// In the German market (decision 5101) a product's German texts and its English ones are both
// searched, German words stemmed (`germanStem.ts`): "Jacken" finds the "Jacke", "jacket" too.
import type { Language, Product } from '@shop/shared';
import { collectionLabel, typeName } from '../catalog/names';
import { germanStem } from './germanStem';
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

/** German words that say nothing about a product; the English ones are dropped there too. */
const GERMAN_STOP_WORDS = new Set([
  ...STOP_WORDS,
  ...['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer'],
  ...['eines', 'und', 'oder', 'mit', 'fur', 'von', 'vom', 'im', 'am', 'an', 'auf', 'zu', 'zum'],
  ...['zur', 'aus', 'bei', 'fuer', 'ohne'],
]);

/**
 * How a word is indexed and searched in German: lower case, "ß" as "ss", umlauts and accents
 * folded ("Mäntel" → "mantel", as shoppers without a German keyboard type it), stemmed.
 */
export function germanSearchTerm(term: string): string | null {
  // A catalog says the same words again and again: each is stemmed once (a bounded memory, so
  // the words shoppers type cannot grow it without end).
  const known = germanTerms.get(term);
  if (known !== undefined) return known;
  if (germanTerms.size >= GERMAN_TERMS_KEPT) germanTerms.clear();
  const found = germanTermOf(term);
  germanTerms.set(term, found);
  return found;
}

const GERMAN_TERMS_KEPT = 100_000;
const germanTerms = new Map<string, string | null>();

function germanTermOf(term: string): string | null {
  const folded = /^[ -~]*$/.test(term)
    ? term.toLowerCase()
    : term
        .toLowerCase()
        .replace(/ß/g, 'ss')
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '');
  if (folded === '' || GERMAN_STOP_WORDS.has(folded)) return null;
  return germanStem(folded);
}

/** The words German shoppers search a type, a category and a collection by. */
const GERMAN_WORDS: Readonly<Record<string, string>> = {
  sneakers: 'Sneaker Turnschuhe Schuhe',
  boots: 'Stiefel Stiefeletten Schuhe',
  tops: 'Oberteile T-Shirts',
  knitwear: 'Strick Pullover',
  hoodies: 'Kapuzenpullover',
  shirts: 'Hemden Blusen',
  jackets: 'Jacken',
  coats: 'Mäntel',
  trousers: 'Hosen',
  shorts: 'kurze Hosen',
  dresses: 'Kleider',
  skirts: 'Röcke',
  hats: 'Mützen Hüte Kappen',
  bags: 'Taschen',
  scarves: 'Schals Tücher',
  men: 'Herren Männer',
  women: 'Damen Frauen',
  fall: 'Herbst Herbstkollektion',
  spring: 'Frühling Frühlingskollektion',
};

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
 * A product's document in another language: its texts there and its English ones (`english`),
 * each field both, so a word of either language finds it; the types', categories' and
 * collections' names of the language beside theirs.
 */
function toDocumentIn(product: Product, english: Product | undefined): SearchDocument {
  const own = toDocument(product);
  const both = (here: string, there: string | undefined) =>
    there === undefined || there === here ? here : `${here} ${there}`;
  const german = (slug: string | undefined) => (slug ? (GERMAN_WORDS[slug] ?? '') : '');
  return {
    id: own.id,
    name: both(product.name, english?.name),
    type: `${german(product.type)} ${own.type}`,
    annotation: both(product.annotation, english?.annotation),
    description: both(product.description, english?.description),
    category: `${german(product.category)} ${own.category}`,
    collection: `${german(product.collection)} ${own.collection}`,
    colours: [...(product.colourLabels ?? []), ...product.colours].join(' '),
  };
}

/**
 * A number that changes when what search reads of the product changes (FNV-1a of its document's
 * text, two halves): the index keeps it instead of the texts, which another language's entries
 * (whose records it does not keep) would otherwise hold twice.
 */
export function searchedHash(product: Product, english?: Product, language: Language = 'en') {
  const document = language === 'en' ? toDocument(product) : toDocumentIn(product, english);
  const text = Object.values(document).join('\u0000');
  let low = 0x811c9dc5;
  let high = 0x01000193;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    low = Math.imul(low ^ code, 0x01000193);
    high = Math.imul(high ^ code, 0x811c9dc5) ^ (low >>> 15);
  }
  return (high >>> 0) * 2 ** 21 + ((low >>> 0) & 0x1fffff);
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

/**
 * The colour words German shoppers type, and the shades the German catalog names ("rot" finds the
 * bordeaux dress): its colour names are mostly compounds ("Marineblau"), which a word's beginning
 * never matches.
 */
const GERMAN_COLOUR_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  rot: ['bordeaux', 'weinrot', 'ziegelrot', 'scharlachrot', 'rost', 'kirschrot'],
  blau: [
    'marineblau',
    'kobaltblau',
    'jeansblau',
    'himmelblau',
    'ozeanblau',
    'nachtblau',
    'puderblau',
    'indigo',
    'petrol',
  ],
  grün: ['oliv', 'tannengrün', 'salbei', 'khaki', 'flaschengrün', 'moosgrün', 'petrol'],
  braun: [
    'camel',
    'hellbraun',
    'schokobraun',
    'cognac',
    'tabak',
    'kastanienbraun',
    'mokka',
    'taupe',
  ],
  beige: ['sand', 'haferbeige', 'ecru', 'creme', 'stein', 'natur', 'camel', 'taupe'],
  weiß: ['elfenbein', 'ecru', 'creme', 'wollweiß', 'natur'],
  gelb: ['senfgelb', 'safrangelb', 'buttergelb', 'honig'],
  orange: ['rost', 'koralle', 'dunkelorange'],
  rosa: ['zartrosa', 'rosé', 'koralle'],
  lila: ['flieder', 'pflaume', 'lavendel'],
  grau: ['anthrazit', 'schiefergrau', 'stein', 'meliert'],
};

/** How a text splits into words (MiniSearch's default tokenizer, which the index began with). */
const WORD_SEPARATOR = /[\n\r\p{Z}\p{P}]+/u;
const wordsOf = (text: string) => text.split(WORD_SEPARATOR);

/**
 * The words of `text`, each matching as typed or as a word it starts, a colour word by any shade
 * of its family; words that say nothing (stop words) are left out. A small typo is forgiven
 * (`typos`) in words of 4 letters or more: one letter added, missing or wrong.
 */
/** The colour families of a language, by their word's search term. */
function familiesIn(language: Language, termOf: (word: string) => string | null) {
  const families =
    language === 'de' ? { ...COLOUR_FAMILIES, ...GERMAN_COLOUR_FAMILIES } : COLOUR_FAMILIES;
  return new Map(
    Object.entries(families).flatMap(([word, shades]) => {
      const term = termOf(word);
      return term === null ? [] : [[term, shades] as const];
    }),
  );
}
const ENGLISH_FAMILIES = familiesIn('en', searchTerm);

function queryOf(
  text: string,
  typos: boolean,
  termOf: (word: string) => string | null = searchTerm,
  families: ReadonlyMap<string, readonly string[]> = ENGLISH_FAMILIES,
): WordQuery[] {
  return wordsOf(text).flatMap((word): WordQuery[] => {
    const term = word === '' ? null : termOf(word);
    if (term === null) return [];
    const shades = (families.get(term) ?? []).map(termOf).filter((t) => t !== null);
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
  /**
   * Indexes a product, replacing the one of the same id (the catalog changed); in another
   * language than English, `english` is the same product in English, whose words find it too.
   */
  put(product: Product, english?: Product): void;
  /** Forgets a product (removed from the catalog). */
  remove(id: string): void;
}

/** The search of `products` in `language` (English unless told; decision 5101). */
export function createProductSearch(
  products: readonly Product[],
  language: Language = 'en',
): ProductSearch {
  const termOf = language === 'de' ? germanSearchTerm : searchTerm;
  const families = language === 'en' ? ENGLISH_FAMILIES : familiesIn(language, termOf);
  const documentOf = (product: Product, english?: Product) =>
    language === 'en' ? toDocument(product) : toDocumentIn(product, english);
  const index = new TermIndex<SearchDocument>({
    // The first field's matches lead: a shopper who types a name expects that product at the top.
    fields: ['name', 'type', 'annotation', 'description', 'category', 'collection', 'colours'],
    boosts: { name: 4, type: 2, annotation: 1.5 },
    tokenize: wordsOf,
    term: termOf,
  });
  for (const product of products) index.add(documentOf(product));
  const find = (text: string): ProductSearchResult => {
    // Exact words (and words they start, as you type) first; a typo is tried only when they
    // find nothing, so "shirt" never brings skirts, while "sneakr" still finds sneakers. When no
    // product has every word, the products with some of them come, most matched first (a
    // shopper's "linen dress" still shows linen and dresses rather than nothing).
    const words = queryOf(text, false, termOf, families);
    if (words.length === 0) return { ids: [] };
    const exact = index.search(words, 'AND');
    if (exact.ids.length > 0) return { ids: exact.ids };
    const forgiving = index.search(queryOf(text, true, termOf, families), 'AND');
    if (forgiving.ids.length > 0) {
      return { ids: forgiving.ids, corrected: forgiving.bestTerms.join(' ') };
    }
    return { ids: words.length > 1 ? index.search(words, 'OR').ids : [] };
  };
  return {
    find,
    search: (text) => find(text).ids,
    put: (product, english) => index.add(documentOf(product, english)),
    remove: (id) => index.remove(id),
  };
}
