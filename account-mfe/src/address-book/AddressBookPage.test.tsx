import { bus } from '@shop/shared';
import type { ToastEvent } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_UID, fakeDatabase, renderAt } from '../testing/accountTestKit';
import { resetBackend, sharedMocks, signInAs } from '../testing/mockShared';
import { SAMPLE_ADDRESS } from '@shop/shared/testing/sampleAddress';

jest.mock('@shop/shared', () =>
  jest.requireActual('../testing/sharedMockFactory').sharedMockFactory(),
);
jest.mock('@shop/shared/accounts', () =>
  jest.requireActual('../testing/sharedMockFactory').accountsMockFactory(),
);

const BOOK = `users/validated/${ACCOUNT_UID}/addressBook`;
const lisbon = SAMPLE_ADDRESS;
const porto = { ...lisbon, address: '5 Rua das Flores', city: 'Porto', zipCode: '4050-262' };

const toasts: ToastEvent[] = [];
const subscription = bus.toasts$.subscribe((t) => toasts.push(t));
afterAll(() => subscription.unsubscribe());

/** The fake database keeps what a PATCH of 'a/b' paths would leave, as the real one does. */
function storedBook() {
  const raw = (fakeDatabase.get(BOOK) ?? {}) as Record<string, unknown>;
  const book: { addresses: Record<string, unknown>; defaultKey?: unknown } = { addresses: {} };
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'addresses') Object.assign(book.addresses, value);
    else if (key.startsWith('addresses/')) {
      if (value === null) delete book.addresses[key.slice('addresses/'.length)];
      else book.addresses[key.slice('addresses/'.length)] = value;
    } else if (key === 'defaultKey') book.defaultKey = value;
  }
  return book;
}

beforeEach(() => {
  resetBackend();
  toasts.length = 0;
  signInAs('jane@example.com');
});

const cards = () =>
  within(screen.getByRole('list', { name: 'Saved addresses' })).getAllByRole('listitem');

async function fillAddress(user: ReturnType<typeof userEvent.setup>, values: typeof lisbon) {
  for (const [label, value] of [
    ['Name', values.name],
    ['Phone number', values.tel],
    ['Address', values.address],
    ['City', values.city],
    ['ZIP Code', values.zipCode],
  ] as const) {
    const input = screen.getByRole('textbox', { name: label });
    await user.clear(input);
    await user.paste(value);
  }
  await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), values.country);
}

describe('address book page', () => {
  it('shows the loading text, then the saved addresses with the default marked', async () => {
    fakeDatabase.set(BOOK, { addresses: { a0: lisbon, a1: porto }, defaultKey: 'a1' });
    renderAt('/account/address-book');
    expect(await screen.findByText('Loading address book...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Address book' })).toBeVisible();
    expect(
      await screen.findByRole('heading', { name: '2 of 10 addresses saved' }),
    ).toBeInTheDocument();
    const [first, second] = cards();
    expect(first).toHaveTextContent('12 Rua Augusta');
    expect(within(first!).queryByText('Default address')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('5 Rua das Flores');
    expect(within(second!).getByText('Default address')).toBeInTheDocument();
    // The default offers no "Set as default".
    expect(within(second!).queryByRole('button', { name: /^Set as default/ })).toBeNull();
  });

  it('adds a first address, which becomes the default, checked as the details form checks', async () => {
    renderAt('/account/address-book');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    // The first address is the default whatever is ticked: no choice is offered.
    expect(screen.queryByRole('checkbox')).toBeNull();
    await fillAddress(user, { ...lisbon, city: 'Rom' });
    expect(
      await screen.findByText('Your city should at least be 5 characters length!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save address' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'ford');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText('Default address')).toBeInTheDocument();
    expect(storedBook()).toEqual({
      addresses: { a0: { ...lisbon, city: 'Romford' } },
      defaultKey: 'a0',
    });
    expect(toasts.map((t) => t.message)).toEqual(['Address saved.']);
    expect(screen.getByRole('button', { name: 'Add an address' })).toHaveFocus();
  });

  it('adds a second address as the default when asked, then sets the first as default again', async () => {
    fakeDatabase.set(BOOK, { addresses: { a0: lisbon }, defaultKey: 'a0' });
    renderAt('/account/address-book');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    await fillAddress(user, porto);
    await user.click(screen.getByRole('checkbox', { name: 'Make this my default address' }));
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(cards()[1]!).getByText('Default address')).toBeInTheDocument();
    expect(storedBook().defaultKey).toBe('a1');

    await user.click(
      screen.getByRole('button', { name: /^Set as default: Jane Doe, 12 Rua Augusta/ }),
    );
    await waitFor(() => expect(within(cards()[0]!).getByText('Default address')).toBeVisible());
    expect(storedBook().defaultKey).toBe('a0');
    expect(sharedMocks.setData).toHaveBeenLastCalledWith(BOOK, { defaultKey: 'a0' }, 'PATCH');
    expect(toasts.map((t) => t.message)).toEqual([
      'Address saved.',
      'Your default address has been changed.',
    ]);
  });

  it('edits an address in its card; Cancel and Escape keep it unchanged', async () => {
    fakeDatabase.set(BOOK, { addresses: { a0: lisbon }, defaultKey: 'a0' });
    renderAt('/account/address-book');
    const user = userEvent.setup();
    const edit = await screen.findByRole('button', { name: /^Edit Jane Doe, 12 Rua Augusta/ });
    await user.click(edit);
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('12 Rua Augusta');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: /^Edit Jane Doe/ })).toHaveFocus();
    expect(sharedMocks.setData).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /^Edit Jane Doe/ }));
    const address = screen.getByRole('textbox', { name: 'Address' });
    await user.clear(address);
    await user.type(address, '  14 Rua Augusta ');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('14 Rua Augusta')).toBeInTheDocument();
    expect(storedBook().addresses).toEqual({ a0: { ...lisbon, address: '14 Rua Augusta' } });
    expect(screen.getByRole('button', { name: /^Edit Jane Doe, 14 Rua Augusta/ })).toHaveFocus();
  });

  it('deletes the default address in one write that makes the next one the default', async () => {
    fakeDatabase.set(BOOK, { addresses: { a0: lisbon, a1: porto }, defaultKey: 'a0' });
    renderAt('/account/address-book');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Delete Jane Doe, 12 Rua/ }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(sharedMocks.setData).toHaveBeenCalledWith(
      BOOK,
      { 'addresses/a0': null, defaultKey: 'a1' },
      'PATCH',
    );
    expect(within(cards()[0]!).getByText('Default address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Edit Jane Doe, 5 Rua das Flores/ })).toHaveFocus();
    expect(toasts.map((t) => t.message)).toEqual(['Address deleted.']);
  });

  it('holds ten addresses at most: the add button says why it is off', async () => {
    const ten = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`a${i}`, { ...lisbon, address: `${i + 1} Rua Nova` }]),
    );
    fakeDatabase.set(BOOK, { addresses: ten, defaultKey: 'a0' });
    renderAt('/account/address-book');
    const add = await screen.findByRole('button', { name: 'Add an address' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      'Your address book is full. Delete an address to add another.',
    );
  });

  it("raises the global error 'An unexpected error happened' with the code when a save fails", async () => {
    fakeDatabase.set(BOOK, { addresses: { a0: lisbon }, defaultKey: 'a0' });
    sharedMocks.setData.mockResolvedValueOnce({
      status: 500,
      error: { code: '401', message: 'Permission denied' },
    });
    renderAt('/account/address-book');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Edit Jane Doe/ }));
    await user.type(screen.getByRole('textbox', { name: 'Address' }), ' B');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(bus.error$.getValue()).toEqual({
        isError: true,
        message: { content: 'An unexpected error happened', error: '401' },
      }),
    );
    // Still editing, nothing lost.
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('12 Rua Augusta B');
    expect(screen.getByRole('button', { name: 'Save address' })).toBeEnabled();
    expect(toasts).toHaveLength(0);
  });
});
