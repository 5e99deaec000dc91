// Route module "./category" (/men and /women): one module, the category read from the path.
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { loadProducts } from '../catalog/catalogApi';
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
  const products = await loadProducts();
  return {
    title: CATEGORY_TEXT[category].title,
    category,
    products: products.filter((p) => p.category === category),
  };
}

export function Component() {
  return <CategoryPage {...useLoaderData<CategoryPageData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
