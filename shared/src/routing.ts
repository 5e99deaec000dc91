// The contract between the shell and the remotes: every exposed route module has this shape
// (React Router data-route parts). The shell composes them; a remote's standalone page too.
import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction } from 'react-router-dom';
import type { Messages } from './i18n/messages';

export interface RouteHandle {
  /** Page title (document.title becomes "{title} · Threadline"). */
  title?: string;
  /**
   * The module's texts (CONTRACT §9b): the shell loads the page's language before it renders and
   * shows `title` in it.
   */
  messages?: Messages;
}

export interface RemoteRouteModule {
  Component: ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
  ErrorBoundary?: ComponentType;
  handle?: RouteHandle;
}
