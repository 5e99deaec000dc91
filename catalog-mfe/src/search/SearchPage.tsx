// The results page of a search (the header's search form and the shop's search fields lead
// here): what the catalog's service finds, best match first, a page at a time, with the
// catalog's sorting and filters.
import { useSearchParams } from 'react-router-dom';
import { CatalogBrowser } from '../browse/CatalogBrowser';
import { parseProductQuery } from '../browse/productQuery';
import type { ListingResult } from '../catalog/catalogQuery';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import '../ui/catalog.css';
import { useMessages, type Translate } from '@shop/shared';
import { messages } from '../messages';

export interface SearchPageData {
  title: string;
  description: string;
  /** The page of results (no products before a search: the filters' counts only). */
  listing: ListingResult;
}

/** The page's title: what was searched for. */
export function searchTitle(search: string, t: Translate): string {
  return search.trim() === '' ? t('Search') : t('Search: {search}', { search: search.trim() });
}

export function SearchPage({ listing }: SearchPageData) {
  const t = useMessages(messages);
  const [params] = useSearchParams();
  const search = parseProductQuery(params).search.trim();
  return (
    <div className="catalog-page">
      <Breadcrumbs trail={[{ label: t('Home'), to: '/' }, { label: t('Search') }]} />
      <header className="catalog-page__intro">
        <h1>
          {search === '' ? t('Search the shop') : t('Search results for “{search}”', { search })}
        </h1>
      </header>
      <CatalogBrowser listing={listing} label={t('Search results')} searchPage />
    </div>
  );
}
