import { LOCAL_DEFAULTS, getCardProvider } from './config';

describe('getCardProvider: whose card fields the checkout shows (decision 5301)', () => {
  const saved = {
    key: process.env.SHOP_STRIPE_PUBLISHABLE_KEY,
    url: process.env.SHOP_PAYMENTS_URL,
  };
  const restore = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  afterEach(() => {
    restore('SHOP_STRIPE_PUBLISHABLE_KEY', saved.key);
    restore('SHOP_PAYMENTS_URL', saved.url);
  });

  it("is the local test provider's fields when the build names no Stripe key", () => {
    delete process.env.SHOP_STRIPE_PUBLISHABLE_KEY;
    delete process.env.SHOP_PAYMENTS_URL;
    expect(getCardProvider()).toEqual({ provider: 'local', fieldsUrl: LOCAL_DEFAULTS.paymentsUrl });
    // What webpack defines when the variable is unset.
    process.env.SHOP_STRIPE_PUBLISHABLE_KEY = '';
    process.env.SHOP_PAYMENTS_URL = 'https://pay.shop.example/';
    expect(getCardProvider()).toEqual({
      provider: 'local',
      fieldsUrl: 'https://pay.shop.example',
    });
  });

  it("is Stripe's with the build's publishable key", () => {
    process.env.SHOP_STRIPE_PUBLISHABLE_KEY = 'pk_test_shop123';
    expect(getCardProvider()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_shop123' });
  });

  it('never takes a key that is not a publishable one', () => {
    process.env.SHOP_STRIPE_PUBLISHABLE_KEY = 'sk_test_secret';
    expect(getCardProvider().provider).toBe('local');
  });
});
