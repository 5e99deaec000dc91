// Route module "./product" (/products/:id): an unknown id answers 404, which the error element
// shows as a proper not-found screen.
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { loadProduct } from '../catalog/catalogApi';
import { ProductPage, type ProductPageData } from '../product/ProductPage';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';

export const handle = { title: 'Product' };

export async function loader({ params, request }: LoaderFunctionArgs): Promise<ProductPageData> {
  const product = await loadProduct(params.id ?? '');
  if (!product) throw data({ title: 'Product not found' }, { status: 404 });
  return {
    title: product.name,
    description: product.description,
    image: product.imageUrl,
    origin: new URL(request.url).origin,
    product,
  };
}

export function Component() {
  return <ProductPage {...useLoaderData<ProductPageData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
