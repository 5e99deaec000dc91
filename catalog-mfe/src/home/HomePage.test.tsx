import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRODUCTS, installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { renderCatalog } from '../testing/renderCatalog';
import { highlightedProducts } from './HomePage';

afterEach(uninstallFakeCatalog);

describe('home page', () => {
  it('shows the hero, both collections, men and women, and highlighted products', async () => {
    installFakeCatalog();
    const view = renderCatalog('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New season, new favourites' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Fall Layers/ })).toHaveAttribute(
      'href',
      '/collections/fall',
    );
    expect(screen.getByRole('link', { name: /Spring Light/ })).toHaveAttribute(
      'href',
      '/collections/spring',
    );
    expect(screen.getAllByRole('link', { name: /Shop Men/ })[0]).toHaveAttribute('href', '/men');
    expect(screen.getAllByRole('link', { name: /Shop Women/ })[0]).toHaveAttribute(
      'href',
      '/women',
    );
    const highlights = await screen.findByRole('list', { name: 'Highlighted products' });
    expect(within(highlights).getAllByRole('listitem')).toHaveLength(4);
    view.stop();
  });

  it('finds products by part of their name as you type', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/');
    await screen.findByRole('list', { name: 'Highlighted products' });
    await user.type(screen.getByRole('searchbox', { name: 'Search the shop' }), 'over');
    const results = await screen.findByRole('list', { name: 'Products matching over' });
    expect(within(results).getByRole('link')).toHaveAttribute('href', '/products/p3');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?q=over'));
    await user.clear(screen.getByRole('searchbox', { name: 'Search the shop' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Search results' })).not.toBeInTheDocument(),
    );
    view.stop();
  });

  it('highlights the largest reductions first', () => {
    expect(highlightedProducts(PRODUCTS).map((p) => p.id)).toEqual(['p1', 'p4', 'p3', 'p2']);
  });
});
