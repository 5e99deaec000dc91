import { EMPTY_CART, SIGNED_OUT, cartActions, setAuth } from '@shop/shared';
import type { ToastEvent } from '@shop/shared';
import { bus } from '@shop/shared';
import { addAddress, parseAddressBook, type AddressBook } from '@shop/shared/address-book';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { DetailsForm, SAVE_ADDRESS_LABEL, type DetailsFormProps } from './DetailsForm';
import { SAMPLE_ADDRESS } from '@shop/shared/testing/sampleAddress';

jest.mock('@shop/shared/address-book', () => ({
  ...jest.requireActual('@shop/shared/address-book'),
  addAddress: jest.fn(),
}));

const mockedAdd = jest.mocked(addAddress);

const lisbon = SAMPLE_ADDRESS;
const porto = { ...lisbon, address: '5 Rua das Flores', city: 'Porto', zipCode: '4050-262' };
const BOOK: AddressBook = parseAddressBook({
  addresses: { a0: lisbon, a1: porto },
  defaultKey: 'a1',
});

let posted: Record<string, string> | null = null;

function renderForm(props: DetailsFormProps) {
  const router = createMemoryRouter(
    [
      { path: '/checkout/details', element: <DetailsForm {...props} /> },
      {
        path: '/checkout-successful',
        element: <p>sent</p>,
        action: async ({ request }) => {
          posted = Object.fromEntries(
            [...(await request.formData()).entries()].map(([k, v]) => [k, String(v)]),
          );
          return null;
        },
      },
    ],
    { initialEntries: ['/checkout/details'] },
  );
  return render(<RouterProvider router={router} />);
}

/** What the details route's loader gives a signed-in shopper: the default address filled in. */
const signedIn = (book = BOOK, fill = porto): DetailsFormProps => ({
  initial: { email: 'jane@example.com', ...fill, 'payment-method': 'bank transfer' },
  addressBook: { accountUid: 'acct-1', book },
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const choices = () => within(screen.getByRole('group', { name: 'Deliver to' }));
const toasts: ToastEvent[] = [];
const subscription = bus.toasts$.subscribe((t) => toasts.push(t));
afterAll(() => subscription.unsubscribe());

beforeEach(() => {
  sessionStorage.clear();
  posted = null;
  toasts.length = 0;
  mockedAdd.mockReset();
  setAuth({ isSignedIn: true, email: 'jane@example.com', userAccountUid: 'acct-1' });
  cartActions.replaceCart({ ...EMPTY_CART, products: [{ id: 'linen-shirt', quantity: 2 }] });
});

describe('saved addresses at the details step (decision 4202)', () => {
  it('shows the saved addresses with the default chosen and its fields filled', () => {
    renderForm(signedIn());
    const radios = choices().getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(
      choices().getByRole('radio', { name: /5 Rua das Flores.*Default address/ }),
    ).toBeChecked();
    expect(choices().getByRole('radio', { name: /12 Rua Augusta/ })).not.toBeChecked();
    expect(choices().getByRole('radio', { name: 'A new address' })).not.toBeChecked();
    expect(field('Address')).toHaveValue('5 Rua das Flores');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
    // A chosen saved address is not offered to be saved again.
    expect(screen.queryByRole('checkbox', { name: SAVE_ADDRESS_LABEL })).toBeNull();
    expect(choices().getByRole('link', { name: 'Manage your address book' })).toBeInTheDocument();
  });

  it('choosing another address fills the delivery details the order is sent with', async () => {
    renderForm(signedIn());
    fireEvent.click(choices().getByRole('radio', { name: /12 Rua Augusta/ }));
    expect(choices().getByRole('radio', { name: /12 Rua Augusta/ })).toBeChecked();
    expect(field('Address')).toHaveValue('12 Rua Augusta');
    expect(field('City')).toHaveValue('Lisbon');
    expect(field('ZIP Code')).toHaveValue('1100-048');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted).toMatchObject({ ...lisbon, email: 'jane@example.com' });
    expect(mockedAdd).not.toHaveBeenCalled();
  });

  it('"A new address" empties the delivery fields without marking them; an edit makes a new address', () => {
    renderForm(signedIn());
    fireEvent.click(choices().getByRole('radio', { name: 'A new address' }));
    for (const label of ['Name', 'Phone number', 'Address', 'City', 'ZIP Code']) {
      expect(field(label)).toHaveValue('');
    }
    expect(field('Email address')).toHaveValue('jane@example.com');
    expect(screen.queryByText('Your address should contain at least 4 characters!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();

    fireEvent.click(choices().getByRole('radio', { name: /12 Rua Augusta/ }));
    fireEvent.change(field('Address'), { target: { value: '14 Rua Augusta' } });
    expect(choices().getByRole('radio', { name: 'A new address' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: SAVE_ADDRESS_LABEL })).not.toBeChecked();
  });

  it('a new address with "Save this address" ticked is saved to the book, then the order is sent', async () => {
    mockedAdd.mockResolvedValue({ ok: true, value: BOOK });
    renderForm(signedIn());
    fireEvent.click(choices().getByRole('radio', { name: /12 Rua Augusta/ }));
    fireEvent.change(field('Address'), { target: { value: '  14 Rua Augusta ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: SAVE_ADDRESS_LABEL }));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(posted).not.toBeNull());
    expect(mockedAdd).toHaveBeenCalledWith('acct-1', BOOK, {
      ...lisbon,
      address: '14 Rua Augusta',
    });
    expect(posted).toMatchObject({ address: '  14 Rua Augusta ', city: 'Lisbon' });
    expect(toasts.map((t) => t.message)).toEqual(['Address saved to your address book.']);
  });

  it('a failed save says so and still sends the order', async () => {
    mockedAdd.mockResolvedValue({ ok: false, error: '401' });
    renderForm(signedIn(parseAddressBook(null), lisbon));
    // An empty book: no choice to make, but a typed address may be saved.
    expect(screen.queryByRole('group', { name: 'Deliver to' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: SAVE_ADDRESS_LABEL }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    });
    await waitFor(() => expect(posted).not.toBeNull());
    expect(toasts.map((t) => [t.kind, t.message])).toEqual([
      ['error', "This address couldn't be saved to your address book."],
    ]);
  });

  it('a full book offers no save; a guest sees the form as before', () => {
    const full = parseAddressBook({
      addresses: Object.fromEntries(
        Array.from({ length: 10 }, (_, i) => [`a${i}`, { ...lisbon, address: `${i + 1} Rua` }]),
      ),
    });
    const { unmount } = renderForm(signedIn(full, lisbon));
    fireEvent.click(choices().getByRole('radio', { name: 'A new address' }));
    expect(screen.queryByRole('checkbox', { name: SAVE_ADDRESS_LABEL })).toBeNull();
    unmount();

    setAuth(SIGNED_OUT);
    renderForm({ initial: { 'payment-method': 'card' } });
    expect(screen.queryByRole('group', { name: 'Deliver to' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: SAVE_ADDRESS_LABEL })).toBeNull();
    expect(field('Address')).toHaveValue('');
  });
});
