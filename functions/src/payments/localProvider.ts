// PLACEHOLDER on the stripe-adapter branch only, so that paymentConfig.ts typechecks: the
// payment-provider branch brings the real local test provider under this name and signature, and
// its file replaces this one on merge. Nothing here is meant to run.
import type { PaymentProvider } from './paymentProvider';

export interface LocalProviderOptions {
  /** Where the local test provider listens. */
  url: string;
  secretKey: string;
  webhookSecret: string;
}

export function localProvider(_options: LocalProviderOptions): PaymentProvider {
  throw new Error('localProvider is a placeholder here: the payment-provider branch brings it');
}
