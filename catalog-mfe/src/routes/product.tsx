// Route module "./product" (/products/:id): a product's page, or the not-found screen.
import { useLoaderData } from 'react-router-dom';
import { ProductPage, type ProductPageData } from '../product/ProductPage';
import { productLoader } from '../product/productRoute';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';

export const handle = { title: 'Product' };
export const loader = productLoader;

export function Component() {
  return <ProductPage {...useLoaderData<ProductPageData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
