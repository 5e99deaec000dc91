// A browsable product list: search as you type, sort and filters, all kept in the address, over
// the products of one page (a category, a collection or the whole shop).
import { Button, SelectField, type Product, type SelectFieldProps } from '@shop/shared';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ProductGrid } from './ProductGrid';
import {
  SORT_OPTIONS,
  activeFilterCount,
  applyProductQuery,
  availableSizes,
  parseProductQuery,
  withQueryValue,
  withoutFilters,
  type ProductQuery,
} from './productQuery';
import { SearchField } from './SearchField';
import { useUrlDraft } from './useUrlDraft';
import './browse.css';
import { collectionName } from '../catalog/catalogApi';

export interface CatalogBrowserProps {
  products: readonly Product[];
  /** Accessible name of the result list. */
  label: string;
  /** Filters that the page itself fixes (e.g. /men fixes the category): not offered. */
  hide?: { category?: boolean; collection?: boolean };
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

export function CatalogBrowser({ products, label, hide = {} }: CatalogBrowserProps) {
  const [params, setParams] = useSearchParams();
  const query = parseProductQuery(params);
  const results = applyProductQuery(products, query);
  const sizes = availableSizes(products);
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
    field: 'sort' | 'category' | 'collection' | 'size',
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
    setParams((current) => withoutFilters(current), { replace: true, preventScrollReset: true });

  return (
    <div className="catalog-browser">
      <div className="catalog-toolbar">
        <SearchField
          value={query.search}
          onSearch={(text) => update('search', text)}
          controls={resultsId}
        />
        <div className="catalog-toolbar__row">
          {queryChoice('sort', 'Sort by', SORT_OPTIONS)}
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
        {(filters > 0 || query.search) && (
          <Button variant="ghost" size="small" onClick={clearFilters}>
            Clear filters
          </Button>
        )}
      </div>

      <p className="catalog-result-count" aria-live="polite" role="status">
        {query.search ? `${plural(results.length)} for “${query.search}”` : plural(results.length)}
      </p>
      <div id={resultsId}>
        {results.length > 0 ? (
          <ProductGrid products={results} label={label} />
        ) : (
          <div className="catalog-empty">
            <p className="catalog-empty__title">No products match your search.</p>
            <p>Try another name, or fewer filters.</p>
            <Button variant="secondary" onClick={clearFilters}>
              Clear filters
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
