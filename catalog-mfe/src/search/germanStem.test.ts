import { germanStem } from './germanStem';

// Expected stems as the Snowball German stemmer gives them (snowballstem.org's German vocabulary).
test.each([
  ['aufeinanderfolgende', 'aufeinanderfolg'],
  ['kategorischen', 'kategor'],
  ['ergebnisse', 'ergebnis'],
  ['freundlichkeit', 'freundlich'],
  ['zeitung', 'zeitung'],
  ['kleider', 'kleid'],
  ['jacken', 'jack'],
  ['mantels', 'mantel'],
])('%s → %s', (word, stem) => {
  expect(germanStem(word)).toBe(stem);
});

test("a word's singular and plural, and its inflections, share a stem", () => {
  const same = (...words: string[]) => new Set(words.map(germanStem)).size === 1;
  expect(same('jacke', 'jacken')).toBe(true);
  expect(same('bluse', 'blusen')).toBe(true);
  expect(same('tasche', 'taschen')).toBe(true);
  expect(same('schuh', 'schuhe', 'schuhen')).toBe(true);
  expect(same('leicht', 'leichte', 'leichter', 'leichten')).toBe(true);
  expect(same('wasserdicht', 'wasserdichte', 'wasserdichten')).toBe(true);
});

test('short words and "ß" are read as German writes them', () => {
  expect(germanStem('ab')).toBe('ab');
  expect(germanStem('weiß')).toBe(germanStem('weiss'));
});

test('a "u" or "y" between vowels is a consonant, never part of an ending', () => {
  // "blaue": the "u" between vowels does not start R1 early; the stem keeps it.
  expect(germanStem('blaue')).toBe('blau');
  expect(germanStem('trauer')).toBe('trau');
});
