import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { remoteRoute } from './remoteRoute';

// The Module Federation runtime is the boundary: a remote "down" is a rejected loadRemote.
const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (id: string) => loadRemote(id),
  registerRemotes: jest.fn(),
}));

function Home() {
  return <h1>Home from the catalog</h1>;
}

test('a remote that is down shows the fallback, and "Try again" loads it without a reload', async () => {
  loadRemote.mockRejectedValueOnce(new Error('manifest fetch failed'));
  loadRemote.mockResolvedValueOnce({
    Component: Home,
    loader: () => ({ title: 'Home' }),
  });
  const router = createMemoryRouter([{ path: '/', ...remoteRoute('catalog', './home') }]);
  render(<RouterProvider router={router} />);

  expect(
    await screen.findByRole('heading', { name: 'The product catalog is taking a break' }),
  ).toBeInTheDocument();
  expect(loadRemote).toHaveBeenCalledWith('catalog/home');

  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Home from the catalog' })).toBeInTheDocument();
  expect(loadRemote).toHaveBeenCalledTimes(2);
});

test("a remote's own error element handles its own failures", async () => {
  function Broken() {
    return <p>catalog error element</p>;
  }
  loadRemote.mockResolvedValueOnce({
    Component: Home,
    loader: () => {
      throw new Error('no such product');
    },
    ErrorBoundary: Broken,
  });
  const router = createMemoryRouter([{ path: '/', ...remoteRoute('catalog', './product') }]);
  render(<RouterProvider router={router} />);
  expect(await screen.findByText('catalog error element')).toBeInTheDocument();
});

test('an action on a page without one answers 405 through the error element', async () => {
  loadRemote.mockResolvedValueOnce({ Component: Home });
  const router = createMemoryRouter([{ path: '/', ...remoteRoute('account', './my-account') }]);
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { name: 'Home from the catalog' });
  await act(() => router.navigate('/', { formMethod: 'post', formData: new FormData() }));
  expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
});
