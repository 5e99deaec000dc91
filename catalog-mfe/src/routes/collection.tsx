// Route module "./collection" (/collections/fall and /collections/spring): one module, the
// collection read from the path.
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { loadCollection, loadProducts } from '../catalog/catalogApi';
import {
  CollectionPage,
  collectionFromPath,
  type CollectionPageData,
} from '../collections/CollectionPage';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';

export const handle = { title: 'Collection' };

export async function loader({ request }: LoaderFunctionArgs): Promise<CollectionPageData> {
  const id = collectionFromPath(new URL(request.url).pathname);
  const [collection, products] = await Promise.all([loadCollection(id), loadProducts()]);
  return {
    title: collection.title,
    collection,
    products: products.filter((p) => p.collection === id),
  };
}

export function Component() {
  return <CollectionPage {...useLoaderData<CollectionPageData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
