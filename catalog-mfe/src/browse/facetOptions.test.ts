import { facetOptions } from './facetOptions';
import { messages } from '../messages';

beforeAll(() => messages.load('de'));

describe('a filter’s options from the facet counts', () => {
  it('names each option with its count, in shop order', () => {
    expect(
      facetOptions(
        'size',
        [
          { value: '42', count: 1204 },
          { value: 'M', count: 3 },
          { value: 'S', count: 10309 },
        ],
        '',
      ),
    ).toEqual([
      { value: 'S', label: 'S (10,309)' },
      { value: 'M', label: 'M (3)' },
      { value: '42', label: '42 (1,204)' },
    ]);
    expect(
      facetOptions(
        'type',
        [
          { value: 't-shirts', count: 2 },
          { value: 'sneakers', count: 1204 },
        ],
        '',
      ).map((o) => (typeof o === 'string' ? o : o.label)),
    ).toEqual(['Sneakers (1,204)', 'T shirts (2)']);
    expect(
      facetOptions(
        'category',
        [
          { value: 'women', count: 1 },
          { value: 'men', count: 2 },
        ],
        '',
      ),
    ).toEqual([
      { value: 'men', label: 'Men (2)' },
      { value: 'women', label: 'Women (1)' },
    ]);
  });

  it('leaves out options that give nothing, except the chosen one', () => {
    const counts = [
      { value: 'fall', count: 0 },
      { value: 'late-summer', count: 4 },
    ];
    expect(facetOptions('collection', counts, '')).toEqual([
      { value: 'late-summer', label: 'Late summer (4)' },
    ]);
    expect(facetOptions('collection', counts, 'fall')).toEqual([
      { value: 'fall', label: 'Fall (0)' },
      { value: 'late-summer', label: 'Late summer (4)' },
    ]);
    expect(facetOptions('collection', counts, 'winter')).toEqual([
      { value: 'late-summer', label: 'Late summer (4)' },
      { value: 'winter', label: 'Winter (0)' },
    ]);
  });

  it("names types and collections in the page's language, and a slug it does not know by its letters", () => {
    const german = messages.translator('de');
    const label = (option: unknown) => (option as { label: string }).label;
    expect(
      facetOptions(
        'type',
        [
          { value: 'boots', count: 3 },
          { value: 'ponchos', count: 1 },
        ],
        '',
        german,
        'de-DE',
      ).map(label),
    ).toEqual(['Ponchos (1)', 'Stiefel (3)']);
    expect(
      facetOptions('collection', [{ value: 'fall', count: 2 }], '', german, 'de-DE').map(label),
    ).toEqual(['Herbst (2)']);
    expect(facetOptions('type', [{ value: 'boots', count: 3 }], '').map(label)).toEqual([
      'Boots (3)',
    ]);
  });
});
