// Route module "./search" (the search results page, `?q=` the words): every product, matched in
// the page by the search engine, which the loader starts fetching alongside the products.
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { loadProducts } from '../catalog/catalogApi';
import { parseProductQuery } from '../browse/productQuery';
import { SearchPage, searchTitle, type SearchPageData } from '../search/SearchPage';
import { loadProductSearch } from '../search/useProductSearch';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';

export const handle = { title: 'Search' };

const DESCRIPTION =
  'Search Threadline: clothing and sneakers by name, type, colour, category or collection.';

export async function loader({ request }: LoaderFunctionArgs): Promise<SearchPageData> {
  const { search } = parseProductQuery(new URL(request.url).searchParams);
  // The engine's chunk travels with the catalog read; a failure shows in the page (names only).
  if (search.trim() !== '') loadProductSearch().catch(() => undefined);
  return { title: searchTitle(search), description: DESCRIPTION, products: await loadProducts() };
}

export function Component() {
  return <SearchPage {...useLoaderData<SearchPageData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
