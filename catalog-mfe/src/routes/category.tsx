// Route module "./category" (/men and /women): one module, the category read from the path.
import { useLoaderData } from 'react-router-dom';
import { CategoryPage, type CategoryPageData } from '../category/CategoryPage';
import { categoryLoader } from '../category/categoryRoute';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';

export const handle = { title: 'Category' };
export const loader = categoryLoader;

export function Component() {
  return <CategoryPage {...useLoaderData<CategoryPageData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
