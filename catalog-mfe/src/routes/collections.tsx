// Route module "./collections" (/collections): the index of every collection in the data.
import { useLoaderData } from 'react-router-dom';
import { CollectionsIndex, type CollectionsIndexData } from '../collections/CollectionsIndex';
import { collectionsLoader } from '../collections/collectionsRoute';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';

export const handle = { title: 'Collections' };
export const loader = collectionsLoader;

export function Component() {
  return <CollectionsIndex {...useLoaderData<CollectionsIndexData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
