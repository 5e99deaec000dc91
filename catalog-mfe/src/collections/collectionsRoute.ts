// The data of /collections (route module "./collections"): every collection in the data, with how
// many products each has (the catalog's query service counts them, decision 3601).
import type { LoaderFunctionArgs } from 'react-router-dom';
import { unavailableAsNull } from '../browse/listing';
import { loadCollections } from '../catalog/catalogApi';
import { countsByValue, loadHome } from '../catalog/catalogHome';
import type { CollectionsIndexData } from './CollectionsIndex';

export async function collectionsLoader({
  request,
}: LoaderFunctionArgs): Promise<CollectionsIndexData> {
  const [collections, home] = await Promise.all([
    loadCollections(),
    // The counts only add to the tiles: without the service the tiles still lead to the lists.
    loadHome(request.signal).catch(unavailableAsNull),
  ]);
  return { collections, counts: home ? countsByValue(home.collections) : {} };
}
