// The index position of the root or of a layout whose index page is not known yet (its remote
// was down when the page loaded). React Router matches "/" or "/layout" to an index route only,
// never to a catch-all, and a route added later would rank behind one added first: so the slot
// stays and looks the page up at run time, in the route lists the registry holds now (a remote
// recovered by "Try again" is there). Unknown: the missing remote's fallback, or the 404.
import type { RouteListEntry } from '@shop/shared/routes/routeList';
import type { RouteObject } from 'react-router-dom';
import { ErrorScreen } from '../layout/ErrorScreen';
import { Unmatched } from '../pages/Unmatched';
import { type RouteLists, waitsForInteraction } from './pageModules';
import { getRegistry, type ShellStateSource } from './registry';
import { composedRemotes, type RemoteName } from './remoteNames';
import { PAGE_REMOTE_MODULES, type RemoteModules } from './loadRemoteModule';
import { remoteRoute } from './remoteRoute';
import { messages } from '../messages';

type RemotePage = ReturnType<typeof remoteRoute>;

/** The index page of `layoutPath` ("/" for the root) in `lists`, if one remote alone lists it. */
export function findIndexPage(
  lists: RouteLists,
  layoutPath: string,
): { remote: RemoteName; entry: RouteListEntry } | null {
  const found = composedRemotes(lists).flatMap((remote) =>
    (lists[remote] ?? [])
      .filter((entry) =>
        layoutPath === '/'
          ? entry.path === '/' && entry.parent === undefined
          : entry.path === layoutPath && entry.parent === layoutPath,
      )
      .map((entry) => ({ remote, entry })),
  );
  const owners = new Set(found.map((f) => f.remote));
  return owners.size === 1 ? (found[0] ?? null) : null;
}

/**
 * `state`: the composition the slot looks its page up in (the browser's registry by default);
 * `modules`: where that page's code loads from (the composition's).
 */
export function indexSlot(
  layoutPath: string,
  nested: boolean,
  state: ShellStateSource = getRegistry,
  modules: RemoteModules = PAGE_REMOTE_MODULES,
): RouteObject {
  // The pages this slot has shown, by remote and module: one route each, so a page keeps its code.
  const built = new Map<string, RemotePage>();
  const page = (): RemotePage | null => {
    const found = findIndexPage(state()?.routeLists ?? {}, layoutPath);
    if (!found) return null;
    const key = `${found.remote}:${found.entry.module}`;
    let route = built.get(key);
    if (!route) {
      route = remoteRoute(found.remote, found.entry.module, {
        nested,
        title: found.entry.title,
        texts: found.entry.texts,
        onInteraction: waitsForInteraction(found.entry),
        modules,
      });
      built.set(key, route);
    }
    return route;
  };
  function IndexSlot() {
    const Page = page()?.Component;
    return Page ? <Page /> : <Unmatched nested={nested} state={state} />;
  }
  function IndexSlotError() {
    const Failure = page()?.ErrorBoundary;
    return Failure ? <Failure /> : <ErrorScreen />;
  }
  return {
    id: `slot:${layoutPath}`,
    index: true,
    loader: (args) => {
      const loader = page()?.loader;
      return typeof loader === 'function' ? loader(args) : null;
    },
    action: (args) => {
      const action = page()?.action;
      if (typeof action !== 'function') {
        throw new Response('This page does not accept forms.', { status: 405 });
      }
      return action(args);
    },
    Component: IndexSlot,
    ErrorBoundary: IndexSlotError,
    handle: {
      get remote() {
        return (page()?.handle as { remote?: string } | undefined)?.remote;
      },
      get exposed() {
        return (page()?.handle as { exposed?: string } | undefined)?.exposed;
      },
      get onInteraction() {
        return (page()?.handle as { onInteraction?: boolean } | undefined)?.onInteraction;
      },
      get title() {
        return (page()?.handle as { title?: string } | undefined)?.title ?? 'Page not found';
      },
      get own() {
        return (page()?.handle as { own?: unknown } | undefined)?.own;
      },
      // The page's texts, the shell's for its own 404 title (CONTRACT §9b).
      get messages() {
        const handle = page()?.handle as { messages?: unknown } | undefined;
        return handle ? handle.messages : messages;
      },
      get texts() {
        return (page()?.handle as { texts?: unknown } | undefined)?.texts;
      },
    },
  };
}
