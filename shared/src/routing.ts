// The contract between the shell and the remotes: every exposed route module has this shape
// (React Router data-route parts). The shell composes them; a remote's standalone page too.
import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction } from 'react-router-dom';

export interface RouteHandle {
  /** Page title (document.title becomes "{title} · Threadline"). */
  title?: string;
}

export interface RemoteRouteModule {
  Component: ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
  ErrorBoundary?: ComponentType;
  handle?: RouteHandle;
}
