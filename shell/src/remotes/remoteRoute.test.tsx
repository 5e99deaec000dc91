import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { basketLoaded } from '@shop/shared';
import { PAGE_REMOTE_MODULES, pageRemoteStore } from './loadRemoteModule';
import { remoteRoute } from './remoteRoute';

// The Module Federation runtime is the boundary: a remote "down" is a rejected loadRemote.
const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (id: string) => loadRemote(id),
  registerRemotes: jest.fn(),
}));

// The shopper's first interaction (firstPage.test.ts covers its events): settled by the test.
jest.mock('./firstPage', () => {
  let interact: () => void = () => undefined;
  const shopperInteracted = new Promise<void>((resolve) => {
    interact = resolve;
  });
  return {
    ...jest.requireActual<object>('./firstPage'),
    shopperInteracted,
    interactForTest: () => interact(),
  };
});
const interact = () =>
  jest.requireMock<{ interactForTest: () => void }>('./firstPage').interactForTest();

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

test("the cart remote down inside a layout that waits for the basket: the basket's fallback at once", async () => {
  // The checkout's layout waits for the basket the cart remote's service loads (its own time
  // limit is 8 s); with the cart remote down, that wait ends as soon as its page fails to load.
  loadRemote.mockImplementation((id: string) =>
    id === 'checkout/layout'
      ? Promise.resolve({
          Component: () => (
            <main>
              <h1>Checkout</h1>
              <Outlet />
            </main>
          ),
          loader: () => basketLoaded().then(() => null),
        })
      : Promise.reject(new Error('connection refused')),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/checkout',
        ...remoteRoute('checkout', './layout'),
        children: [{ index: true, ...remoteRoute('cart', './basket', { nested: true }) }],
      },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(<RouterProvider router={router} />);
  expect(
    await screen.findByRole('heading', { name: 'Your basket is taking a break' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
  loadRemote.mockReset();
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

describe('an address with a malformed escape', () => {
  // What the catalog's product module does with an id it does not know: its own 404 screen.
  function ProductNotFound() {
    return <p>Product not found (catalog)</p>;
  }
  const productModule = {
    Component: () => <h1>A product</h1>,
    loader: () => ({ title: 'A product' }),
    ErrorBoundary: ProductNotFound,
  };

  it.each([
    '/products/%',
    '/products/%E0%A4%A',
    // Ids no database key can be (control characters, a dot) are not read.
    '/products/a%00b',
    '/products/a%0Ab',
    '/products/a%7Fb',
    '/products/.x',
  ])("%s shows the shop's 404 page without loading the remote", async (path) => {
    loadRemote.mockReset();
    loadRemote.mockResolvedValue(productModule);
    const router = createMemoryRouter(
      [{ path: '/products/:id', ...remoteRoute('catalog', './product') }],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { name: "We couldn't find that page" }),
    ).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it("is the shop's 404 page even once the remote has loaded (not the remote's own)", async () => {
    loadRemote.mockReset();
    loadRemote.mockResolvedValue(productModule);
    // A module name of its own: the loaded modules are kept for the page's life.
    const router = createMemoryRouter(
      [{ path: '/products/:id', ...remoteRoute('catalog', './product-for-malformed-test') }],
      { initialEntries: ['/products/linen-shirt'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'A product' });
    await act(() => router.navigate('/products/%E0%A4%A'));
    expect(
      await screen.findByRole('heading', { name: "We couldn't find that page" }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Product not found (catalog)')).not.toBeInTheDocument();
  });
});

describe("a remote page's loading placeholder", () => {
  it('names a page of its own by its title (a private page arrives from the server so)', () => {
    const { HydrateFallback } = remoteRoute('checkout', './checkout-layout', { title: 'Checkout' });
    if (!HydrateFallback) throw new Error('no placeholder');
    render(<HydrateFallback />);
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
  });

  it('has no heading of its own inside a layout (the layout has the h1)', () => {
    const { HydrateFallback } = remoteRoute('checkout', './details', {
      nested: true,
      title: 'Your details',
    });
    if (!HydrateFallback) throw new Error('no placeholder');
    render(<HydrateFallback />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});

describe('a server-rendered page whose code waits for an interaction (decision 1312)', () => {
  function Counter() {
    const [count, setCount] = useState(0);
    return (
      <main>
        <h1>Front door</h1>
        <button type="button" onClick={() => setCount(count + 1)}>
          Pressed {count}
        </button>
      </main>
    );
  }
  const routes = () => [
    { id: 'home', path: '/', ...remoteRoute('catalog', './front', { onInteraction: true }) },
  ];
  const hydrationData = { loaderData: { home: null } };

  it('stays the server HTML, without its code, until the first interaction, then is taken over', async () => {
    loadRemote.mockReset();
    loadRemote.mockResolvedValue({ Component: Counter });
    // The server has the page's code (its loader loaded it) and renders it whole.
    await PAGE_REMOTE_MODULES.load('catalog', './front');
    const html = renderToString(
      <RouterProvider router={createMemoryRouter(routes(), { hydrationData })} />,
    );
    pageRemoteStore.forget('catalog');
    loadRemote.mockClear();

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverButton = container.querySelector('button');
    const problems = jest.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(
        container,
        <RouterProvider router={createMemoryRouter(routes(), { hydrationData })} />,
      );
    });
    // The layout is React's; the page is still the server's HTML, and no code was asked for.
    expect(loadRemote).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Front door' })).toBeInTheDocument();
    expect(container.querySelector('button')).toBe(serverButton);
    expect(container.querySelector('.page-skeleton')).toBeNull();

    await act(async () => {
      interact();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(loadRemote).toHaveBeenCalledWith('catalog/front');
    // Taken over, not rendered again: the same button, now live.
    await userEvent.click(screen.getByRole('button', { name: 'Pressed 0' }));
    expect(container.querySelector('button')).toBe(serverButton);
    expect(serverButton).toHaveTextContent('Pressed 1');
    expect(problems).not.toHaveBeenCalled();
    container.remove();
  });
});
