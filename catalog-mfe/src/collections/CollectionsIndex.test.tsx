import { screen, within } from '@testing-library/react';
import { installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { renderCatalog } from '../testing/renderCatalog';

afterEach(uninstallFakeCatalog);

it('/collections lists both seasons with their size and links', async () => {
  installFakeCatalog();
  const view = renderCatalog('/collections');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Dressed for the season' }),
  ).toBeInTheDocument();
  const tiles = within(screen.getByRole('list', { name: 'Collections' })).getAllByRole('listitem');
  expect(tiles).toHaveLength(2);
  expect(within(tiles[0]!).getByRole('link')).toHaveAttribute('href', '/collections/fall');
  expect(tiles[0]).toHaveTextContent('Shop 2 pieces');
  expect(within(tiles[1]!).getByRole('link')).toHaveAttribute('href', '/collections/spring');
  view.stop();
});
