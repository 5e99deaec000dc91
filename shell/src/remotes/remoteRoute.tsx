// Turns "remote X, exposed module Y" into a React Router data route whose loader, action,
// component and error element come from the remote, loaded on demand. If the remote is down,
// only this route's region shows a fallback, and "Try again" re-runs the loaders.
import { messagesOf, useMarket, type RemoteRouteModule } from '@shop/shared/firstRender';
import type { RouteListEntry } from '@shop/shared/routes/routeList';
import { Suspense, use, useEffect, useMemo } from 'react';
import { data, type RouteObject } from 'react-router-dom';
import { releaseEarlyInput } from '../early/earlyInput';
import { afterHydration } from '../early/serverRendered';
import { firstPageCommitted, shopperInteracted } from './firstPage';
import { PAGE_REMOTE_MODULES, type RemoteModules } from './loadRemoteModule';
import { MALFORMED_ADDRESS, isDecodablePath, isRecordKey } from './pageModules';
import type { RemoteName } from './registry';
import { RemoteRouteErrorBoundary } from './RemoteRouteErrorBoundary';
import { PageSkeleton } from '../layout/PageSkeleton';

/** Every parameter of the page can name a record (a splat, `*`, is a path and is not checked). */
function namesRecords(params: Readonly<Record<string, string | undefined>>): boolean {
  return Object.entries(params).every(
    ([name, value]) => name === '*' || value === undefined || isRecordKey(value),
  );
}

/**
 * Inside the page's boundary: its effect runs once the page's own markup is React's (a
 * server-rendered boundary hydrates after the layout around it), so a press held until then
 * reaches a live control (shell/src/early/earlyInput.ts).
 */
function PageIsLive() {
  useEffect(releaseEarlyInput, []);
  return null;
}

type LoadPage = () => Promise<RemoteRouteModule>;

/**
 * The page's component: the remote's own, inside a boundary that keeps its region (see below).
 * The code of a server-rendered page that waits for an interaction: one promise for every
 * render (`use` needs the same one), forgotten when it fails so that a retry loads again.
 */
function remotePage(
  load: LoadPage,
  loaded: () => RemoteRouteModule | undefined,
  onInteraction: boolean,
) {
  let onInteractionLoad: Promise<RemoteRouteModule> | null = null;
  const loadOnInteraction = () =>
    (onInteractionLoad ??= shopperInteracted.then(load).catch((error: unknown) => {
      onInteractionLoad = null;
      throw error;
    }));
  function PageContent() {
    // Hydrating a page whose code waits for an interaction, it suspends: React keeps the
    // server's HTML (a dehydrated boundary) and takes it over once the code is here.
    const module = loaded() ?? use(loadOnInteraction());
    const { Component } = module;
    return (
      <>
        <Component />
        <PageIsLive />
      </>
    );
  }
  return function RemoteRouteComponent() {
    useEffect(firstPageCommitted, []);
    // The same element on every render: a boundary still waiting to hydrate that received new
    // props would be rendered again in the browser (the server's HTML replaced by its fallback).
    const page = useMemo(
      () => (
        <Suspense fallback={<PageSkeleton />}>
          <PageContent />
        </Suspense>
      ),
      [],
    );
    // The loader always runs first and loads the module (a server-rendered page's bootstrap
    // does, unless it waits for an interaction); this covers a render in between.
    if (!onInteraction && !loaded()) {
      return <PageSkeleton />;
    }
    // On the server, a remote's page that throws while rendering costs only its region: the
    // boundary sends the placeholder and the browser renders the region (decision 1302). In
    // the browser it suspends only while a page's code waits for an interaction; otherwise it
    // changes nothing, except that a server-rendered page hydrates its boundary after the layout.
    return page;
  };
}

/**
 * Inside a layout that has its own h1: the fallback uses an h2. The title until it loads.
 * `isPrivate`: the route list marks the page private (never rendered on the server).
 * `onInteraction`: a server-rendered page's code loads on the shopper's first interaction
 * (`"hydrate": "on-interaction"`, decision 1312). `modules`: the composition's (decision 5504).
 * `texts`: the route list's title in the other languages (CONTRACT §9b).
 */
interface RemoteRouteOptions {
  nested?: boolean;
  title?: string;
  texts?: RouteListEntry['texts'];
  isPrivate?: boolean;
  onInteraction?: boolean;
  modules?: RemoteModules;
}

/** The page's loader: its remote's, once its module is here and the page hydrated. */
function remoteLoader(load: LoadPage): NonNullable<RouteObject['loader']> {
  return async (args) => {
    // `/things/%` matches `things/:id` undecoded, `/things/a%00b` with an id no record can
    // have: neither names a page, so no remote is asked and nothing is read.
    if (!isDecodablePath(new URL(args.request.url).pathname) || !namesRecords(args.params)) {
      throw data(MALFORMED_ADDRESS, { status: 404 });
    }
    const module = await load();
    await afterHydration();
    return module.loader ? module.loader(args) : null;
  };
}

export function remoteRoute(
  remote: RemoteName,
  exposed: string,
  {
    nested = false,
    title,
    texts,
    isPrivate = false,
    onInteraction = false,
    modules = PAGE_REMOTE_MODULES,
  }: RemoteRouteOptions = {},
): Pick<
  RouteObject,
  'loader' | 'action' | 'Component' | 'ErrorBoundary' | 'HydrateFallback' | 'handle'
> {
  const load: LoadPage = () => modules.load<RemoteRouteModule>(remote, exposed);
  const own = () => modules.loaded<RemoteRouteModule>(remote, exposed);
  function TitledSkeleton() {
    const { language } = useMarket();
    return <PageSkeleton title={texts?.[language]?.title ?? title} />;
  }
  function RemoteRouteError() {
    useEffect(firstPageCommitted, []);
    useEffect(releaseEarlyInput, []);
    return (
      <RemoteRouteErrorBoundary
        remote={remote}
        RemoteError={own()?.ErrorBoundary}
        nested={nested}
      />
    );
  }
  return {
    loader: remoteLoader(load),
    action: async (args) => {
      const module = await load();
      if (!module.action) throw new Response('This page does not accept forms.', { status: 405 });
      return module.action(args);
    },
    Component: remotePage(load, own, onInteraction),
    ErrorBoundary: RemoteRouteError,
    // The loading placeholder while the first page's remote and data load (a private page is
    // sent so by the server): a page of its own shows its title; one inside a layout does not.
    HydrateFallback: nested || !title ? PageSkeleton : TitledSkeleton,
    handle: {
      remote,
      exposed,
      private: isPrivate,
      onInteraction,
      // The page title comes from the remote's own `handle` once its module has loaded, from its
      // route list until then; the rest of the remote's handle (a description) from `own`.
      get title() {
        return own()?.handle?.title ?? title;
      },
      get own() {
        return own()?.handle;
      },
      // Its texts, which the title is written in, and until they load the route list's (§9b).
      get messages() {
        return messagesOf(own());
      },
      texts,
    },
  };
}
