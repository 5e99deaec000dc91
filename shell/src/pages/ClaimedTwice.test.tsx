// A page two remotes both list is served by neither: the shell says so. Its code loads only then
// (a lazy route: no first page carries it).
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { remotePages } from '../routes';

jest.mock('../remotes/registry', () => ({
  getRegistry: () => ({ routeLists: {}, missing: [] }),
}));

test('an address two remotes claim shows what is wrong (the remotes by name), once its code has loaded', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { routes } = remotePages({
    catalog: [{ path: '/things/special', module: './things' }],
    cart: [{ path: '/things/special', module: './special' }],
  });
  const router = createMemoryRouter([{ path: '/', children: routes }], {
    initialEntries: ['/things/special'],
  });
  render(<RouterProvider router={router} />);
  expect(
    await screen.findByRole('heading', { name: 'This page is not available right now' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Two parts of the shop (cart and catalog) both claim /things/special',
  );
  expect(error).toHaveBeenCalledWith(
    '[shell] /things/special is claimed by cart and catalog: neither is served until one of them drops it.',
  );
  error.mockRestore();
});
