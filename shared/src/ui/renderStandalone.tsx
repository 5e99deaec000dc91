// A remote's standalone dev page: the remote's routes inside a small frame with the page's one
// Toaster and the global error, on a browser router; starts the session (bus + backend).
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Outlet, RouterProvider, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { useError } from '../bus/hooks';
import { startSession } from '../session/startSession';
import { ShopToaster } from '../toasts/ShopToaster';
import './styles';

export interface StandaloneOptions {
  routes: RouteObject[];
  /** The remote's name, shown in the frame and the document title. */
  title: string;
  /** Defaults to #root (created when missing). */
  container?: HTMLElement;
}

export function StandaloneFrame({ title }: { title: string }) {
  const error = useError();
  return (
    <div className="shop-root">
      <header className="shop-standalone__header">{title} · standalone</header>
      <main className="shop-standalone__main">
        {error.isError && (
          <p role="alert" className="shop-error-banner">
            {error.message.content}
            {error.message.error ? `: ${error.message.error}` : ''}
          </p>
        )}
        <Outlet />
      </main>
      <ShopToaster />
    </div>
  );
}

export function renderStandalone({ routes, title, container }: StandaloneOptions): Root {
  document.title = `${title} · Threadline`;
  void startSession();
  let target = container ?? document.getElementById('root');
  if (!target) {
    target = document.createElement('div');
    target.id = 'root';
    document.body.appendChild(target);
  }
  const router = createBrowserRouter([
    { path: '/', element: <StandaloneFrame title={title} />, children: routes },
  ]);
  const root = createRoot(target);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return root;
}
