// Route module "./collection" (/collections/:slug): a collection of the data, by its slug.
import { useLoaderData } from 'react-router-dom';
import { CollectionPage, type CollectionPageData } from '../collections/CollectionPage';
import { collectionLoader } from '../collections/collectionRoute';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';

export const handle = { title: 'Collection' };
export const loader = collectionLoader;

export function Component() {
  return <CollectionPage {...useLoaderData<CollectionPageData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
