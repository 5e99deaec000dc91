// Route module "./collections" (/collections): the index of every collection in the data. The data
// of /collections: every collection in the data, with how many products each has (the catalog's
// query service counts them, decision 3601).
import { type LoaderFunctionArgs, useLoaderData } from 'react-router-dom';
import { shopContextOf } from '@shop/shared';
import { unavailableAsNull } from '../browse/listing';
import { loadCollections } from '../catalog/catalogApi';
import { countsByValue, loadHome } from '../catalog/catalogHome';
import { type CollectionsIndexData, CollectionsIndex } from './CollectionsIndex';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';
import { messages } from '../messages';

export async function loader({
  request,
  context,
}: LoaderFunctionArgs): Promise<CollectionsIndexData> {
  const shop = shopContextOf(context);
  const [collections, home] = await Promise.all([
    loadCollections(shop),
    // The counts only add to the tiles: without the service the tiles still lead to the lists.
    loadHome(shop, request.signal).catch(unavailableAsNull),
  ]);
  return { collections, counts: home ? countsByValue(home.collections) : {} };
}

export const handle = { title: 'Collections', messages };

export function Component() {
  return <CollectionsIndex {...useLoaderData<CollectionsIndexData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
