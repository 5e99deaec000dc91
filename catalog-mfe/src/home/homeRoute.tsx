// Route module "./home" (/): the hero at once, the catalog parts behind placeholders. The data of
// /: the loader starts the reads and hands over the promises unawaited, so the hero shows at once
// and the catalog parts fill in behind placeholders. The catalog's query service answers the home
// sets and the hero's search (decision 3601).
import { type LoaderFunctionArgs, useLoaderData } from 'react-router-dom';
import { shopContextOf } from '@shop/shared';
import { parseProductQuery } from '../browse/productQuery';
import { loadCollections } from '../catalog/catalogApi';
import { loadHome } from '../catalog/catalogHome';
import { type HomePageData, HomePage } from './HomePage';
import { searchHome } from './homeSearch';
import { ReleaseLabel } from '../release/ReleaseLabel';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';
import { messages } from '../messages';

/** A part the page may never render (a navigation superseded) fails quietly, not unhandled. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

export function loader({ request, context }: LoaderFunctionArgs): HomePageData {
  const shop = shopContextOf(context);
  const { search } = parseProductQuery(new URL(request.url).searchParams);
  return {
    home: quiet(loadHome(shop, request.signal)),
    collections: quiet(loadCollections(shop)),
    // Each search typed in the hero re-runs this loader; React Router's abort of the one before
    // cancels its request (the field waits for a pause in typing before it asks).
    found: search.trim() === '' ? null : quiet(searchHome(shop, search, request.signal)),
  };
}

export const handle = { title: 'Home', messages };

export function Component() {
  return (
    <>
      <HomePage {...useLoaderData<HomePageData>()} />
      <ReleaseLabel />
    </>
  );
}

export const ErrorBoundary = CatalogErrorScreen;
