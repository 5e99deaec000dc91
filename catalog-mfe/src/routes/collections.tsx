// Route module "./collections" (/collections): the index of every collection in the data.
import { useLoaderData } from 'react-router-dom';
import { countByCollection, loadCollections, loadProducts } from '../catalog/catalogApi';
import { CollectionsIndex, type CollectionsIndexData } from '../collections/CollectionsIndex';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';

export const handle = { title: 'Collections' };

export async function loader(): Promise<CollectionsIndexData> {
  const [collections, products] = await Promise.all([loadCollections(), loadProducts()]);
  return {
    collections,
    counts: countByCollection(products),
  };
}

export function Component() {
  return <CollectionsIndex {...useLoaderData<CollectionsIndexData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
