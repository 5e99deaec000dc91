// Route module "./search" (the search results page, `?q=` the words). The data of the search
// results page (`?q=` the words): the catalog's query service searches (decision 3601) and answers
// one page of results with the filters' counts.
import { type LoaderFunctionArgs, useLoaderData } from 'react-router-dom';
import { shopContextOf } from '@shop/shared';
import { listTitle, loadListing } from '../browse/listing';
import { parseProductQuery } from '../browse/productQuery';
import { searchTitle, type SearchPageData, SearchPage } from './SearchPage';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';
import { messages } from '../messages';

export async function loader({ request, context }: LoaderFunctionArgs): Promise<SearchPageData> {
  const shop = shopContextOf(context);
  const { search } = parseProductQuery(new URL(request.url).searchParams);
  const listing = await loadListing(shop, request);
  const t = messages.translator(shop.market.language);
  return {
    title: listTitle(searchTitle(search, t), listing, t),
    description: t(
      'Search Threadline: clothing and sneakers by name, type, colour, category or collection.',
    ),
    // Before a search the page lists nothing: only the filters' counts are sent.
    listing: search.trim() === '' ? { ...listing, products: [] } : listing,
  };
}

export const handle = { title: 'Search', messages };

export function Component() {
  return <SearchPage {...useLoaderData<SearchPageData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
