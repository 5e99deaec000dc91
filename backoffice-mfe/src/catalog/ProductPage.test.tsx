import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, signInMember, backofficeFakesEachTest } from '../testing/backofficeTestKit';

const fakes = backofficeFakesEachTest();

const BOOT = {
  id: 'chelsea-boot',
  name: 'Chelsea boot',
  originalPrice: 180,
  discountedPrice: 150,
  sizes: ['41', '42'],
  stock: { '41': 3, '42': 10 },
  published: true,
};

it('lists products with their prices, stock and whether they are on sale, page by page', async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffProducts', 200, {
    products: [
      BOOT,
      { ...BOOT, id: 'old-boot', name: 'Old boot', published: false, stock: undefined },
    ],
    next: 'p-3',
  });
  renderAt('/backoffice/products?q=Chel');

  const table = await screen.findByRole('table', { name: 'Products by id' });
  const [boot, old] = within(table).getAllByRole('row').slice(1);
  expect(boot).toHaveTextContent('Chelsea boot (chelsea-boot)$180.00$150.0041: 3, 42: 10On sale');
  expect(old).toHaveTextContent('Not trackedOff sale');
  expect(fakes.functions.calls[0]?.query.get('q')).toBe('chel');
  expect(screen.getByRole('link', { name: 'Next products' })).toHaveAttribute(
    'href',
    '/backoffice/products?q=chel&after=p-3',
  );
});

it('saves only what changed, with the version it was made on', async () => {
  signInMember(['merchandiser']);
  fakes.functions.answer('staffProduct', 200, { product: BOOT, version: 'v1' });
  fakes.functions.answer('updateProduct', 200, {
    product: { ...BOOT, originalPrice: 199.99, stock: { '41': 5, '42': 10 } },
    version: 'v2',
  });
  fakes.functions.answer('staffProduct', 200, {
    product: { ...BOOT, originalPrice: 199.99, stock: { '41': 5, '42': 10 } },
    version: 'v2',
  });
  renderAt('/backoffice/products/chelsea-boot');

  const price = await screen.findByLabelText('Price ($)');
  await userEvent.clear(price);
  await userEvent.type(price, '199.99');
  await userEvent.clear(screen.getByLabelText('41'));
  await userEvent.type(screen.getByLabelText('41'), '5');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
  expect(fakes.functions.calls[1]).toMatchObject({
    name: 'updateProduct',
    body: {
      id: 'chelsea-boot',
      version: 'v1',
      changes: { originalPrice: 199.99, stock: { '41': 5 } },
    },
  });
  // The page reads the product again: the form starts from the saved version.
  expect(await screen.findByDisplayValue('199.99')).toBeInTheDocument();
});

it('says what is wrong before sending anything', async () => {
  signInMember(['merchandiser']);
  fakes.functions.answer('staffProduct', 200, { product: BOOT, version: 'v1' });
  renderAt('/backoffice/products/chelsea-boot');

  const price = await screen.findByLabelText('Price ($)');
  await userEvent.clear(price);
  await userEvent.type(price, '140');
  await userEvent.clear(screen.getByLabelText('42'));
  await userEvent.type(screen.getByLabelText('42'), 'ten');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(screen.getByLabelText('Discounted price ($, empty for none)')).toHaveAccessibleDescription(
    'The discounted price must not be above the price.',
  );
  expect(screen.getByLabelText('42')).toHaveAccessibleDescription(
    'Stock of 42 must be a whole number from 0 to 100,000.',
  );
  expect(fakes.functions.calls.map((call) => call.name)).toEqual(['staffProduct']);
});

it('a change someone else made first: their words, and the product as it is now', async () => {
  signInMember(['admin']);
  fakes.functions.answer('staffProduct', 200, { product: BOOT, version: 'v1' });
  fakes.functions.answer('updateProduct', 409, {
    error: 'changed',
    message: 'This product was changed by someone else since you opened it.',
    product: { ...BOOT, originalPrice: 170 },
    version: 'v2',
  });
  fakes.functions.answer('staffProduct', 200, {
    product: { ...BOOT, originalPrice: 170 },
    version: 'v2',
  });
  renderAt('/backoffice/products/chelsea-boot');

  await userEvent.click(await screen.findByLabelText('On sale'));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('changed by someone else');
  expect(fakes.functions.calls[1]?.body).toEqual({
    id: 'chelsea-boot',
    version: 'v1',
    changes: { published: false },
  });
  expect(await screen.findByDisplayValue('170')).toBeInTheDocument();
  expect(screen.getByLabelText('On sale')).toBeChecked();
});

it('a fulfilment member sees the product but cannot change it', async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffProduct', 200, { product: BOOT, version: 'v1' });
  renderAt('/backoffice/products/chelsea-boot');
  expect(await screen.findByText('Your roles do not let you change products.')).toBeInTheDocument();
  expect(screen.getByLabelText('Price ($)')).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
});

it('finds products by the start of their name: typed words become the start of an id', async () => {
  signInMember(['merchandiser']);
  fakes.functions.answer('staffProducts', 200, { products: [BOOT] });
  renderAt('/backoffice/products?q=%20Chelsea%20Bo');
  expect(await screen.findByRole('link', { name: 'Chelsea boot' })).toBeInTheDocument();
  expect(fakes.functions.calls[0]?.query.get('q')).toBe('chelsea-bo');
  expect(screen.getByLabelText('Name or id starts with')).toHaveValue('chelsea-bo');
});

it("shows the product's latest changes: when, who, each value from → to", async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffProduct', 200, {
    product: BOOT,
    version: 'v3',
    history: [
      {
        at: Date.UTC(2026, 11, 6, 15, 30),
        by: { email: 'merch@shop.example' },
        changes: [
          { field: 'discountedPrice', from: 160, to: null },
          { field: 'published', from: true, to: false },
        ],
      },
      {
        at: Date.UTC(2026, 11, 5, 9, 0),
        by: { email: null },
        changes: [
          { field: 'originalPrice', from: 170, to: 180 },
          { field: 'stock', size: '42', from: null, to: 10 },
        ],
      },
    ],
  });
  renderAt('/backoffice/products/chelsea-boot');

  const table = await screen.findByRole('table', { name: 'Changes' });
  const [newest, older] = within(table).getAllByRole('row').slice(1);
  expect(newest).toHaveTextContent(
    'merch@shop.exampleDiscounted price: $160.00 → noneOn sale → Off sale',
  );
  expect(older).toHaveTextContent(
    'UnknownPrice: $170.00 → $180.00Stock of size 42: not counted → 10',
  );
});

it('says so when no change was saved here yet (or the function does not say)', async () => {
  signInMember(['fulfilment']);
  fakes.functions.answer('staffProduct', 200, { product: BOOT, version: 'v1' });
  renderAt('/backoffice/products/chelsea-boot');
  expect(await screen.findByText('No one has changed this product here yet.')).toBeVisible();
  expect(screen.queryByRole('table', { name: 'Changes' })).toBeNull();
});
