// A product picture's alt text for the colour chosen (decision 1503: the alt names it). The
// catalog's alt reads "Illustration of the Corduroy Trousers: a rust trousers": its colour is the
// product's first one and its article was written for every noun alike. With another colour chosen
// it read "…: a white top, Black", and plural nouns took "a". Here the colour in the description is
// the one chosen, and "a"/"an" goes only before a singular noun.

/** Nouns that are plural in English though one item (no "a" before them). */
const PLURAL_NOUN =
  /\b(?:trousers|shorts|jeans|chinos|joggers|pants|leggings|sneakers|boots|sandals|loafers|tights|overalls|dungarees)$/i;

function withArticle(words: string, noun: string): string {
  if (PLURAL_NOUN.test(noun)) return words;
  return `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;
}

/**
 * The alt text of a product's picture with `chosen` (one of `colours`) as its colour. An alt not
 * of the catalog's "…: a colour noun" form keeps its words and gets ", in {chosen}".
 */
export function productImageAlt(alt: string, colours: readonly string[], chosen?: string): string {
  const match = /^(.*?): (?:an? )?(.+)$/.exec(alt);
  const primary = (colours[0] ?? '').toLowerCase();
  const described = match?.[2] ?? '';
  if (!match || !primary || !described.toLowerCase().startsWith(`${primary} `)) {
    return chosen ? `${alt}, in ${chosen}` : alt;
  }
  const noun = described.slice(primary.length + 1);
  const colour = (chosen ?? colours[0] ?? '').toLowerCase();
  return `${match[1]}: ${withArticle(`${colour} ${noun}`, noun)}`;
}
