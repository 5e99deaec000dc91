// Route module "./home" (/): the loader starts the reads and hands over the promises unawaited,
// so the hero shows at once and the catalog parts fill in behind placeholders.
import { useLoaderData } from 'react-router-dom';
import { loadCollections, loadProducts } from '../catalog/catalogApi';
import { HomePage, type HomePageData } from '../home/HomePage';
import { ReleaseLabel } from '../release/ReleaseLabel';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';

export const handle = { title: 'Home' };

export function loader(): HomePageData {
  return { products: loadProducts(), collections: loadCollections() };
}

export function Component() {
  return (
    <>
      <HomePage {...useLoaderData<HomePageData>()} />
      <ReleaseLabel />
    </>
  );
}

export const ErrorBoundary = CatalogErrorScreen;
