import { startSession } from '@shop/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { markFirstPageLoaded } from './remotes/firstPage';
import { startRegistry } from './remotes/registry';
import { routes } from './routes';
import './styles/shell.css';

async function main() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // Session and basket sync start at once and publish on the bus; pages don't wait for them. (The
  // identity SDK they need arrives in its own chunk, after the page's code: decision 0502.)
  void startSession();
  try {
    await startRegistry();
  } catch (error) {
    // Without the remote list only shell pages work; routes owned by remotes show their fallback.
    console.error('[shell] remote list unavailable', error);
  }
  const router = createBrowserRouter(routes);
  // A page without loaders (/about) is loaded at once; others once their loaders have run.
  if (router.state.initialized) markFirstPageLoaded();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    markFirstPageLoaded();
    unsubscribe();
  });
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void main();
