// Turns "remote X, exposed module Y" into a React Router data route whose loader, action,
// component and error element come from the remote, loaded on demand. If the remote is down,
// only this route's region shows a fallback, and "Try again" re-runs the loaders.
import type { RemoteRouteModule } from '@shop/shared';
import { Suspense, useEffect } from 'react';
import { data, type RouteObject } from 'react-router-dom';
import { releaseEarlyInput } from '../early/earlyInput';
import { afterHydration } from '../early/serverRendered';
import { firstPageCommitted } from './firstPage';
import { getLoadedModule, loadRemoteModule } from './loadRemoteModule';
import { MALFORMED_ADDRESS, isDecodablePath } from './pageModules';
import type { RemoteName } from './registry';
import { RemoteRouteErrorBoundary } from './RemoteRouteErrorBoundary';
import { PageSkeleton } from '../layout/PageSkeleton';

/**
 * Inside the page's boundary: its effect runs once the page's own markup is React's (a
 * server-rendered boundary hydrates after the layout around it), so a press held until then
 * reaches a live control (shell/src/early/earlyInput.ts).
 */
function PageIsLive() {
  useEffect(releaseEarlyInput, []);
  return null;
}

export function remoteRoute(
  remote: RemoteName,
  exposed: string,
  /**
   * Inside a layout that has its own h1: the fallback uses an h2. The title until it loads.
   * `isPrivate`: the route list marks the page private (never rendered on the server).
   */
  {
    nested = false,
    title,
    isPrivate = false,
  }: { nested?: boolean; title?: string; isPrivate?: boolean } = {},
): Pick<
  RouteObject,
  'loader' | 'action' | 'Component' | 'ErrorBoundary' | 'HydrateFallback' | 'handle'
> {
  const load = () => loadRemoteModule<RemoteRouteModule>(remote, exposed);
  function RemoteRouteComponent() {
    useEffect(firstPageCommitted, []);
    const module = getLoadedModule<RemoteRouteModule>(remote, exposed);
    // The loader always runs first and loads the module; this covers a render in between.
    if (!module) return <PageSkeleton />;
    const { Component } = module;
    // On the server, a remote's page that throws while rendering costs only its region: the
    // boundary sends the placeholder and the browser renders the region (decision 1302). In
    // the browser nothing here suspends, so the boundary changes nothing, except that a
    // server-rendered page hydrates its boundary after the layout.
    return (
      <Suspense fallback={<PageSkeleton />}>
        <Component />
        <PageIsLive />
      </Suspense>
    );
  }
  function TitledSkeleton() {
    return <PageSkeleton title={title} />;
  }
  function RemoteRouteError() {
    useEffect(firstPageCommitted, []);
    useEffect(releaseEarlyInput, []);
    return <RemoteRouteErrorBoundary remote={remote} exposed={exposed} nested={nested} />;
  }
  return {
    loader: async (args) => {
      // `/things/%` matches `things/:id` undecoded: it names no page, so no remote is asked.
      if (!isDecodablePath(new URL(args.request.url).pathname)) {
        throw data(MALFORMED_ADDRESS, { status: 404 });
      }
      const module = await load();
      await afterHydration();
      return module.loader ? module.loader(args) : null;
    },
    action: async (args) => {
      const module = await load();
      if (!module.action) throw new Response('This page does not accept forms.', { status: 405 });
      return module.action(args);
    },
    Component: RemoteRouteComponent,
    ErrorBoundary: RemoteRouteError,
    // The loading placeholder while the first page's remote and data load (a private page is
    // sent so by the server): a page of its own shows its title; one inside a layout does not.
    HydrateFallback: nested || !title ? PageSkeleton : TitledSkeleton,
    handle: {
      remote,
      exposed,
      private: isPrivate,
      // The page title comes from the remote's own `handle` once its module has loaded, from its
      // route list until then.
      get title() {
        return getLoadedModule<RemoteRouteModule>(remote, exposed)?.handle?.title ?? title;
      },
    },
  };
}
