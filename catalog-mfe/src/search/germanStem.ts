// German stemming for the German market's search (decision 5101: search stems per language): the
// Snowball German algorithm (snowballstem.org/algorithms/german/stemmer.html), compact. Written
// here rather than installed: the maintained npm stemmers bundle every language (hundreds of KiB)
// for the one we need, and this is some 80 lines. Its input is a lower-case word whose umlauts and
// accents are already folded ("schühe" arrives as "schuhe"), as the search folds every word.

const VOWEL = /[aeiouy]/;
/** The letters before which a final "s" is an ending (Snowball's valid s-ending). */
const S_ENDING = /[bdfghklmnrt]$/;
/** The letters before which a final "st" is an ending (Snowball's valid st-ending). */
const ST_ENDING = /[bdfghklmnt]$/;

const isVowel = (word: string, at: number) => VOWEL.test(word[at] ?? '');

/** Where the region after the first non-vowel following a vowel at `from` or later begins. */
function regionAfter(word: string, from: number): number {
  for (let at = from + 1; at < word.length; at += 1) {
    if (!isVowel(word, at) && isVowel(word, at - 1)) return at + 1;
  }
  return word.length;
}

/** The longest of `suffixes` that `word` ends with, or ''. */
function longest(word: string, suffixes: readonly string[]): string {
  let found = '';
  for (const suffix of suffixes) {
    if (suffix.length > found.length && word.endsWith(suffix)) found = suffix;
  }
  return found;
}

/** The word's stem: "kleider" → "kleid", "jacken" → "jack", "wasserdichte" → "wasserdicht". */
export function germanStem(input: string): string {
  // "ß" is "ss"; a "u" or "y" between vowels is a consonant (uppercase marks it while stemming).
  let word = input.replace(/ß/g, 'ss');
  word = word.replace(/([aeiouy])([uy])(?=[aeiouy])/g, (_, before: string, letter: string) => {
    return before + letter.toUpperCase();
  });
  if (word.length < 3) return input;
  // R1 begins at least three letters in; R2 is the same rule applied again within R1.
  const p1 = regionAfter(word, 0);
  const r1 = Math.max(3, p1);
  const r2 = regionAfter(word, p1);
  const inR1 = (suffix: string) => word.length - suffix.length >= r1;
  const inR2 = (suffix: string) => word.length - suffix.length >= r2;
  const cut = (suffix: string) => (word = word.slice(0, word.length - suffix.length));

  // Step 1: em ern er | e en es | s after a valid s-ending.
  const first = longest(word, ['em', 'ern', 'er', 'e', 'en', 'es', 's']);
  if (first && inR1(first)) {
    if (first === 's') {
      if (S_ENDING.test(word.slice(0, -1))) cut('s');
    } else {
      cut(first);
      if ((first === 'e' || first === 'en' || first === 'es') && word.endsWith('niss')) cut('s');
    }
  }
  // Step 2: en er est | st after a valid st-ending itself after at least three letters.
  const second = longest(word, ['en', 'er', 'est', 'st']);
  if (second && inR1(second)) {
    if (second === 'st') {
      const before = word.slice(0, -2);
      if (ST_ENDING.test(before) && before.length > 3) cut('st');
    } else {
      cut(second);
    }
  }
  // Step 3: the derivational endings, in R2.
  const third = longest(word, ['end', 'ung', 'ig', 'ik', 'isch', 'lich', 'heit', 'keit']);
  if (third && inR2(third)) {
    if (third === 'end' || third === 'ung') {
      cut(third);
      if (word.endsWith('ig') && !word.endsWith('eig') && inR2('ig')) cut('ig');
    } else if (third === 'ig' || third === 'ik' || third === 'isch') {
      if (!word.slice(0, -third.length).endsWith('e')) cut(third);
    } else if (third === 'lich' || third === 'heit') {
      cut(third);
      const more = longest(word, ['er', 'en']);
      if (more && inR1(more)) cut(more);
    } else {
      cut(third);
      const more = longest(word, ['lich', 'ig']);
      if (more && inR2(more)) cut(more);
    }
  }
  return word.toLowerCase();
}
