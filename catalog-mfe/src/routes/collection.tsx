// Route module "./collection" (/collections/:slug): every collection of the data, by its slug;
// an unknown slug answers 404 (the catalog's not-found screen).
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { loadCollection, loadProducts } from '../catalog/catalogApi';
import { CollectionPage, type CollectionPageData } from '../collections/CollectionPage';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';

export const handle = { title: 'Collection' };

export async function loader({ params }: LoaderFunctionArgs): Promise<CollectionPageData> {
  const id = params.slug ?? '';
  const [collection, products] = await Promise.all([loadCollection(id), loadProducts()]);
  if (!collection) throw data({ title: 'Collection not found' }, { status: 404 });
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
