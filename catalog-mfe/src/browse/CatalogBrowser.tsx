// A browsable product list: search as you type, sort and filters, all kept in the address, over
// one page of a list the catalog's query service answered (decision 3601): the loader asked for
// exactly what the address says, so this shows the page's products, the counts and the pages.
import { Button } from '@shop/shared';
import { SelectField, type SelectFieldProps } from '@shop/shared/forms';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router-dom';
import type { ListingResult } from '../catalog/catalogQuery';
import { formatCount, productCount } from '../ui/numbers';
import { facetOptions } from './facetOptions';
import { withPage } from './listing';
import { Pagination, takeListMove } from './Pagination';
import { ProductGrid } from './ProductGrid';
import {
  NEGATIVE_PRICE_MESSAGE,
  activeFilterCount,
  isNegativePrice,
  parseProductQuery,
  priceRangeProblem,
  sortOptions,
  withQueryValue,
  withoutFilters,
  type ProductQuery,
} from './productQuery';
import { SearchField } from './SearchField';
import { useUrlDraft } from './useUrlDraft';
import './browse.css';

export interface CatalogBrowserProps {
  /** The page of the list the loader read. */
  listing: ListingResult;
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

const ALL = { value: '', label: 'All' };

function PriceInput(props: {
  id: string;
  label: string;
  placeholder: string;
  value: number | null;
  onChange: (text: string) => void;
  /** The range's own problem (min above max), shown under both fields. */
  rangeProblemId?: string;
}) {
  const field = useUrlDraft(props.value === null ? '' : String(props.value), props.onChange);
  // The address ignores a negative price; the field says so rather than take it silently.
  const negative = isNegativePrice(field.value);
  const errorId = `${props.id}-error`;
  const describedBy = [negative ? errorId : '', props.rangeProblemId ?? ''].filter(Boolean);
  return (
    <span className="catalog-price-range__field">
      <label>
        <span className="shop-visually-hidden">{props.label}</span>
        <input
          id={props.id}
          type="number"
          inputMode="decimal"
          min={0}
          step="1"
          placeholder={props.placeholder}
          className="shop-input catalog-price-range__input"
          aria-invalid={negative || props.rangeProblemId ? true : undefined}
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
          {...field}
        />
      </label>
      {negative && (
        <span id={errorId} className="shop-field__error" aria-live="polite">
          {NEGATIVE_PRICE_MESSAGE}
        </span>
      )}
    </span>
  );
}

/** "Showing 49–72 of 10,309" on a list of several pages, "4 products" on one. */
function countSentence(listing: ListingResult): string {
  const { total, page, perPage, pageCount, products } = listing;
  if (pageCount <= 1) return productCount(total);
  const first = (page - 1) * perPage + 1;
  return `Showing ${formatCount(first)}–${formatCount(first + products.length - 1)} of ${formatCount(total)}`;
}

export function CatalogBrowser({
  listing,
  label,
  hide = {},
  searchPage = false,
}: CatalogBrowserProps) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const query = parseProductQuery(params);
  const searching = query.search.trim() !== '';
  const filters = activeFilterCount(query);
  const rangeProblem = priceRangeProblem(query.minPrice, query.maxPrice);
  const { facets } = listing;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const results = useRef<HTMLDivElement>(null);
  const ids = useId();
  const panelId = `${ids}-filters`;
  const resultsId = `${ids}-results`;
  // The loader is reading this list again (a filter, a search, another page).
  const busy = navigation.state === 'loading' && navigation.location.pathname === location.pathname;

  // A page link moved to another page of the list: show its top, and take the keyboard there
  // (the window stays where it was, so a back or forward move keeps the shell's restoration).
  useEffect(() => {
    if (!takeListMove()) return;
    results.current?.scrollIntoView({ block: 'start' });
    results.current?.focus({ preventScroll: true });
  }, [location.key]);

  // Any change of what the list shows starts again at its first page.
  const update = (field: keyof ProductQuery, value: string | number | null) =>
    setParams((current) => withPage(withQueryValue(current, field, value), 1), {
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
    setParams((current) => withPage(withoutFilters(current, searchPage), 1), {
      replace: true,
      preventScrollReset: true,
    });

  const types = facetOptions('type', facets.type, query.type);
  const prompt = searchPage && !searching;
  let list: ReactNode;
  if (prompt) {
    list = (
      <div className="catalog-empty">
        <p className="catalog-empty__title">What are you looking for?</p>
        <p>
          Type a name, a type (sneakers, boots, knitwear…), a colour, men or women, or a collection.
        </p>
      </div>
    );
  } else if (listing.products.length > 0) {
    list = (
      <>
        <ProductGrid products={listing.products} label={label} />
        <Pagination page={listing.page} pageCount={listing.pageCount} />
      </>
    );
  } else {
    list = (
      <div className="catalog-empty">
        <p className="catalog-empty__title">
          {searching
            ? `No products match “${query.search.trim()}”.`
            : 'No products match your search.'}
        </p>
        <p>
          {rangeProblem ||
            (searching
              ? 'Check the spelling, try another word (a type such as jacket, a colour), or fewer filters.'
              : 'Try another name, or fewer filters.')}
        </p>
        {(filters > 0 || !searchPage) && (
          <Button variant="secondary" onClick={clearFilters}>
            Clear filters
          </Button>
        )}
      </div>
    );
  }

  const searched = listing.correctedSearch ?? query.search.trim();
  let count = '';
  if (!prompt) count = countSentence(listing) + (searching ? ` for “${searched}”` : '');

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
        {!hide.category &&
          queryChoice('category', 'Category', [
            ALL,
            ...facetOptions('category', facets.category, query.category),
          ])}
        {!hide.collection &&
          queryChoice('collection', 'Collection', [
            ALL,
            ...facetOptions('collection', facets.collection, query.collection),
          ])}
        {/* Not offered when no product has a type (older data). */}
        {types.length > 0 && queryChoice('type', 'Type', [ALL, ...types])}
        {queryChoice('size', 'Size', facetOptions('size', facets.size, query.size), 'All sizes')}
        <div className="catalog-price-range" role="group" aria-labelledby={`${ids}-price`}>
          <span id={`${ids}-price`} className="shop-field__label">
            Price ($)
          </span>
          <div className="catalog-price-range__inputs">
            <PriceInput
              id={`${ids}-min`}
              label="Minimum price in dollars"
              placeholder="Min"
              value={query.minPrice}
              onChange={(text) => update('minPrice', text)}
              rangeProblemId={rangeProblem ? `${ids}-range` : undefined}
            />
            <span aria-hidden="true" className="catalog-price-range__dash">
              –
            </span>
            <PriceInput
              id={`${ids}-max`}
              label="Maximum price in dollars"
              placeholder="Max"
              value={query.maxPrice}
              onChange={(text) => update('maxPrice', text)}
              rangeProblemId={rangeProblem ? `${ids}-range` : undefined}
            />
          </div>
          {rangeProblem && (
            <p id={`${ids}-range`} className="shop-field__error catalog-price-range__problem">
              {rangeProblem}
            </p>
          )}
        </div>
        {(filters > 0 || (query.search && !searchPage)) && (
          <Button variant="ghost" size="small" onClick={clearFilters}>
            Clear filters
          </Button>
        )}
      </div>

      <div className="catalog-result-count" aria-live="polite" role="status">
        {listing.correctedSearch !== undefined && searching && (
          <p className="catalog-corrected">Showing results for “{listing.correctedSearch}”</p>
        )}
        <p>{count}</p>
      </div>
      <div
        id={resultsId}
        ref={results}
        tabIndex={-1}
        className={busy ? 'catalog-results catalog-results--busy' : 'catalog-results'}
        aria-busy={busy || undefined}
      >
        {list}
      </div>
    </div>
  );
}
