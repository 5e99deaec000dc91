import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { usePageNavigation } from './pageNavigation';

function Page() {
  const navigation = usePageNavigation();
  const location = useLocation();
  return (
    <p>
      {navigation.state} {navigation.pathname ?? '-'} {navigation.formAction ?? '-'} at{' '}
      {location.pathname}
    </p>
  );
}

describe('usePageNavigation', () => {
  it("gives the navigation's address without the market's prefix, as the page's own", async () => {
    let finish: (value: null) => void = () => undefined;
    const router = createMemoryRouter(
      [
        { path: '/women', element: <Page /> },
        {
          path: '/men',
          element: <Page />,
          loader: () => new Promise<null>((resolve) => (finish = resolve)),
        },
        { path: '/order', action: () => new Promise<null>(() => undefined), element: <Page /> },
      ],
      { basename: '/de', initialEntries: ['/de/women'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText(/^idle - - at \/women$/)).toBeInTheDocument();
    act(() => void router.navigate('/men'));
    expect(await screen.findByText(/^loading \/men - at \/women$/)).toBeInTheDocument();
    await act(async () => finish(null));
    act(() => void router.navigate('/order', { formMethod: 'post', formData: new FormData() }));
    expect(await screen.findByText(/^submitting \/order \/order at \/men$/)).toBeInTheDocument();
  });
});
