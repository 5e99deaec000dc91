import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { renderCatalog } from '../testing/renderCatalog';

afterEach(uninstallFakeCatalog);

const names = (label: string | RegExp) =>
  within(screen.getByRole('list', { name: label }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.shop-product-item__name')?.textContent);

describe('list pages: sorting, filters and search', () => {
  it('/men lists men only, newest first, and sorts by price both ways, kept in the URL', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/men');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Men's clothing & sneakers" }),
    ).toBeInTheDocument();
    expect(names("Men's products")).toEqual(['Trail Runner Sneaker', 'Wool Overcoat']);
    // The page fixes the category, so that filter is not offered.
    expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-desc');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/men?sort=price-desc'),
    );
    expect(names("Men's products")).toEqual(['Wool Overcoat', 'Trail Runner Sneaker']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');
    await waitFor(() =>
      expect(names("Men's products")).toEqual(['Trail Runner Sneaker', 'Wool Overcoat']),
    );
    view.stop();
  });

  it('filters by size and price range from the URL, and clears them', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/collections/fall?size=L');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fall Layers' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveValue('L');
    expect(names(/Fall Layers/)).toEqual(['Wool Overcoat']);
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '');
    await user.type(screen.getByRole('spinbutton', { name: 'Maximum price in dollars' }), '100');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/collections/fall?max=100'),
    );
    expect(names(/Fall Layers/)).toEqual(['Trail Runner Sneaker']);

    await user.type(screen.getByRole('spinbutton', { name: 'Minimum price in dollars' }), '95');
    await waitFor(() =>
      expect(screen.getByText('No products match your search.')).toBeInTheDocument(),
    );
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/collections\/fall$/),
    );
    expect(names(/Fall Layers/)).toEqual(['Trail Runner Sneaker', 'Wool Overcoat']);
    view.stop();
  });

  it('filters by category and collection where the page does not fix them', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/women');
    await screen.findByRole('heading', { level: 1, name: "Women's clothing & sneakers" });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Collection' }), 'spring');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/women?collection=spring'),
    );
    expect(names("Women's products")).toEqual(['Linen Summer Dress', 'Canvas Tote Bag']);
    view.stop();
  });

  it('filters by type, offering the types of the page', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/women');
    await screen.findByRole('heading', { level: 1, name: "Women's clothing & sneakers" });
    const type = screen.getByRole('combobox', { name: 'Type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Bags', 'Dresses']);
    await user.selectOptions(type, 'bags');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/women?type=bags'),
    );
    expect(names("Women's products")).toEqual(['Canvas Tote Bag']);
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    view.stop();
  });

  it('searches the type too: "dresses" on /women finds the dress', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/women');
    await screen.findByRole('heading', { level: 1, name: "Women's clothing & sneakers" });
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'DRESSES');
    await waitFor(() => expect(names("Women's products")).toEqual(['Linen Summer Dress']));
    view.stop();
  });

  it('searches by part of a name as you type', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/women');
    await screen.findByRole('heading', { level: 1, name: "Women's clothing & sneakers" });
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'lin');
    await waitFor(() => expect(names("Women's products")).toEqual(['Linen Summer Dress']));
    expect(screen.getByTestId('location')).toHaveTextContent('/women?q=lin');
    expect(screen.getByText('1 product for “lin”')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('lin');
    view.stop();
  });
});
