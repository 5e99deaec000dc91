import { render, screen } from '@testing-library/react';
import { ProviderCardFields } from './ProviderCardFields';

// Stripe.js is Stripe's, not ours: here it never finishes loading, the fields' first state.
const mockLoadStripe = jest.fn(() => new Promise(() => {}));
jest.mock('@stripe/stripe-js', () => ({ loadStripe: () => mockLoadStripe() }));

describe("the build's card fields (decision 5301)", () => {
  const savedKey = process.env.SHOP_STRIPE_PUBLISHABLE_KEY;
  afterEach(() => {
    if (savedKey === undefined) delete process.env.SHOP_STRIPE_PUBLISHABLE_KEY;
    else process.env.SHOP_STRIPE_PUBLISHABLE_KEY = savedKey;
  });
  const renderFields = () => render(<ProviderCardFields onComplete={() => {}} message="" />);

  it("are the local test provider's framed fields when the build names no Stripe key", () => {
    delete process.env.SHOP_STRIPE_PUBLISHABLE_KEY;
    renderFields();
    expect(screen.getByTitle('Card details').tagName).toBe('IFRAME');
    expect(mockLoadStripe).not.toHaveBeenCalled();
  });

  it("are Stripe's card element with the build's key", () => {
    process.env.SHOP_STRIPE_PUBLISHABLE_KEY = 'pk_test_shop';
    renderFields();
    expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();
    expect(screen.queryByTitle('Card details')).toBeNull();
  });
});
