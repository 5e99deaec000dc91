// The home page through the catalog's real route list and modules, over a fake of the catalog's
// query service: its sets come from `/v1/home`, its search from `/v1/products`.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { URL_DRAFT_DELAY_MS } from '../browse/useUrlDraft';
import { installFakeCatalog, manyProducts, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { renderCatalog } from '../testing/renderCatalog';

afterEach(() => {
  uninstallFakeCatalog();
  jest.useRealTimers();
});

const ids = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('home page', () => {
  it('shows the hero, the collections with their counts, men and women, new arrivals and highlights', async () => {
    const fake = installFakeCatalog();
    const view = renderCatalog('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New season, new favourites' }),
    ).toBeInTheDocument();
    const fall = await screen.findByRole('link', { name: /Fall Layers/ });
    expect(fall).toHaveAttribute('href', '/collections/fall');
    expect(fall).toHaveTextContent('Shop 2 pieces');
    expect(screen.getByRole('link', { name: /Spring Light/ })).toHaveAttribute(
      'href',
      '/collections/spring',
    );
    expect(screen.getAllByRole('link', { name: /Shop Men/ })[0]).toHaveAttribute('href', '/men');
    expect(screen.getAllByRole('link', { name: /Shop Women/ })[0]).toHaveAttribute(
      'href',
      '/women',
    );
    // The newest first; the best reductions first (the dress is not reduced).
    expect(ids(screen.getByRole('list', { name: 'New arrivals' }))).toEqual([
      '/products/p2',
      '/products/p4',
      '/products/p1',
      '/products/p3',
    ]);
    expect(ids(screen.getByRole('list', { name: 'Highlighted products' }))).toEqual([
      '/products/p1',
      '/products/p4',
      '/products/p3',
    ]);
    // One bounded read of the service and the collections of the database: never every product.
    expect(fake.service).toEqual(['/v1/home']);
    expect(fake.requests).toEqual(['catalog/collections']);
    view.stop();
  });

  it('asks the service as you type, once typing pauses, and shows what it found', async () => {
    jest.useFakeTimers();
    const fake = installFakeCatalog();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const view = renderCatalog('/');
    await screen.findByRole('list', { name: 'Highlighted products' });
    await user.type(screen.getByRole('searchbox', { name: 'Search the shop' }), 'over');
    await act(async () => {
      jest.advanceTimersByTime(URL_DRAFT_DELAY_MS);
    });
    const results = await screen.findByRole('list', { name: 'Products matching over' });
    expect(within(results).getByRole('link')).toHaveAttribute('href', '/products/p3');
    expect(screen.getByText('1 product for “over”')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/?q=over');
    // The home sets are kept: the search is the one new request.
    expect(fake.service).toEqual(['/v1/home', '/v1/products?q=over&per=24']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search the shop' }));
    await act(async () => {
      jest.advanceTimersByTime(URL_DRAFT_DELAY_MS);
    });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Search results' })).not.toBeInTheDocument(),
    );
    view.stop();
  });

  it('shows the first 12 results and links to all of them on the results page', async () => {
    installFakeCatalog({ products: manyProducts(30) });
    const view = renderCatalog('/?q=product');
    const results = await screen.findByRole('list', { name: 'Products matching product' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByText('30 products for “product”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all 30 results' })).toHaveAttribute(
      'href',
      '/search?q=product',
    );
    view.stop();
  });

  it('says which spelling it searched when the service corrected a typo', async () => {
    installFakeCatalog();
    const view = renderCatalog('/?q=overcot');
    expect(await screen.findByText('Showing results for “overcoat”')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Products matching overcoat' })).toBeInTheDocument();
    view.stop();
  });

  it('answers a search too long to run with a sentence, the page still whole', async () => {
    const fake = installFakeCatalog();
    const view = renderCatalog(`/?q=${'a'.repeat(101)}`);
    expect(
      await screen.findByText('Your search is too long. Searches are at most 100 characters long.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'New arrivals' })).toBeInTheDocument();
    expect(fake.service).toEqual(['/v1/home']);
    view.stop();
  });

  it('offers to try again in each part when the service cannot answer; the hero stays', async () => {
    installFakeCatalog({ serviceDown: true });
    const view = renderCatalog('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New season, new favourites' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').map((alert) => alert.textContent?.includes('Try again')),
      ).toEqual([true, true, true, true]),
    );
    view.stop();
  });
});
