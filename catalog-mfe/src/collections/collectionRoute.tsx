// Route module "./collection" (/collections/:slug): a collection of the data, by its slug. The data
// of /collections/:slug: every collection of the data, by its slug; an unknown slug answers 404
// (the catalog's not-found screen). The collection is read from the database while the service
// answers the page of its list (decision 3601).
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router-dom';
import { shopContextOf } from '@shop/shared';
import { listTitle, loadListing } from '../browse/listing';
import { COLLECTION_SLUG, loadCollection } from '../catalog/catalogApi';
import { type CollectionPageData, CollectionPage } from './CollectionPage';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';
import type { Translate } from '@shop/shared';
import { messages } from '../messages';

/** Its title in the page's language; the error screen knows it by `what`. */
const notFound = (t: Translate) =>
  data({ title: t('Collection not found'), what: 'collection' }, { status: 404 });

export async function loader({
  params,
  request,
  context,
}: LoaderFunctionArgs): Promise<CollectionPageData> {
  const shop = shopContextOf(context);
  const id = params.slug ?? '';
  const t = messages.translator(shop.market.language);
  if (!COLLECTION_SLUG.test(id)) throw notFound(t); // could never be a collection: ask nothing
  const [collection, listing] = await Promise.allSettled([
    loadCollection(shop, id),
    loadListing(shop, request, { collection: id }),
  ]);
  // An unknown collection is a 404 whatever its list's address says.
  if (collection.status === 'rejected') throw collection.reason;
  if (!collection.value) throw notFound(t);
  if (listing.status === 'rejected') throw listing.reason;
  return {
    title: listTitle(collection.value.title, listing.value, t),
    collection: collection.value,
    listing: listing.value,
  };
}

export const handle = { title: 'Collection', messages };

export function Component() {
  return <CollectionPage {...useLoaderData<CollectionPageData>()} />;
}

export const ErrorBoundary = CatalogErrorScreen;
