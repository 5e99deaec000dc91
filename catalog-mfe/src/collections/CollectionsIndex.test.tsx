import { screen, within } from '@testing-library/react';
import { installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { renderCatalog } from '../testing/renderCatalog';

afterEach(uninstallFakeCatalog);

const tiles = () =>
  within(screen.getByRole('list', { name: 'Collections' })).getAllByRole('listitem');

it('/collections lists both seasons with their size (counted by the service) and links', async () => {
  const fake = installFakeCatalog();
  const view = renderCatalog('/collections');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Dressed for the season' }),
  ).toBeInTheDocument();
  expect(tiles()).toHaveLength(2);
  expect(within(tiles()[0]!).getByRole('link')).toHaveAttribute('href', '/collections/fall');
  expect(tiles()[0]).toHaveTextContent('Shop 2 pieces');
  expect(within(tiles()[1]!).getByRole('link')).toHaveAttribute('href', '/collections/spring');
  expect(fake.service).toEqual(['/v1/home']);
  expect(fake.requests).toEqual(['catalog/collections']);
  view.stop();
});

it('still lists the collections, without counts, when the query service cannot answer', async () => {
  installFakeCatalog({ serviceDown: true });
  const view = renderCatalog('/collections');
  await screen.findByRole('heading', { level: 1, name: 'Dressed for the season' });
  expect(tiles()).toHaveLength(2);
  expect(tiles()[0]).toHaveTextContent('Shop now');
  view.stop();
});
