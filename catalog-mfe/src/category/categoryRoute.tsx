// Route module "./category" (/men and /women): one module, the category read from the path. The
// data of /men and /women: one loader, the category read from the path; the page of its list comes
// from the catalog's query service (decision 3601).
import { type LoaderFunctionArgs, useLoaderData } from 'react-router-dom';
import { shopContextOf } from '@shop/shared';
import { listTitle, loadListing } from '../browse/listing';
import {
  categoryText,
  categoryFromPath,
  type CategoryPageData,
  CategoryPage,
} from './CategoryPage';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';
import { messages } from '../messages';

export async function loader({ request, context }: LoaderFunctionArgs): Promise<CategoryPageData> {
  const shop = shopContextOf(context);
  const category = categoryFromPath(new URL(request.url).pathname);
  const listing = await loadListing(shop, request, { category });
  const t = messages.translator(shop.market.language);
  return { title: listTitle(categoryText(category, t).title, listing, t), category, listing };
}

export const handle = { title: 'Category', messages };

export function Component() {
  return <CategoryPage {...useLoaderData<CategoryPageData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
