// The results page through the catalog's real route list and modules, the real search engine
// (loaded on demand as in the browser) and a fake database.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { renderCatalog } from '../testing/renderCatalog';

afterEach(uninstallFakeCatalog);

const names = () =>
  within(screen.getByRole('list', { name: 'Search results' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.shop-product-item__name')?.textContent);

describe('the search results page', () => {
  it('without a search, asks what the shopper is looking for (no list)', async () => {
    installFakeCatalog();
    const view = renderCatalog('/search');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search the shop' }),
    ).toBeInTheDocument();
    expect(screen.getByText('What are you looking for?')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
    view.stop();
  });

  it('finds by type and forgives a typo ("sneakr"), best match first', async () => {
    installFakeCatalog();
    const view = renderCatalog('/search?q=sneakr');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search results for “sneakr”' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Trail Runner Sneaker']));
    expect(screen.getByText('1 product for “sneakr”')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    view.stop();
  });

  it('finds by colour and description, sorts and filters with the catalog controls in the URL', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    // "Warm" is in the descriptions of the coat only; "natural" a colour of the tote only.
    const view = renderCatalog('/search?q=natural');
    await waitFor(() => expect(names()).toEqual(['Canvas Tote Bag']));
    await user.clear(screen.getByRole('searchbox', { name: 'Search products' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'men');
    await waitFor(() => expect(names()).toEqual(['Trail Runner Sneaker', 'Wool Overcoat']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'coats');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/search?q=men&type=coats'),
    );
    expect(names()).toEqual(['Wool Overcoat']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-desc');
    await waitFor(() => expect(names()).toEqual(['Wool Overcoat', 'Trail Runner Sneaker']));
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=men&sort=price-desc');
    view.stop();
  });

  it('says clearly when nothing matches, and clearing the filters keeps the search', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/search?q=dress&category=men');
    expect(await screen.findByText('No products match “dress”.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=dress$/),
    );
    await waitFor(() => expect(names()).toEqual(['Linen Summer Dress']));
    view.stop();
  });
});
