// The results page of a search (the header's search form and the shop's search fields lead
// here): every product the search finds, best match first, with the catalog's sorting and filters.
import type { Product } from '@shop/shared';
import { useSearchParams } from 'react-router-dom';
import { CatalogBrowser } from '../browse/CatalogBrowser';
import { parseProductQuery } from '../browse/productQuery';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import '../ui/catalog.css';

export interface SearchPageData {
  title: string;
  description: string;
  products: Product[];
}

/** The page's title: what was searched for. */
export function searchTitle(search: string): string {
  return search.trim() === '' ? 'Search' : `Search: ${search.trim()}`;
}

export function SearchPage({ products }: SearchPageData) {
  const [params] = useSearchParams();
  const search = parseProductQuery(params).search.trim();
  return (
    <div className="catalog-page">
      <Breadcrumbs trail={[{ label: 'Home', to: '/' }, { label: 'Search' }]} />
      <header className="catalog-page__intro">
        <h1>{search === '' ? 'Search the shop' : `Search results for “${search}”`}</h1>
      </header>
      <CatalogBrowser products={products} label="Search results" searchPage />
    </div>
  );
}
