// A browsable product list: search as you type, sort and filters, all kept in the address, over
// the products of one page (a category, a collection, or the whole shop on the search page).
import { Button, type Product } from '@shop/shared';
import { SelectField, type SelectFieldProps } from '@shop/shared/forms';
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ProductGrid } from './ProductGrid';
import {
  activeFilterCount,
  applyProductQuery,
  availableSizes,
  parseProductQuery,
  sortOptions,
  withQueryValue,
  withoutFilters,
  type ProductQuery,
} from './productQuery';
import { SearchField } from './SearchField';
import { useUrlDraft } from './useUrlDraft';
import './browse.css';
import { collectionName } from '../catalog/catalogApi';
import { productTypes, typeName } from '../catalog/productTypes';
import { useProductSearch } from '../search/useProductSearch';

export interface CatalogBrowserProps {
  products: readonly Product[];
  /** Accessible name of the result list. */
  label: string;
  /** Filters that the page itself fixes (e.g. /men fixes the category): not offered. */
  hide?: { category?: boolean; collection?: boolean };
  /**
   * The search page: the list shows only what a search finds (nothing before a search), and
   * "Clear filters" keeps the search.
   */
  searchPage?: boolean;
}

const CATEGORY_CHOICES = [
  { value: '', label: 'All' },
  { value: 'men', label: 'Men' },
  { value: 'women', label: 'Women' },
];
/** The collections the products belong to (collections are data: any slug), named after it. */
function collectionChoices(products: readonly Product[]) {
  const slugs = [...new Set(products.map((p) => p.collection))].sort();
  return [
    { value: '', label: 'All' },
    ...slugs.map((slug) => ({ value: slug, label: collectionName(slug) })),
  ];
}

/** The types the products have; none offered when no product has one (older data). */
function typeChoices(products: readonly Product[]) {
  return [
    { value: '', label: 'All' },
    ...productTypes(products).map((type) => ({ value: type, label: typeName(type) })),
  ];
}

function PriceInput(props: {
  label: string;
  placeholder: string;
  value: number | null;
  onChange: (text: string) => void;
}) {
  const field = useUrlDraft(props.value === null ? '' : String(props.value), props.onChange);
  return (
    <label>
      <span className="shop-visually-hidden">{props.label}</span>
      <input
        type="number"
        inputMode="decimal"
        min={0}
        step="1"
        placeholder={props.placeholder}
        className="shop-input catalog-price-range__input"
        {...field}
      />
    </label>
  );
}

function plural(count: number) {
  return `${count} ${count === 1 ? 'product' : 'products'}`;
}

export function CatalogBrowser({
  products,
  label,
  hide = {},
  searchPage = false,
}: CatalogBrowserProps) {
  const [params, setParams] = useSearchParams();
  const query = parseProductQuery(params);
  const searching = query.search.trim() !== '';
  const search = useProductSearch(products, query.search);
  const results = applyProductQuery(products, query, search.ranking);
  const sizes = availableSizes(products);
  const types = typeChoices(products);
  const filters = activeFilterCount(query);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const ids = useId();
  const panelId = `${ids}-filters`;
  const resultsId = `${ids}-results`;

  const update = (field: keyof ProductQuery, value: string | number | null) =>
    setParams((current) => withQueryValue(current, field, value), {
      replace: true,
      preventScrollReset: true,
    });

  /** A choice kept in the address under its own name (sort, category, collection, size). */
  const queryChoice = (
    field: 'sort' | 'category' | 'collection' | 'type' | 'size',
    label: string,
    options: SelectFieldProps['options'],
    placeholder?: string,
  ) => (
    <SelectField
      name={field}
      id={`${ids}-${field}`}
      label={label}
      className="catalog-control"
      placeholder={placeholder}
      options={options}
      value={query[field]}
      onChange={(event) => update(field, event.target.value)}
    />
  );

  const clearFilters = () =>
    setParams((current) => withoutFilters(current, searchPage), {
      replace: true,
      preventScrollReset: true,
    });

  let list: ReactNode;
  if (searchPage && !searching) {
    list = (
      <div className="catalog-empty">
        <p className="catalog-empty__title">What are you looking for?</p>
        <p>
          Type a name, a type (sneakers, boots, knitwear…), a colour, men or women, or a collection.
        </p>
      </div>
    );
  } else if (search.pending) {
    list = <p className="catalog-searching">Searching…</p>;
  } else if (results.length > 0) {
    list = <ProductGrid products={results} label={label} />;
  } else {
    list = (
      <div className="catalog-empty">
        <p className="catalog-empty__title">
          {searching
            ? `No products match “${query.search.trim()}”.`
            : 'No products match your search.'}
        </p>
        <p>
          {searching
            ? 'Check the spelling, try another word (a type such as jacket, a colour), or fewer filters.'
            : 'Try another name, or fewer filters.'}
        </p>
        {(filters > 0 || !searchPage) && (
          <Button variant="secondary" onClick={clearFilters}>
            Clear filters
          </Button>
        )}
      </div>
    );
  }

  let count = plural(results.length);
  if (searchPage && !searching) count = '';
  else if (search.pending) count = 'Searching…';
  else if (searching) count = `${plural(results.length)} for “${query.search}”`;

  return (
    <div className="catalog-browser">
      <div className="catalog-toolbar">
        <SearchField
          value={query.search}
          onSearch={(text) => update('search', text)}
          controls={resultsId}
        />
        <div className="catalog-toolbar__row">
          {queryChoice('sort', 'Sort by', sortOptions(query.search))}
          <button
            type="button"
            className="shop-button shop-button--secondary catalog-filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            Filters{filters > 0 ? ` (${filters})` : ''}
          </button>
        </div>
      </div>

      <div
        id={panelId}
        className={filtersOpen ? 'catalog-filters catalog-filters--open' : 'catalog-filters'}
        role="group"
        aria-label="Filters"
      >
        {!hide.category && queryChoice('category', 'Category', CATEGORY_CHOICES)}
        {!hide.collection && queryChoice('collection', 'Collection', collectionChoices(products))}
        {(types.length > 1 || query.type) &&
          queryChoice(
            'type',
            'Type',
            // A type in the address that no product has still shows, so the filter stays visible.
            query.type && !types.some((t) => t.value === query.type)
              ? [...types, { value: query.type, label: typeName(query.type) }]
              : types,
          )}
        {queryChoice(
          'size',
          'Size',
          // A size in the address that no product has still shows, so the filter stays visible.
          query.size && !sizes.includes(query.size) ? [query.size, ...sizes] : sizes,
          'All sizes',
        )}
        <div className="catalog-price-range" role="group" aria-labelledby={`${ids}-price`}>
          <span id={`${ids}-price`} className="shop-field__label">
            Price ($)
          </span>
          <div className="catalog-price-range__inputs">
            <PriceInput
              label="Minimum price in dollars"
              placeholder="Min"
              value={query.minPrice}
              onChange={(text) => update('minPrice', text)}
            />
            <span aria-hidden="true">–</span>
            <PriceInput
              label="Maximum price in dollars"
              placeholder="Max"
              value={query.maxPrice}
              onChange={(text) => update('maxPrice', text)}
            />
          </div>
        </div>
        {(filters > 0 || (query.search && !searchPage)) && (
          <Button variant="ghost" size="small" onClick={clearFilters}>
            Clear filters
          </Button>
        )}
      </div>

      <p className="catalog-result-count" aria-live="polite" role="status">
        {count}
      </p>
      <div id={resultsId}>{list}</div>
    </div>
  );
}
