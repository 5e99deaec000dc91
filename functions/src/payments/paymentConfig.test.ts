// Which provider the environment chooses: Stripe with both of its secrets, the local test provider
// in the emulator or when named, and nothing (an Error) for a deployment that chose neither. The
// local provider is replaced by a stand-in so this test sees only what it is given.
import { localProvider } from './localProvider';
import { LOCAL_PAYMENTS, paymentProviderFromEnv } from './paymentConfig';

jest.mock('./localProvider', () => ({
  localProvider: jest.fn(() => ({ name: 'local' })),
}));

const local = jest.mocked(localProvider);

beforeEach(() => local.mockClear());

const STRIPE = {
  SHOP_PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_fixture_NotARealKey',
  STRIPE_WEBHOOK_SECRET: 'whsec_fixture_NotARealSecret',
};

describe('paymentProviderFromEnv', () => {
  it('chooses Stripe when configured, in the emulator or not', () => {
    expect(paymentProviderFromEnv(STRIPE, false).name).toBe('stripe');
    expect(paymentProviderFromEnv(STRIPE, true).name).toBe('stripe');
    expect(local).not.toHaveBeenCalled();
  });

  it.each(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'])('refuses Stripe without %s', (name) => {
    expect(() => paymentProviderFromEnv({ ...STRIPE, [name]: undefined }, false)).toThrow(
      `SHOP_PAYMENT_PROVIDER is stripe but ${name} is not set`,
    );
    expect(() => paymentProviderFromEnv({ ...STRIPE, [name]: '' }, true)).toThrow(name);
  });

  it('chooses the local provider in the emulator by default, with its defaults', () => {
    expect(paymentProviderFromEnv({}, true).name).toBe('local');
    expect(local).toHaveBeenCalledWith(LOCAL_PAYMENTS);
    expect(LOCAL_PAYMENTS).toEqual({
      url: 'http://127.0.0.1:9030',
      secretKey: 'sk_local_threadline',
      webhookSecret: 'whsec_local_threadline',
    });
  });

  it('chooses the local provider when named, outside the emulator too, with its settings', () => {
    const env = {
      SHOP_PAYMENT_PROVIDER: 'local',
      SHOP_PAYMENTS_URL: 'http://127.0.0.1:9931',
      SHOP_PAYMENTS_SECRET_KEY: 'sk_local_other',
      SHOP_PAYMENTS_WEBHOOK_SECRET: 'whsec_local_other',
    };
    expect(paymentProviderFromEnv(env, false).name).toBe('local');
    expect(local).toHaveBeenCalledWith({
      url: 'http://127.0.0.1:9931',
      secretKey: 'sk_local_other',
      webhookSecret: 'whsec_local_other',
    });
  });

  it('refuses to choose for a deployment that chose nothing', () => {
    expect(() => paymentProviderFromEnv({}, false)).toThrow(/SHOP_PAYMENT_PROVIDER is not set/);
    expect(() => paymentProviderFromEnv({ SHOP_PAYMENT_PROVIDER: '' }, false)).toThrow(
      /SHOP_PAYMENT_PROVIDER is not set/,
    );
    expect(local).not.toHaveBeenCalled();
  });

  it('refuses a provider it does not know, even in the emulator', () => {
    expect(() => paymentProviderFromEnv({ SHOP_PAYMENT_PROVIDER: 'paypal' }, true)).toThrow(
      'SHOP_PAYMENT_PROVIDER is paypal: it must be stripe or local',
    );
  });
});
