// Route module "./product" (/products/:id): a product's page, or the not-found screen. The data of
// /products/:id: an unknown id answers 404, which the error element shows as a proper not-found
// screen. The product's record comes from the database (the shell preloads it, routes.json); the
// products it suggests from the catalog's query service.
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router-dom';
import { shopContextOf } from '@shop/shared';
import { loadProduct } from '../catalog/catalogApi';
import { loadRelated } from '../catalog/catalogRelated';
import { type ProductPageData, ProductPage } from './ProductPage';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';
import { messages } from '../messages';

export async function loader({
  params,
  request,
  context,
}: LoaderFunctionArgs): Promise<ProductPageData> {
  const shop = shopContextOf(context);
  const id = params.id ?? '';
  // Both asked at once: the page waits for the slower, not for the two in turn. The suggestions
  // are awaited, not deferred, so the server's HTML has them; the service answers them from its
  // index, bounded and kept (decision 3601), and a failure there is an empty list, never an error.
  const [product, related] = await Promise.all([
    loadProduct(shop, id),
    loadRelated(shop, id, request.signal),
  ]);
  if (!product) {
    const t = messages.translator(shop.market.language);
    throw data({ title: t('Product not found'), what: 'product' }, { status: 404 });
  }
  return {
    title: product.name,
    description: product.description,
    image: product.imageUrl,
    origin: new URL(request.url).origin,
    product,
    related,
  };
}

export const handle = { title: 'Product', messages };

export function Component() {
  return <ProductPage {...useLoaderData<ProductPageData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
