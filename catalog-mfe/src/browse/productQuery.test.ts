import {
  activeFilterCount,
  compareSizes,
  parseProductQuery,
  withQueryValue,
  withoutFilters,
} from './productQuery';

const query = (search: string) => parseProductQuery(new URLSearchParams(search));

// Filtering, sorting and searching are the catalog query service's (decision 3601); the page
// reads and writes what the address asks for.
describe('product query', () => {
  it('reads the sort: the newest by default, the best match while searching', () => {
    expect(query('').sort).toBe('newest');
    expect(query('sort=price-desc').sort).toBe('price-desc');
    expect(query('q=x').sort).toBe('relevance');
    expect(query('q=x&sort=price-asc').sort).toBe('price-asc');
    // Best match needs a search: without one it is the newest first.
    expect(query('sort=relevance').sort).toBe('newest');
  });

  it('reads every filter, and any well-formed type slug', () => {
    expect(query('category=men&collection=fall&type=coats&size=M&min=50&max=100')).toMatchObject({
      category: 'men',
      collection: 'fall',
      type: 'coats',
      size: 'M',
      minPrice: 50,
      maxPrice: 100,
    });
    expect(query('type=Not a type').type).toBe('');
    expect(activeFilterCount(query('type=bags&size=M'))).toBe(2);
  });

  it('treats unknown or malformed values as no filter', () => {
    const query = parseProductQuery(new URLSearchParams('sort=cheap&category=kids&min=abc&max=-3'));
    expect(query).toMatchObject({ sort: 'newest', category: '', minPrice: null, maxPrice: null });
    expect(activeFilterCount(query)).toBe(0);
  });

  it('writes short addresses: empty values and the default sort are dropped, others kept', () => {
    let params = new URLSearchParams('ref=mail');
    params = withQueryValue(params, 'size', 'M');
    params = withQueryValue(params, 'sort', 'price-asc');
    params = withQueryValue(params, 'search', 'run');
    expect(params.toString()).toBe('ref=mail&size=M&sort=price-asc&q=run');
    // While searching, the default sort is the best match: "newest" is a choice and stays.
    params = withQueryValue(params, 'sort', 'newest');
    params = withQueryValue(params, 'size', '');
    expect(params.toString()).toBe('ref=mail&sort=newest&q=run');
    params = withQueryValue(params, 'sort', 'relevance');
    expect(params.toString()).toBe('ref=mail&q=run');
    params = withQueryValue(params, 'search', '');
    params = withQueryValue(params, 'sort', 'newest');
    expect(params.toString()).toBe('ref=mail');
    expect(withoutFilters(new URLSearchParams('q=a&size=M&sort=price-desc&ref=x')).toString()).toBe(
      'sort=price-desc&ref=x',
    );
    expect(withoutFilters(new URLSearchParams('q=a&type=bags&ref=x'), true).toString()).toBe(
      'q=a&ref=x',
    );
  });

  it('orders sizes as the shop does: letters, then numbers, then the rest', () => {
    expect(['43', 'M', 'one', 'XS', '41', 'L', 'S'].sort(compareSizes)).toEqual([
      'XS',
      'S',
      'M',
      'L',
      '41',
      '43',
      'one',
    ]);
  });
});
