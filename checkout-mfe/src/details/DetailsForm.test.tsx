import { EMPTY_CART, SIGNED_OUT, VALIDATION_DELAY_MS, cartActions, setAuth } from '@shop/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { SAMPLE_PERSONAL_INFORMATION } from '../testing/sampleOrder';
import { readDraft } from '../order/checkoutStorage';
import { DetailsForm, type DetailsFormProps } from './DetailsForm';

function renderForm(initial: DetailsFormProps['initial'] = { 'payment-method': 'card' }) {
  const router = createMemoryRouter(
    [
      { path: '/checkout/details', element: <DetailsForm initial={initial} /> },
      { path: '/checkout-successful', element: <p>sent</p>, action: () => null },
    ],
    { initialEntries: ['/checkout/details'] },
  );
  return render(<RouterProvider router={router} />);
}

/** A message of the card provider's frame (decision 5301), from `origin`. */
function cardFrameSays(data: object, origin = 'http://127.0.0.1:9030') {
  const frame = screen.getByTitle('Card details') as HTMLIFrameElement;
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'threadline-payments', ...data },
        origin,
        source: frame.contentWindow,
      }),
    );
  });
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function type(label: string, value: string) {
  fireEvent.change(input(label), { target: { value } });
}

function waitValidation() {
  act(() => {
    jest.advanceTimersByTime(VALIDATION_DELAY_MS);
  });
}

const VALID: [string, string][] = [
  ['Name', 'Ada Lovelace'],
  ['Email address', 'ada@example.com'],
  ['Phone number', '+48 123 456 789'],
  ['Address', '12 Analytical Street'],
  ['City', 'London'],
  ['ZIP Code', 'N1 9GU'],
];

beforeEach(() => {
  jest.useFakeTimers();
  sessionStorage.clear();
  setAuth(SIGNED_OUT);
  cartActions.replaceCart({ ...EMPTY_CART, products: [{ id: 'linen-shirt', quantity: 2 }] });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('DetailsForm fields (docs/product.md §2)', () => {
  it('has the labels, placeholders and input types of the spec', () => {
    renderForm();
    const expected: [string, string, string][] = [
      ['Name', 'Enter name...', 'text'],
      ['Email address', 'Enter email...', 'email'],
      ['Phone number', 'Enter phone number...', 'tel'],
      ['Address', 'Enter address...', 'text'],
      ['City', 'Enter city...', 'text'],
      ['Password', 'Enter password...', 'password'],
    ];
    for (const [label, placeholder, type] of expected) {
      expect(input(label)).toHaveAttribute('placeholder', placeholder);
      expect(input(label)).toHaveAttribute('type', type);
    }
    expect(input('ZIP Code')).toHaveAttribute('placeholder', 'Enter ZIP code...');
    expect(input('ZIP Code')).toHaveAttribute('inputmode', 'numeric');
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(country.tagName).toBe('SELECT');
    expect(country.options.length).toBeGreaterThan(150);
    expect(screen.getByRole('radio', { name: /Card/ })).toBeChecked();
  });
});

describe('DetailsForm validation (docs/product.md §5)', () => {
  const RULES: [string, string, string, string][] = [
    ['Name', 'Al', 'Ada', 'Name should be at least 3 characters long!'],
    ['Email address', 'ada@example', 'ada@example.com', 'Please enter a valid email address!'],
    ['Phone number', '12345', '+48 123 456 789', 'Please enter a valid phone number!'],
    ['Address', 'Elm', 'Elm 1', 'Your address should contain at least 4 characters!'],
    ['ZIP Code', '1', '12', 'Your zip code should at least be 2 characters length!'],
    ['City', 'Rome', 'Paris', 'Your city should at least be 5 characters length!'],
    ['Password', 'short', 'long enough', 'Your password should be at least 8 characters long!'],
  ];

  it.each(RULES)(
    '%s: the message shows 500 ms after input, and goes when fixed',
    (label, bad, good, message) => {
      renderForm();
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      type(label, bad);
      act(() => {
        jest.advanceTimersByTime(VALIDATION_DELAY_MS - 1);
      });
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(1);
      });
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(input(label)).toHaveAttribute('aria-invalid', 'true');
      type(label, good);
      waitValidation();
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    },
  );

  it('country: leaving it empty says so once touched', () => {
    renderForm();
    const country = screen.getByLabelText('Country');
    expect(screen.queryByText('Please select a country!')).not.toBeInTheDocument();
    fireEvent.blur(country);
    expect(screen.getByText('Please select a country!')).toBeInTheDocument();
    fireEvent.change(country, { target: { value: 'France' } });
    waitValidation();
    expect(screen.queryByText('Please select a country!')).not.toBeInTheDocument();
  });

  it('an empty password is fine: it is optional', () => {
    renderForm();
    type('Password', 'abc');
    type('Password', '');
    waitValidation();
    expect(screen.queryByText(/password should be/)).not.toBeInTheDocument();
  });
});

describe('DetailsForm and the order function limits (decision 4102)', () => {
  it.each([
    ['Name', 'x'.repeat(500), 'Name should be at most 100 characters long!'],
    ['Address', 'x'.repeat(233), 'Your address should be at most 200 characters long!'],
    ['ZIP Code', '1'.repeat(60), 'Your zip code should be at most 10 characters long!'],
  ])(
    '%s: a value the order would refuse is refused here, its field marked',
    (label, long, message) => {
      renderForm();
      for (const [l, value] of VALID) type(l, value);
      fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'United Kingdom' } });
      type(label, long);
      waitValidation();
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(input(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    },
  );

  it('"Try again" after a refused order comes back with the failing field marked', () => {
    // The failure page's link returns to the form filled in from the tab's draft.
    renderForm({
      ...SAMPLE_PERSONAL_INFORMATION,
      address: 'x'.repeat(233),
      'payment-method': 'card',
    });
    expect(screen.getByText('Your address should be at most 200 characters long!')).toBeVisible();
    expect(input('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it("takes the shop's own contact number and says how a phone number is written", () => {
    renderForm();
    type('Phone number', '+1 555 0100 200');
    waitValidation();
    expect(screen.queryByText('Please enter a valid phone number!')).not.toBeInTheDocument();
    expect(input('Phone number')).toHaveAccessibleDescription(
      'With the country code, 9 to 11 digits, e.g. +1 555 0100 200',
    );
  });
});

describe('DetailsForm submit rule (docs/product.md §4)', () => {
  const submit = () => screen.getByRole('button', { name: 'Place order' });

  it('is disabled until every field is touched and valid', () => {
    renderForm();
    expect(submit()).toBeDisabled();
    for (const [label, value] of VALID) type(label, value);
    expect(submit()).toBeDisabled(); // country untouched
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'United Kingdom' } });
    expect(submit()).toBeDisabled(); // the card not typed in yet
    cardFrameSays({ type: 'ready' });
    cardFrameSays({ type: 'change', complete: true }, 'http://127.0.0.1:9031');
    expect(submit()).toBeDisabled(); // another origin's word counts for nothing
    cardFrameSays({ type: 'change', complete: true });
    expect(submit()).toBeEnabled();
    // Another method and back: the fields come back empty, so the card is asked again.
    fireEvent.click(screen.getByRole('radio', { name: /Bank transfer/ }));
    expect(submit()).toBeEnabled();
    fireEvent.click(screen.getByRole('radio', { name: /^Card/ }));
    expect(submit()).toBeDisabled();
    cardFrameSays({ type: 'ready' });
    cardFrameSays({ type: 'change', complete: true });
    expect(submit()).toBeEnabled();
    type('City', 'Rome');
    expect(submit()).toBeDisabled();
    type('City', 'London');
    type('Password', 'short');
    expect(submit()).toBeDisabled();
    type('Password', 'long enough');
    expect(submit()).toBeEnabled();
  });

  it('keeps a draft of the details in this tab, never the password', () => {
    renderForm();
    type('Name', 'Ada Lovelace');
    type('Password', 'long enough');
    expect(readDraft()).toMatchObject({ name: 'Ada Lovelace' });
    expect(JSON.stringify(sessionStorage)).not.toContain('long enough');
  });
});

describe('DetailsForm for a signed-in shopper', () => {
  it('starts filled in and asks for no password', () => {
    setAuth({ isSignedIn: true, email: 'ada@example.com', userAccountUid: 'account-1' });
    renderForm({ ...SAMPLE_PERSONAL_INFORMATION, 'payment-method': 'bank transfer' });
    expect(input('Name').value).toBe('Ada Lovelace');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('United Kingdom');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });
});

describe('DetailsForm with an empty basket', () => {
  it('says so and links back to shopping', () => {
    cartActions.replaceCart(EMPTY_CART);
    renderForm();
    expect(screen.getByText(/Your basket is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });
});
