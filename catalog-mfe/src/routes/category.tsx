// Route module "./category" (/men and /women): one module, the category read from the path; the
// page of its list comes from the catalog's query service (decision 3601).
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { listTitle, loadListing } from '../browse/listing';
import {
  CATEGORY_TEXT,
  CategoryPage,
  categoryFromPath,
  type CategoryPageData,
} from '../category/CategoryPage';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';

export const handle = { title: 'Category' };

export async function loader({ request }: LoaderFunctionArgs): Promise<CategoryPageData> {
  const category = categoryFromPath(new URL(request.url).pathname);
  const listing = await loadListing(request, { category });
  return { title: listTitle(CATEGORY_TEXT[category].title, listing), category, listing };
}

export function Component() {
  return <CategoryPage {...useLoaderData<CategoryPageData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
