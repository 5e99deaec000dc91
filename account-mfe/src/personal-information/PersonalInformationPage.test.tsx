import { bus } from '@shop/shared';
import type { ToastEvent } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_UID, fakeDatabase, renderAt } from '../testing/accountTestKit';
import { resetBackend, sharedMocks, signInAs } from '../testing/mockShared';

jest.mock('@shop/shared', () =>
  jest.requireActual('../testing/sharedMockFactory').sharedMockFactory(),
);
jest.mock('@shop/shared/accounts', () =>
  jest.requireActual('../testing/sharedMockFactory').accountsMockFactory(),
);

const INFO_PATH = `users/validated/${ACCOUNT_UID}/personalInformation`;
const toasts: ToastEvent[] = [];
const subscription = bus.toasts$.subscribe((t) => toasts.push(t));
afterAll(() => subscription.unsubscribe());

beforeEach(() => {
  resetBackend();
  toasts.length = 0;
  signInAs('jane@example.com');
});

const row = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return within(term.parentElement as HTMLElement);
};

describe('personal information screen', () => {
  it("shows the loading text, then every field with 'Yet to be filled!' for empty values", async () => {
    fakeDatabase.set(INFO_PATH, { name: 'Jane Doe', city: 'Lisbon' });
    renderAt('/account/personal-information');
    expect(await screen.findByText('Loading personal information...')).toBeInTheDocument();
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Personal information' })).toBeVisible();
    for (const label of ['Address', 'Country', 'Email address', 'Phone number', 'ZIP Code']) {
      expect(row(label).getByText('Yet to be filled!')).toBeInTheDocument();
    }
    expect(row('City').getByText('Lisbon')).toBeInTheDocument();
    expect(screen.getAllByText('Yet to be filled!')).toHaveLength(5);
    // In the checkout form's order, not alphabetical (Name came after Email).
    expect(screen.getAllByText(/./, { selector: 'dt' }).map((dt) => dt.textContent)).toEqual([
      'Name',
      'Email address',
      'Phone number',
      'Address',
      'City',
      'ZIP Code',
      'Country',
    ]);
  });

  it('Cancel restores the prior value without saving', async () => {
    fakeDatabase.set(INFO_PATH, { name: 'Jane Doe' });
    renderAt('/account/personal-information');
    await screen.findByText('Jane Doe');
    const user = userEvent.setup();
    await user.click(row('Name').getByRole('button', { name: 'Edit name' }));
    const input = row('Name').getByRole('textbox', { name: 'Name' });
    expect(input).toHaveValue('Jane Doe');
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, 'Someone Else');
    await user.click(row('Name').getByRole('button', { name: 'Cancel' }));

    expect(row('Name').getByText('Jane Doe')).toBeInTheDocument();
    expect(row('Name').getByRole('button', { name: 'Edit name' })).toHaveFocus();
    expect(sharedMocks.setData).not.toHaveBeenCalled();
  });

  it('Accept saves a changed value, names the field in the toast and shows the new value', async () => {
    renderAt('/account/personal-information');
    await screen.findByRole('button', { name: 'Edit address' });
    const user = userEvent.setup();
    await user.click(row('Address').getByRole('button', { name: 'Edit address' }));
    await user.type(row('Address').getByRole('textbox'), '12 Rua Augusta');
    await user.click(row('Address').getByRole('button', { name: 'Accept' }));

    expect(await row('Address').findByText('12 Rua Augusta')).toBeInTheDocument();
    expect(sharedMocks.setData).toHaveBeenCalledWith(
      INFO_PATH,
      { address: '12 Rua Augusta' },
      'PATCH',
    );
    expect(fakeDatabase.get(INFO_PATH)).toEqual({ address: '12 Rua Augusta' });
    expect(toasts.map((t) => t.message)).toEqual(['Your address has been changed successfuly!']);
  });

  it('Accept with an unchanged value saves nothing', async () => {
    fakeDatabase.set(INFO_PATH, { tel: '+48 123 456 789' });
    renderAt('/account/personal-information');
    await screen.findByText('+48 123 456 789');
    const user = userEvent.setup();
    await user.click(row('Phone number').getByRole('button', { name: 'Edit phone number' }));
    await user.click(row('Phone number').getByRole('button', { name: 'Accept' }));
    expect(row('Phone number').getByText('+48 123 456 789')).toBeInTheDocument();
    expect(sharedMocks.setData).not.toHaveBeenCalled();
    expect(toasts).toHaveLength(0);
  });

  it('Accept with only spaces added around the stored value saves nothing', async () => {
    fakeDatabase.set(INFO_PATH, { name: 'Bob Builder' });
    renderAt('/account/personal-information');
    await screen.findByText('Bob Builder');
    const user = userEvent.setup();
    await user.click(row('Name').getByRole('button', { name: 'Edit name' }));
    const input = row('Name').getByRole('textbox', { name: 'Name' });
    await user.clear(input);
    await user.type(input, '  Bob Builder  ');
    await user.click(row('Name').getByRole('button', { name: 'Accept' }));

    expect(await row('Name').findByText('Bob Builder')).toBeInTheDocument();
    expect(row('Name').queryByRole('textbox')).not.toBeInTheDocument();
    expect(sharedMocks.setData).not.toHaveBeenCalled();
    expect(toasts).toHaveLength(0);
  });

  it('saves a changed value trimmed (decision 0005)', async () => {
    fakeDatabase.set(INFO_PATH, { city: 'Lisbon' });
    renderAt('/account/personal-information');
    await screen.findByText('Lisbon');
    const user = userEvent.setup();
    await user.click(row('City').getByRole('button', { name: 'Edit city' }));
    const input = row('City').getByRole('textbox', { name: 'City' });
    await user.clear(input);
    await user.type(input, '  Porto Alegre ');
    await user.click(row('City').getByRole('button', { name: 'Accept' }));

    expect(await row('City').findByText('Porto Alegre')).toBeInTheDocument();
    expect(sharedMocks.setData).toHaveBeenCalledWith(INFO_PATH, { city: 'Porto Alegre' }, 'PATCH');
    expect(toasts.map((t) => t.message)).toEqual(['Your city has been changed successfuly!']);
  });

  it('checks the value with the docs/product.md §5 rule of the field', async () => {
    renderAt('/account/personal-information');
    await screen.findByRole('button', { name: 'Edit city' });
    const user = userEvent.setup();
    await user.click(row('City').getByRole('button', { name: 'Edit city' }));
    await user.type(row('City').getByRole('textbox'), 'Rom');
    expect(
      await row('City').findByText('Your city should at least be 5 characters length!'),
    ).toBeInTheDocument();
    expect(row('City').getByRole('button', { name: 'Accept' })).toBeDisabled();
  });

  it('refuses what the order would refuse: the longest value of the shared table (decision 4102)', async () => {
    renderAt('/account/personal-information');
    await screen.findByRole('button', { name: 'Edit address' });
    const user = userEvent.setup();
    await user.click(row('Address').getByRole('button', { name: 'Edit address' }));
    // Pasted, as nobody types 233 characters.
    row('Address').getByRole('textbox').focus();
    await user.paste('x'.repeat(233));
    expect(
      await row('Address').findByText('Your address should be at most 200 characters long!'),
    ).toBeInTheDocument();
    expect(row('Address').getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(sharedMocks.setData).not.toHaveBeenCalled();
  });

  it("raises the global error 'An unexpected error happened' with the code when saving fails", async () => {
    sharedMocks.setData.mockResolvedValueOnce({
      status: 500,
      error: { code: '403', message: 'Permission denied' },
    });
    renderAt('/account/personal-information');
    await screen.findByRole('button', { name: 'Edit name' });
    const user = userEvent.setup();
    await user.click(row('Name').getByRole('button', { name: 'Edit name' }));
    await user.type(row('Name').getByRole('textbox'), 'Jane Doe');
    await user.click(row('Name').getByRole('button', { name: 'Accept' }));

    await waitFor(() =>
      expect(bus.error$.getValue()).toEqual({
        isError: true,
        message: { content: 'An unexpected error happened', error: '403' },
      }),
    );
    // Still editing, so nothing typed is lost.
    expect(row('Name').getByRole('textbox')).toHaveValue('Jane Doe');
    expect(toasts).toHaveLength(0);
  });
});
