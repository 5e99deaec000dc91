// Route module "./home" (/): the hero at once, the catalog parts behind placeholders.
import { useLoaderData } from 'react-router-dom';
import { HomePage, type HomePageData } from '../home/HomePage';
import { homeLoader } from '../home/homeRoute';
import { ReleaseLabel } from '../release/ReleaseLabel';
import { CatalogErrorScreen } from '../ui/CatalogErrorScreen';

export const handle = { title: 'Home' };
export const loader = homeLoader;

export function Component() {
  return (
    <>
      <HomePage {...useLoaderData<HomePageData>()} />
      <ReleaseLabel />
    </>
  );
}

export const ErrorBoundary = CatalogErrorScreen;
