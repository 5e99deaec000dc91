import { render, screen, waitFor } from '@testing-library/react';
import { useCallback, useState } from 'react';
import {
  Outlet,
  RouterProvider,
  createMemoryRouter,
  data,
  useMatches,
  useRouteError,
} from 'react-router-dom';
import {
  DEFAULT_DESCRIPTION,
  DEFAULT_TITLE,
  ReportErrorTitle,
  pageDescription,
  useErrorTitle,
  usePageTitle,
} from './usePageTitle';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

function Layout() {
  const [shown, setShown] = useState<string | undefined>();
  const report = useCallback((title: string | undefined) => setShown(title), []);
  usePageTitle(useMatches(), shown);
  return (
    <ReportErrorTitle.Provider value={report}>
      <Outlet />
    </ReportErrorTitle.Provider>
  );
}

function NotFoundScreen() {
  useErrorTitle(useRouteError());
  return <h1>Not here</h1>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Layout />,
        hydrateFallbackElement: <p>Loading</p>,
        children: [
          { index: true, element: <h1>Home</h1> },
          {
            path: 'about',
            element: <h1>About</h1>,
            handle: { title: 'About', description: 'Who we are.' },
          },
          {
            path: 'products/:id',
            loader: ({ params }) => ({
              title: `Shoe ${params.id}`,
              description: `The shoe ${params.id}, in leather.`,
            }),
            handle: { title: 'Product', description: 'A product.' },
            element: <h1>Product</h1>,
          },
          {
            path: 'gone/:id',
            loader: () => {
              throw data({ title: 'Product not found' }, { status: 404 });
            },
            handle: { title: 'Product' },
            element: <h1>Product</h1>,
            errorElement: <NotFoundScreen />,
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

const description = () =>
  document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

afterEach(() => {
  document.head.innerHTML = '';
  document.title = '';
});

test('a page without its own title or description gets the shop defaults', async () => {
  renderAt('/');
  await screen.findByRole('heading', { name: 'Home' });
  await waitFor(() => expect(document.title).toBe(DEFAULT_TITLE));
  expect(description()).toBe(DEFAULT_DESCRIPTION);
});

test('handle.title and handle.description name the page', async () => {
  renderAt('/about');
  await screen.findByRole('heading', { name: 'About' });
  await waitFor(() => expect(document.title).toBe('About · Threadline'));
  expect(description()).toBe('Who we are.');
});

test('loader data wins over the handle, and an existing meta tag is reused', async () => {
  const meta = document.createElement('meta');
  meta.name = 'description';
  meta.content = 'from index.html';
  document.head.appendChild(meta);
  renderAt('/products/42');
  await screen.findByRole('heading', { name: 'Product' });
  await waitFor(() => expect(document.title).toBe('Shoe 42 · Threadline'));
  expect(description()).toBe('The shoe 42, in leather.');
  expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
});

test('a long description is cut on a word, under 160 characters', () => {
  const long = `${'Soft merino wool, knitted in Portugal, '.repeat(8)}end.`;
  const cut = pageDescription(long);
  expect(cut.length).toBeLessThanOrEqual(160);
  expect(cut.endsWith('…')).toBe(true);
  expect(long.startsWith(cut.slice(0, -1))).toBe(true);
});

test('a page showing the error its route threw has the title of that error', async () => {
  renderAt('/gone/x');
  await screen.findByRole('heading', { name: 'Not here' });
  await waitFor(() => expect(document.title).toBe('Product not found · Threadline'));
});
