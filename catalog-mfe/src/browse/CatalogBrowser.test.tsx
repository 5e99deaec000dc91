// The list pages through the catalog's real route list and modules, over a fake of the catalog's
// query service (testing/fakeCatalog.ts) computed from the test catalog.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeCatalog, manyProducts, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { renderCatalog } from '../testing/renderCatalog';
import { URL_DRAFT_DELAY_MS } from './useUrlDraft';

afterEach(() => {
  uninstallFakeCatalog();
  jest.useRealTimers();
});

const names = (label: string | RegExp) =>
  within(screen.getByRole('list', { name: label }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.shop-product-item__name')?.textContent);

const optionsOf = (name: string) =>
  within(screen.getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((option) => option.textContent);

const location = () => screen.getByTestId('location').textContent;

describe('list pages: sorting, filters and search, answered by the query service', () => {
  it('a minimum above the maximum says why nothing matches', async () => {
    installFakeCatalog();
    renderCatalog('/collections/fall?min=200&max=50');
    await screen.findByText('No products match your search.');
    const hint =
      'The minimum price ($200.00) is above the maximum ($50.00), so no product can match. Lower the minimum or raise the maximum.';
    expect(screen.getAllByText(hint)).toHaveLength(2); // in the list and under the price fields
    const min = screen.getByRole('spinbutton', { name: 'Minimum price in dollars' });
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveAccessibleDescription(hint);
  });

  it('a negative minimum is refused with a message, not taken silently', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    renderCatalog('/collections/fall');
    await screen.findByRole('heading', { level: 1, name: 'Fall Layers' });
    const min = screen.getByRole('spinbutton', { name: 'Minimum price in dollars' });
    await user.type(min, '-5');
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveAccessibleDescription('A price cannot be below $0.');
    await user.tab();
    // The list is not filtered by it.
    await waitFor(() =>
      expect(names(/Fall Layers/)).toEqual(['Trail Runner Sneaker', 'Wool Overcoat']),
    );
    await user.clear(min);
    await user.type(min, '5');
    expect(min).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('A price cannot be below $0.')).not.toBeInTheDocument();
  });

  it('/men lists men only, newest first, and sorts by price both ways, kept in the URL', async () => {
    const fake = installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/men');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Men's clothing & sneakers" }),
    ).toBeInTheDocument();
    expect(names("Men's products")).toEqual(['Trail Runner Sneaker', 'Wool Overcoat']);
    expect(screen.getByText('2 products')).toBeInTheDocument();
    // The page fixes the category, so that filter is not offered, and the service is asked for it.
    expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
    expect(fake.service).toEqual(['/v1/products?category=men']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-desc');
    await waitFor(() => expect(location()).toBe('/men?sort=price-desc'));
    await waitFor(() =>
      expect(names("Men's products")).toEqual(['Wool Overcoat', 'Trail Runner Sneaker']),
    );
    expect(fake.service).toContain('/v1/products?sort=price-desc&category=men');

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
    await user.tab(); // leaving the field sends what waits for a pause in typing
    await waitFor(() => expect(location()).toBe('/collections/fall?max=100'));
    await waitFor(() => expect(names(/Fall Layers/)).toEqual(['Trail Runner Sneaker']));

    await user.type(screen.getByRole('spinbutton', { name: 'Minimum price in dollars' }), '95');
    await user.tab();
    await waitFor(() =>
      expect(screen.getByText('No products match your search.')).toBeInTheDocument(),
    );
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(location()).toBe('/collections/fall'));
    await waitFor(() =>
      expect(names(/Fall Layers/)).toEqual(['Trail Runner Sneaker', 'Wool Overcoat']),
    );
    view.stop();
  });

  it('offers the options of the facets with their counts, each counted with the other filters', async () => {
    installFakeCatalog();
    const user = userEvent.setup();
    const view = renderCatalog('/women');
    await screen.findByRole('heading', { level: 1, name: "Women's clothing & sneakers" });
    expect(optionsOf('Collection')).toEqual(['All', 'Spring (2)']);
    expect(optionsOf('Type')).toEqual(['All', 'Bags (1)', 'Dresses (1)']);
    expect(optionsOf('Size')).toEqual(['All sizes', 'XS (1)', 'S (1)', 'M (1)']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'bags');
    await waitFor(() => expect(location()).toBe('/women?type=bags'));
    await waitFor(() => expect(names("Women's products")).toEqual(['Canvas Tote Bag']));
    // The other types still say what choosing them would give; the tote has no sizes.
    expect(optionsOf('Type')).toEqual(['All', 'Bags (1)', 'Dresses (1)']);
    expect(optionsOf('Size')).toEqual(['All sizes']);
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    view.stop();
  });

  it('keeps showing a chosen option that gives nothing, with its count of 0', async () => {
    installFakeCatalog();
    const view = renderCatalog('/women?size=L');
    expect(await screen.findByText('No products match your search.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveValue('L');
    expect(optionsOf('Size')).toEqual(['All sizes', 'XS (1)', 'S (1)', 'M (1)', 'L (0)']);
    view.stop();
  });

  it('counts only the sizes in stock', async () => {
    installFakeCatalog({
      products: manyProducts(2).map((p, i) => (i === 0 ? { ...p, stock: { S: 0, M: 2 } } : p)),
    });
    const view = renderCatalog('/men');
    await screen.findByRole('heading', { level: 1, name: "Men's clothing & sneakers" });
    expect(optionsOf('Size')).toEqual(['All sizes', 'M (1)']);
    view.stop();
  });

  it('searches as you type once typing pauses: one request for the words, not one per letter', async () => {
    jest.useFakeTimers();
    const fake = installFakeCatalog();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const view = renderCatalog('/women');
    await screen.findByRole('heading', { level: 1, name: "Women's clothing & sneakers" });
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'lin');
    expect(location()).toBe('/women');
    await act(async () => {
      jest.advanceTimersByTime(URL_DRAFT_DELAY_MS);
    });
    await waitFor(() => expect(names("Women's products")).toEqual(['Linen Summer Dress']));
    expect(location()).toBe('/women?q=lin');
    expect(fake.service).toEqual([
      '/v1/products?category=women',
      '/v1/products?q=lin&category=women',
    ]);
    expect(screen.getByText('1 product for “lin”')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('lin');
    view.stop();
  });

  it('says which spelling it searched when the service corrected a typo', async () => {
    installFakeCatalog();
    const view = renderCatalog('/men?q=sneakr');
    expect(await screen.findByText('Showing results for “sneaker”')).toBeInTheDocument();
    expect(names("Men's products")).toEqual(['Trail Runner Sneaker']);
    expect(screen.getByText('1 product for “sneaker”')).toBeInTheDocument();
    view.stop();
  });

  it('offers to try again when the query service cannot answer', async () => {
    installFakeCatalog({ serviceDown: true });
    const view = renderCatalog('/men');
    expect(
      await screen.findByRole('heading', { name: "We couldn't load the shop right now" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    view.stop();
  });
});

describe('list pages: one page at a time', () => {
  // 60 men's products (odd numbers) among 120.
  const sixtyMen = () => installFakeCatalog({ products: manyProducts(120) });

  it('shows one page and says which: "Showing 25–48 of 60", in a polite status', async () => {
    sixtyMen();
    const view = renderCatalog('/men?sort=price-desc&size=M&page=2');
    const count = await screen.findByText('Showing 25–48 of 60');
    expect(count.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(names("Men's products")).toHaveLength(24);
    expect(names("Men's products")[0]).toBe('Product 71'); // the 25th most expensive man's
    view.stop();
  });

  it('links to the previous, next, first, last and nearby pages, keeping sort and filters', async () => {
    sixtyMen();
    const view = renderCatalog('/men?sort=price-desc&size=M&page=2');
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['← Previous', '1', '2', '3', 'Next →']);
    const previous = within(nav).getByRole('link', { name: /Previous/ });
    expect(previous).toHaveAttribute('href', '/men?sort=price-desc&size=M');
    expect(previous).toHaveAttribute('rel', 'prev');
    const next = within(nav).getByRole('link', { name: /Next/ });
    expect(next).toHaveAttribute('href', '/men?sort=price-desc&size=M&page=3');
    expect(next).toHaveAttribute('rel', 'next');
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
    view.stop();
  });

  it('follows a page link as a new page in history, shows the list from its top, and goes back', async () => {
    sixtyMen();
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const user = userEvent.setup();
    const view = renderCatalog('/men');
    expect(await screen.findByText('Showing 1–24 of 60')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Next/ }));
    await waitFor(() => expect(location()).toBe('/men?page=2'));
    expect(await screen.findByText('Showing 25–48 of 60')).toBeInTheDocument();
    expect(names("Men's products")[0]).toBe('Product 49');
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
    expect(screen.getByRole('list', { name: "Men's products" }).parentElement).toHaveFocus();

    await act(() => view.router.navigate(-1));
    expect(await screen.findByText('Showing 1–24 of 60')).toBeInTheDocument();
    expect(location()).toBe('/men');
    expect(scrollIntoView).toHaveBeenCalledTimes(1); // back: the shell restores the scroll
    view.stop();
  });

  it('starts again at page 1 when the sort or a filter changes', async () => {
    sixtyMen();
    const user = userEvent.setup();
    const view = renderCatalog('/men?page=2');
    await screen.findByText('Showing 25–48 of 60');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-desc');
    await waitFor(() => expect(location()).toBe('/men?sort=price-desc'));
    expect(await screen.findByText('Showing 1–24 of 60')).toBeInTheDocument();
    await act(() => view.router.navigate('/men?sort=price-desc&page=3'));
    await screen.findByText('Showing 49–60 of 60');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'S');
    await waitFor(() => expect(location()).toBe('/men?sort=price-desc&size=S'));
    view.stop();
  });

  it.each(['0', '-1', 'abc', '1.5', '10001', '3'])(
    'answers ?page=%s with the list’s not-found screen, linking to its first page',
    async (page) => {
      const fake = installFakeCatalog();
      const view = renderCatalog(`/men?sort=price-asc&page=${page}`);
      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: "This page of the list doesn't exist",
        }),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('link', { name: 'Go to the first page of the list' }),
      ).toHaveAttribute('href', '/men?sort=price-asc');
      // Only a well-formed page number is asked of the service (here, 3 of a 1-page list).
      expect(fake.service).toHaveLength(page === '3' ? 1 : 0);
      view.stop();
    },
  );
});
