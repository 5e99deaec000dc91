// Route module "./collections" (/collections): the index of seasonal collections.
import { useLoaderData } from 'react-router-dom';
import { loadCollections, loadProducts } from '../catalog/catalogApi';
import { CollectionsIndex, type CollectionsIndexData } from '../collections/CollectionsIndex';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';

export const handle = { title: 'Collections' };

export async function loader(): Promise<CollectionsIndexData> {
  const [collections, products] = await Promise.all([loadCollections(), loadProducts()]);
  return {
    collections,
    counts: {
      fall: products.filter((p) => p.collection === 'fall').length,
      spring: products.filter((p) => p.collection === 'spring').length,
    },
  };
}

export function Component() {
  return <CollectionsIndex {...useLoaderData<CollectionsIndexData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
