// The results page through the catalog's real route list and modules, over a fake of the
// catalog's query service (it searches: the browser no longer loads a search engine).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeCatalog, manyProducts, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { renderCatalog } from '../testing/renderCatalog';

afterEach(uninstallFakeCatalog);

const names = () =>
  within(screen.getByRole('list', { name: 'Search results' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.shop-product-item__name')?.textContent);

const location = () => screen.getByTestId('location').textContent;

describe('the search results page', () => {
  it('without a search, asks what the shopper is looking for (no list)', async () => {
    installFakeCatalog();
    const view = renderCatalog('/search');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search the shop' }),
    ).toBeInTheDocument();
    expect(screen.getByText('What are you looking for?')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    view.stop();
  });

  it('shows what the service found for a typo, and the spelling it searched', async () => {
    installFakeCatalog();
    const view = renderCatalog('/search?q=sneakr');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search results for “sneakr”' }),
    ).toBeInTheDocument();
    expect(names()).toEqual(['Trail Runner Sneaker']);
    expect(screen.getByText('Showing results for “sneaker”')).toBeInTheDocument();
    const status = screen.getByText('1 product for “sneaker”').closest('[role="status"]');
    expect(status).toHaveTextContent('Showing results for “sneaker”1 product for “sneaker”');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    view.stop();
  });

  it('sorts and filters with the catalog controls in the URL, the search kept', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/search?q=men');
    await waitFor(() => expect(names()).toEqual(['Trail Runner Sneaker', 'Wool Overcoat']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'coats');
    await waitFor(() => expect(location()).toBe('/search?q=men&type=coats'));
    await waitFor(() => expect(names()).toEqual(['Wool Overcoat']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-desc');
    await waitFor(() => expect(names()).toEqual(['Wool Overcoat', 'Trail Runner Sneaker']));
    expect(location()).toBe('/search?q=men&sort=price-desc');
    view.stop();
  });

  it('says clearly when nothing matches, and clearing the filters keeps the search', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/search?q=dress&category=men');
    expect(await screen.findByText('No products match “dress”.')).toBeInTheDocument();
    expect(screen.getByText('0 products for “dress”')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(location()).toBe('/search?q=dress'));
    await waitFor(() => expect(names()).toEqual(['Linen Summer Dress']));
    view.stop();
  });

  it('pages through many results, the search in every page link', async () => {
    installFakeCatalog({ products: manyProducts(60) });
    const view = renderCatalog('/search?q=product&page=2');
    expect(await screen.findByText('Showing 25–48 of 60 for “product”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Next/ })).toHaveAttribute(
      'href',
      '/search?q=product&page=3',
    );
    view.stop();
  });

  it('answers a search longer than the service runs with a clear screen, not a crash', async () => {
    const fake = installFakeCatalog();
    const view = renderCatalog(`/search?q=${'a'.repeat(101)}&type=bags`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your search is too long' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Searches are at most 100 characters long\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search again' })).toHaveAttribute(
      'href',
      '/search?type=bags',
    );
    expect(fake.service).toEqual([]); // refused before asking
    view.stop();
  });

  it('shows the service’s reason when it refuses a search (too many words)', async () => {
    installFakeCatalog();
    const view = renderCatalog('/search?q=a+b+c+d+e+f+g+h+i');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your search is too long' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Searches are at most 8 words long\./)).toBeInTheDocument();
    view.stop();
  });
});
