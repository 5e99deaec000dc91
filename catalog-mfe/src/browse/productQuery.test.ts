import { PRODUCTS } from '../testing/fakeCatalog';
import {
  activeFilterCount,
  applyProductQuery,
  availableSizes,
  nameMatches,
  parseProductQuery,
  withQueryValue,
  withoutFilters,
} from './productQuery';

const ids = (search: string) =>
  applyProductQuery(PRODUCTS, parseProductQuery(new URLSearchParams(search))).map((p) => p.id);

describe('product query', () => {
  it('sorts newest first by default, then by the price paid either way', () => {
    expect(ids('')).toEqual(['p2', 'p4', 'p1', 'p3']);
    expect(ids('sort=price-asc')).toEqual(['p4', 'p2', 'p1', 'p3']);
    expect(ids('sort=price-desc')).toEqual(['p3', 'p1', 'p2', 'p4']);
  });

  it('filters by category, collection, size and price range together', () => {
    expect(ids('category=men')).toEqual(['p1', 'p3']);
    expect(ids('collection=spring')).toEqual(['p2', 'p4']);
    expect(ids('size=M')).toEqual(['p2', 'p3']);
    expect(ids('min=50&max=100')).toEqual(['p2', 'p1']);
    expect(ids('category=men&size=M&max=250')).toEqual(['p3']);
  });

  it('filters by type, from any well-formed type slug', () => {
    expect(ids('type=coats')).toEqual(['p3']);
    expect(ids('type=coats&category=women')).toEqual([]);
    expect(ids('type=Not a type')).toEqual(['p2', 'p4', 'p1', 'p3']);
    expect(activeFilterCount(parseProductQuery(new URLSearchParams('type=bags&size=M')))).toBe(2);
  });

  it('keeps what the search engine found, in its order (best match) unless another sort is asked', () => {
    const query = (search: string) => parseProductQuery(new URLSearchParams(search));
    expect(query('q=x').sort).toBe('relevance');
    expect(applyProductQuery(PRODUCTS, query('q=x'), ['p3', 'p4', 'p1']).map((p) => p.id)).toEqual([
      'p3',
      'p4',
      'p1',
    ]);
    expect(
      applyProductQuery(PRODUCTS, query('q=x&sort=price-asc'), ['p3', 'p4', 'p1']).map((p) => p.id),
    ).toEqual(['p4', 'p1', 'p3']);
    expect(
      applyProductQuery(PRODUCTS, query('q=x&category=men'), ['p3', 'p4', 'p1']).map((p) => p.id),
    ).toEqual(['p3', 'p1']);
    // Best match needs a search: without one it is the newest first.
    expect(query('sort=relevance').sort).toBe('newest');
  });

  it('without the search engine (it could not load), matches names: any case, accents ignored, all words', () => {
    expect(ids('q=RUN')).toEqual(['p1']);
    expect(ids('q=  coat ')).toEqual(['p3']);
    expect(ids('q=dress linen')).toEqual(['p2']);
    expect(ids('q=nothing')).toEqual([]);
    expect(nameMatches('Crème Sweater', 'creme')).toBe(true);
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

  it('lists the sizes on offer in shop order', () => {
    expect(availableSizes(PRODUCTS)).toEqual(['XS', 'S', 'M', 'L', '41', '42', '43']);
  });
});
