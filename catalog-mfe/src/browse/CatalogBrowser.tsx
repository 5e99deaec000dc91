// A browsable product list: search as you type, sort and filters, all kept in the address, over
// one page of a list the catalog's query service answered (decision 3601): the loader asked for
// exactly what the address says, so this shows the page's products, the counts and the pages.
import { Button, useMarket, useMessages, type Translate } from '@shop/shared';
import { usePageNavigation } from '@shop/shared/routes/pageNavigation';
import { SelectField, type SelectFieldProps } from '@shop/shared/forms';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { ListingResult } from '../catalog/catalogQuery';
import { messages } from '../messages';
import { formatCount, productCount } from '../ui/numbers';
import { facetOptions } from './facetOptions';
import { withPage } from './listing';
import { Pagination, takeListMove } from './Pagination';
import { ProductGrid } from './ProductGrid';
import {
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

/** The "no filter" choice of a filter. */
const all = (t: Translate) => ({ value: '', label: t('All') });

/** The sort choices' names in the page's texts (productQuery names them for the service too). */
function sortLabel(value: string, t: Translate): string {
  switch (value) {
    case 'relevance':
      return t('Best match');
    case 'newest':
      return t('Newest');
    case 'price-asc':
      return t('Price: low to high');
    case 'price-desc':
      return t('Price: high to low');
    default:
      return value;
  }
}

function PriceInput(props: {
  id: string;
  label: string;
  placeholder: string;
  value: number | null;
  onChange: (text: string) => void;
  /** The range's own problem (min above max), shown under both fields. */
  rangeProblemId?: string;
}) {
  const t = useMessages(messages);
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
          {t('A price cannot be below $0.')}
        </span>
      )}
    </span>
  );
}

/** "Showing 49–72 of 10,309" on a list of several pages, "4 products" on one. */
function countSentence(listing: ListingResult, t: Translate, locale: string): string {
  const { total, page, perPage, pageCount, products } = listing;
  if (pageCount <= 1) return productCount(total, t, locale);
  const first = (page - 1) * perPage + 1;
  return t('Showing {first}–{last} of {total}', {
    first: formatCount(first, locale),
    last: formatCount(first + products.length - 1, locale),
    total: formatCount(total, locale),
  });
}

/** The list itself: the search page's prompt, the page of products, or why nothing matched. */
function ListBody(props: {
  listing: ListingResult;
  label: string;
  query: ProductQuery;
  prompt: boolean;
  rangeProblem: string;
  /** "Clear filters" is offered when nothing matched. */
  canClear: boolean;
  onClear: () => void;
}) {
  const t = useMessages(messages);
  const { listing, query } = props;
  const searching = query.search.trim() !== '';
  if (props.prompt) {
    return (
      <div className="catalog-empty">
        <p className="catalog-empty__title">{t('What are you looking for?')}</p>
        <p>
          {t(
            'Type a name, a type (sneakers, boots, knitwear…), a colour, men or women, or a collection.',
          )}
        </p>
      </div>
    );
  }
  if (listing.products.length > 0) {
    return (
      <>
        <ProductGrid products={listing.products} label={props.label} />
        <Pagination page={listing.page} pageCount={listing.pageCount} />
      </>
    );
  }
  return (
    <div className="catalog-empty">
      <p className="catalog-empty__title">
        {searching
          ? t('No products match “{search}”.', { search: query.search.trim() })
          : t('No products match your search.')}
      </p>
      <p>
        {props.rangeProblem ||
          (searching
            ? t(
                'Check the spelling, try another word (a type such as jacket, a colour), or fewer filters.',
              )
            : t('Try another name, or fewer filters.'))}
      </p>
      {props.canClear && (
        <Button variant="secondary" onClick={props.onClear}>
          {t('Clear filters')}
        </Button>
      )}
    </div>
  );
}

/** The price range's two fields, and the range's own problem (min above max) under both. */
function PriceRange(props: {
  ids: string;
  query: ProductQuery;
  rangeProblem: string;
  update: (field: 'minPrice' | 'maxPrice', text: string) => void;
}) {
  const t = useMessages(messages);
  const { ids, query, rangeProblem, update } = props;
  const rangeProblemId = rangeProblem ? `${ids}-range` : undefined;
  return (
    <div className="catalog-price-range" role="group" aria-labelledby={`${ids}-price`}>
      <span id={`${ids}-price`} className="shop-field__label">
        {t('Price ($)')}
      </span>
      <div className="catalog-price-range__inputs">
        <PriceInput
          id={`${ids}-min`}
          label={t('Minimum price in dollars')}
          placeholder={t('Min')}
          value={query.minPrice}
          onChange={(text) => update('minPrice', text)}
          rangeProblemId={rangeProblemId}
        />
        <span aria-hidden="true" className="catalog-price-range__dash">
          –
        </span>
        <PriceInput
          id={`${ids}-max`}
          label={t('Maximum price in dollars')}
          placeholder={t('Max')}
          value={query.maxPrice}
          onChange={(text) => update('maxPrice', text)}
          rangeProblemId={rangeProblemId}
        />
      </div>
      {rangeProblem && (
        <p id={rangeProblemId} className="shop-field__error catalog-price-range__problem">
          {rangeProblem}
        </p>
      )}
    </div>
  );
}

type ChoiceField = 'sort' | 'category' | 'collection' | 'type' | 'size';

/**
 * The list's address as its state: the query it asks, a change of one of its values (any change
 * of what the list shows starts again at its first page) and the clearing of its filters.
 */
function useListAddress(searchPage: boolean) {
  const [params, setParams] = useSearchParams();
  const replace = { replace: true, preventScrollReset: true };
  return {
    query: parseProductQuery(params),
    update: (field: keyof ProductQuery, value: string | number | null) =>
      setParams((current) => withPage(withQueryValue(current, field, value), 1), replace),
    clearFilters: () =>
      setParams((current) => withPage(withoutFilters(current, searchPage), 1), replace),
  };
}

/** A page link moved to another page of the list: show its top and take the keyboard there. */
function useListMoveFocus() {
  const results = useRef<HTMLDivElement>(null);
  const location = useLocation();
  // The window stays where it was, so a back or forward move keeps the shell's restoration.
  useEffect(() => {
    if (!takeListMove()) return;
    results.current?.scrollIntoView({ block: 'start' });
    results.current?.focus({ preventScroll: true });
  }, [location.key]);
  return results;
}

/** What a choice of the list needs: the ids of the browser, the query and its change. */
interface ListControls {
  ids: string;
  query: ProductQuery;
  update: (field: keyof ProductQuery, value: string | number | null) => void;
}

/** A choice kept in the address under its own name (sort, category, collection, type, size). */
function QueryChoice(props: {
  controls: ListControls;
  field: ChoiceField;
  label: string;
  options: SelectFieldProps['options'];
  placeholder?: string;
}) {
  const { ids, query, update } = props.controls;
  return (
    <SelectField
      name={props.field}
      id={`${ids}-${props.field}`}
      label={props.label}
      className="catalog-control"
      placeholder={props.placeholder}
      options={props.options}
      value={query[props.field]}
      onChange={(event) => update(props.field, event.target.value)}
    />
  );
}

/** The filters (a panel the toolbar's "Filters" button opens on a narrow screen). */
function FilterPanel(props: {
  controls: ListControls;
  facets: ListingResult['facets'];
  hide: NonNullable<CatalogBrowserProps['hide']>;
  open: boolean;
  rangeProblem: string;
  canClear: boolean;
  onClear: () => void;
}) {
  const t = useMessages(messages);
  const { locale } = useMarket();
  const { controls, facets, hide } = props;
  const { ids, query } = controls;
  const types = facetOptions('type', facets.type, query.type, t, locale);
  const ALL = all(t);
  return (
    <div
      id={`${ids}-filters`}
      className={props.open ? 'catalog-filters catalog-filters--open' : 'catalog-filters'}
      role="group"
      aria-label={t('Filters')}
    >
      {!hide.category && (
        <QueryChoice
          controls={controls}
          field="category"
          label={t('Category')}
          options={[ALL, ...facetOptions('category', facets.category, query.category, t, locale)]}
        />
      )}
      {!hide.collection && (
        <QueryChoice
          controls={controls}
          field="collection"
          label={t('Collection')}
          options={[
            ALL,
            ...facetOptions('collection', facets.collection, query.collection, t, locale),
          ]}
        />
      )}
      {/* Not offered when no product has a type (older data). */}
      {types.length > 0 && (
        <QueryChoice controls={controls} field="type" label={t('Type')} options={[ALL, ...types]} />
      )}
      <QueryChoice
        controls={controls}
        field="size"
        label={t('Size')}
        options={facetOptions('size', facets.size, query.size, t, locale)}
        placeholder={t('All sizes')}
      />
      <PriceRange
        ids={ids}
        query={query}
        rangeProblem={props.rangeProblem}
        update={controls.update}
      />
      {props.canClear && (
        <Button variant="ghost" size="small" onClick={props.onClear}>
          {t('Clear filters')}
        </Button>
      )}
    </div>
  );
}

/** How many products the list has (and the corrected search), announced as it changes. */
function ResultCount(props: { listing: ListingResult; searching: boolean; count: string }) {
  const t = useMessages(messages);
  const corrected = props.listing.correctedSearch;
  return (
    <div className="catalog-result-count" aria-live="polite" role="status">
      {corrected !== undefined && props.searching && (
        <p className="catalog-corrected">
          {t('Showing results for “{search}”', { search: corrected })}
        </p>
      )}
      <p>{props.count}</p>
    </div>
  );
}

/** Whether the loader is reading this list again (a filter, a search, another page). */
function useListReading(): boolean {
  const location = useLocation();
  const navigation = usePageNavigation();
  return navigation.state === 'loading' && navigation.pathname === location.pathname;
}

/** The list's search field, its sort and the button that shows its filters on phones. */
function ListToolbar(props: {
  controls: ListControls;
  resultsId: string;
  filters: number;
  filtersOpen: boolean;
  onToggleFilters: () => void;
}) {
  const t = useMessages(messages);
  const { controls, filters } = props;
  const { ids, query, update } = controls;
  return (
    <div className="catalog-toolbar">
      <SearchField
        value={query.search}
        onSearch={(text) => update('search', text)}
        controls={props.resultsId}
      />
      <div className="catalog-toolbar__row">
        <QueryChoice
          controls={controls}
          field="sort"
          label={t('Sort by')}
          options={sortOptions(query.search).map((option) => ({
            ...option,
            label: sortLabel(option.value, t),
          }))}
        />
        <button
          type="button"
          className="shop-button shop-button--secondary catalog-filters-toggle"
          aria-expanded={props.filtersOpen}
          aria-controls={`${ids}-filters`}
          onClick={props.onToggleFilters}
        >
          {filters > 0 ? t('Filters ({count})', { count: filters }) : t('Filters')}
        </button>
      </div>
    </div>
  );
}

export function CatalogBrowser({
  listing,
  label,
  hide = {},
  searchPage = false,
}: CatalogBrowserProps) {
  const t = useMessages(messages);
  const market = useMarket();
  const { locale } = market;
  const { query, update, clearFilters } = useListAddress(searchPage);
  const searching = query.search.trim() !== '';
  const filters = activeFilterCount(query);
  const rangeProblem = priceRangeProblem(query.minPrice, query.maxPrice, t, market);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const results = useListMoveFocus();
  const ids = useId();
  const controls: ListControls = { ids, query, update };
  const resultsId = `${ids}-results`;
  const busy = useListReading();
  const prompt = searchPage && !searching;
  const searched = listing.correctedSearch ?? query.search.trim();
  const count = prompt
    ? ''
    : searching
      ? t('{count} for “{search}”', { count: countSentence(listing, t, locale), search: searched })
      : countSentence(listing, t, locale);

  return (
    <div className="catalog-browser">
      <ListToolbar
        controls={controls}
        resultsId={resultsId}
        filters={filters}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
      />
      <FilterPanel
        controls={controls}
        facets={listing.facets}
        hide={hide}
        open={filtersOpen}
        rangeProblem={rangeProblem}
        canClear={filters > 0 || (query.search !== '' && !searchPage)}
        onClear={clearFilters}
      />
      <ResultCount listing={listing} searching={searching} count={count} />
      <div
        id={resultsId}
        ref={results}
        tabIndex={-1}
        className={busy ? 'catalog-results catalog-results--busy' : 'catalog-results'}
        aria-busy={busy || undefined}
      >
        <ListBody
          listing={listing}
          label={label}
          query={query}
          prompt={prompt}
          rangeProblem={rangeProblem}
          canClear={filters > 0 || !searchPage}
          onClear={clearFilters}
        />
      </div>
    </div>
  );
}
