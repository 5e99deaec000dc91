// Route module "./search" (the search results page, `?q=` the words).
import { useLoaderData } from 'react-router-dom';
import { SearchPage, type SearchPageData } from '../search/SearchPage';
import { searchLoader } from '../search/searchRoute';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';

export const handle = { title: 'Search' };
export const loader = searchLoader;

export function Component() {
  return <SearchPage {...useLoaderData<SearchPageData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
