// The data of the search results page (route module "./search", `?q=` the words): the catalog's
// query service searches (decision 3601) and answers one page of results with the filters' counts.
import type { LoaderFunctionArgs } from 'react-router-dom';
import { listTitle, loadListing } from '../browse/listing';
import { parseProductQuery } from '../browse/productQuery';
import { searchTitle, type SearchPageData } from './SearchPage';

const DESCRIPTION =
  'Search Threadline: clothing and sneakers by name, type, colour, category or collection.';

export async function searchLoader({ request }: LoaderFunctionArgs): Promise<SearchPageData> {
  const { search } = parseProductQuery(new URL(request.url).searchParams);
  const listing = await loadListing(request);
  return {
    title: listTitle(searchTitle(search), listing),
    description: DESCRIPTION,
    // Before a search the page lists nothing: only the filters' counts are sent.
    listing: search.trim() === '' ? { ...listing, products: [] } : listing,
  };
}
