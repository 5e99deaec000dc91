// Route module "./product" (/products/:id): a product's page, or the not-found screen. The data of
// /products/:id: an unknown id answers 404, which the error element shows as a proper not-found
// screen. The product's record comes from the database (the shell preloads it, routes.json); the
// products it suggests from the catalog's query service.
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router-dom';
import { type ProductCard, type ShopContext, shopContextOf } from '@shop/shared';
import { loadProduct } from '../catalog/catalogApi';
import { fetchCatalog } from '../catalog/catalogClient';
import {
  CatalogQueryRefusedError,
  CatalogUnavailableError,
  type RelatedResult,
} from '../catalog/catalogQuery';
import { type ProductPageData, ProductPage } from './ProductPage';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';
import { messages } from '../messages';

/** How many the product page suggests: one row of the grid on a wide screen, two on a phone. */
const RELATED_COUNT = 4;

/**
 * "You may also like": the products to suggest beside `id`, answered by the catalog's query
 * service (`GET /v1/products/{id}/related`, decision 3601) from its index: the same type first,
 * then the same collection, within the product's category, newest first, never the product itself
 * nor one sold out. They are an extra: none when the service cannot say (down, too slow, an id it
 * does not know yet), and the page renders without them. An abort by `signal` (a newer
 * navigation, a closed request) still rejects, as any read of a superseded loader does.
 */
async function loadRelated(
  shop: ShopContext,
  id: string,
  signal?: AbortSignal,
  limit = RELATED_COUNT,
): Promise<ProductCard[]> {
  try {
    const result = await fetchCatalog<RelatedResult>(
      shop,
      `/v1/products/${encodeURIComponent(id)}/related`,
      new URLSearchParams({ limit: String(limit) }),
      signal,
    );
    // The contract leaves the product out; a card linking to the page it is on would be a dead end.
    return Array.isArray(result.products) ? result.products.filter((p) => p.id !== id) : [];
  } catch (error) {
    if (error instanceof CatalogUnavailableError || error instanceof CatalogQueryRefusedError) {
      return [];
    }
    throw error;
  }
}

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
