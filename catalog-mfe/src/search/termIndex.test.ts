import { TermIndex, type WordQuery } from './termIndex';

interface Doc {
  id: string;
  name: string;
  text: string;
}

const newIndex = () =>
  new TermIndex<Doc>({
    fields: ['name', 'text'],
    boosts: { name: 4 },
    tokenize: (text) => text.split(/\s+/),
    term: (word) => (word === '' ? null : word.toLowerCase()),
  });

const word = (term: string, more: Partial<WordQuery> = {}): WordQuery => ({
  terms: [term],
  prefix: false,
  typos: 0,
  ...more,
});

describe('TermIndex', () => {
  it('with every word required, finds only documents holding each, whichever word is rarer', () => {
    const index = newIndex();
    index.add({ id: 'a', name: 'Red Dress', text: 'linen' });
    index.add({ id: 'b', name: 'Red Shirt', text: 'cotton' });
    index.add({ id: 'c', name: 'Blue Dress', text: 'red trim' });
    index.add({ id: 'd', name: 'Red Scarf', text: 'red wool' });
    index.add({ id: 'e', name: 'Green Dress', text: 'wool' });
    expect(index.search([word('red'), word('dress')], 'AND').ids.sort()).toEqual(['a', 'c']);
    expect(index.search([word('dress'), word('red')], 'AND').ids.sort()).toEqual(['a', 'c']);
    expect(index.search([word('red'), word('dress'), word('wool')], 'AND').ids).toEqual([]);
    // A word that matches nothing: no document has every word.
    expect(index.search([word('red'), word('velvet')], 'AND').ids).toEqual([]);
  });

  it('ranks a name match first, then by score; with any word allowed, more words rank higher', () => {
    const index = newIndex();
    index.add({ id: 'text-only', name: 'Scarf', text: 'dress dress dress' });
    index.add({ id: 'named', name: 'Dress', text: 'plain' });
    expect(index.search([word('dress')], 'AND').ids).toEqual(['named', 'text-only']);
    index.add({ id: 'both', name: 'Linen Top', text: 'a linen dress' });
    const either = index.search([word('linen'), word('dress')], 'OR').ids;
    expect(either[0]).toBe('both'); // both words, and "linen" in its name
    expect(either.sort()).toEqual(['both', 'named', 'text-only']);
  });

  it('matches words a term starts, and one typo when asked, saying which term matched', () => {
    const index = newIndex();
    index.add({ id: 'sneaker', name: 'Sneaker', text: '' });
    index.add({ id: 'sneakers', name: 'Sneakers', text: '' });
    expect(index.search([word('sneak')], 'AND').ids).toEqual([]);
    expect(index.search([word('sneak', { prefix: true })], 'AND').ids.sort()).toEqual([
      'sneaker',
      'sneakers',
    ]);
    expect(index.search([word('sneakr')], 'AND').ids).toEqual([]);
    const typo = index.search([word('sneakr', { typos: 1 })], 'AND');
    expect(typo.ids).toEqual(['sneaker']);
    expect(typo.bestTerms).toEqual(['sneaker']);
  });

  it('forgets removed and replaced documents, and keeps answering after sweeping them out', () => {
    const index = newIndex();
    for (let i = 0; i < 2500; i++) {
      index.add({ id: `p${i}`, name: i % 2 === 0 ? 'Boot' : 'Coat', text: `style${i}` });
    }
    index.add({ id: 'p1', name: 'Boot', text: 'now a boot' }); // replaced: a coat no more
    expect(index.size).toBe(2500);
    expect(index.search([word('boot')], 'AND').ids).toHaveLength(1251);
    expect(index.search([word('coat')], 'AND').ids).not.toContain('p1');
    // Removing 1,500 sweeps the postings (at 1,000 removed or more); the rest still answer.
    for (let i = 0; i < 1500; i++) index.remove(`p${i}`);
    expect(index.size).toBe(1000);
    expect(index.has('p0')).toBe(false);
    expect(index.search([word('boot')], 'AND').ids).toHaveLength(500);
    expect(index.search([word('style2400')], 'AND').ids).toEqual(['p2400']);
    expect(index.search([word('style10')], 'AND').ids).toEqual([]);
    index.add({ id: 'p0', name: 'Boot', text: 'back again' });
    expect(index.search([word('back')], 'AND').ids).toEqual(['p0']);
  });

  it('scores as MiniSearch does: a rarer word and a shorter field weigh more', () => {
    const index = newIndex();
    index.add({ id: 'short', name: 'Wool', text: '' });
    index.add({ id: 'long', name: 'Wool Blend Winter Coat', text: '' });
    index.add({ id: 'other', name: 'Cotton', text: '' });
    expect(index.search([word('wool')], 'AND').ids).toEqual(['short', 'long']);
  });
});
