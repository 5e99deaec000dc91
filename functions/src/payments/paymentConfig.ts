// Which card payment provider the functions speak to (decision 5301,
// docs/decisions/5301-card-payments.md): Stripe when configured, else the local test provider, and
// the local one only where it cannot take real money by mistake: in the emulator, or when asked
// for by name. A deployment with no choice made fails at start rather than taking orders it
// cannot be paid for.
import apps from '../../../tooling/apps.json';
import { LOCAL_TEST_KEYS } from '../../../payment-provider/src/localKeys';
import { localProvider } from './localProvider';
import type { PaymentProvider } from './paymentProvider';
import { stripeProvider } from './stripeProvider';

/** Where the local test provider listens, and its keys, unless the environment says otherwise. */
export const LOCAL_PAYMENTS = {
  url: `http://127.0.0.1:${apps.backend.paymentProviderPort}`,
  ...LOCAL_TEST_KEYS,
} as const;

/**
 * The provider of `env`'s `SHOP_PAYMENT_PROVIDER`: `stripe` (with `STRIPE_SECRET_KEY` and
 * `STRIPE_WEBHOOK_SECRET`), `local`, or unset, which means `local` when `emulated` and is refused
 * otherwise. Throws an Error naming what is missing or wrong.
 */
export function paymentProviderFromEnv(env: NodeJS.ProcessEnv, emulated: boolean): PaymentProvider {
  const choice = env.SHOP_PAYMENT_PROVIDER || undefined;
  if (choice === 'stripe') {
    return stripeProvider({
      secretKey: required(env, 'STRIPE_SECRET_KEY'),
      webhookSecret: required(env, 'STRIPE_WEBHOOK_SECRET'),
    });
  }
  if (choice === 'local' || (choice === undefined && emulated)) {
    return localProvider({
      url: env.SHOP_PAYMENTS_URL || LOCAL_PAYMENTS.url,
      secretKey: env.SHOP_PAYMENTS_SECRET_KEY || LOCAL_PAYMENTS.secretKey,
      webhookSecret: env.SHOP_PAYMENTS_WEBHOOK_SECRET || LOCAL_PAYMENTS.webhookSecret,
    });
  }
  if (choice !== undefined) {
    throw new Error(`SHOP_PAYMENT_PROVIDER is ${choice}: it must be stripe or local`);
  }
  throw new Error(
    'SHOP_PAYMENT_PROVIDER is not set: outside the emulator set it to stripe (with ' +
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), or to local for the test provider',
  );
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`SHOP_PAYMENT_PROVIDER is stripe but ${name} is not set`);
  return value;
}
