// The data of /men and /women (route module "./category"): one loader, the category read from the
// path; the page of its list comes from the catalog's query service (decision 3601).
import type { LoaderFunctionArgs } from 'react-router-dom';
import { listTitle, loadListing } from '../browse/listing';
import { CATEGORY_TEXT, categoryFromPath, type CategoryPageData } from './CategoryPage';

export async function categoryLoader({ request }: LoaderFunctionArgs): Promise<CategoryPageData> {
  const category = categoryFromPath(new URL(request.url).pathname);
  const listing = await loadListing(request, { category });
  return { title: listTitle(CATEGORY_TEXT[category].title, listing), category, listing };
}
