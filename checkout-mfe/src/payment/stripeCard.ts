// Stripe's side of the card step (decision 5301, docs/decisions/5301-card-payments.md): Stripe.js,
// loaded only when the build's card provider is Stripe, and what its answer to a confirmation
// means for the shopper. Types only are imported statically: they leave no bytes in the bundle.
import type { Language } from '@shop/shared';
import type { PaymentIntentResult, Stripe } from '@stripe/stripe-js';
import { CARD_MESSAGES, type CardResult } from './cardFrame';

/**
 * Stripe.js for `publishableKey`, its card element and messages in the page's `language`; null
 * where it cannot run. Rejects when Stripe's script does not load. Imported on first use, so a
 * build for the local provider carries none of it in its main chunks.
 */
export async function loadStripeJs(
  publishableKey: string,
  language: Language,
): Promise<Stripe | null> {
  const { loadStripe } = await import(/* webpackChunkName: "stripe-js" */ '@stripe/stripe-js');
  return loadStripe(publishableKey, { locale: language });
}

/**
 * The card's answer from Stripe's `confirmCardPayment`. The payment is made with manual capture
 * (functions/src/payments/stripeProvider.ts), so an authorised card leaves it `requires_capture`;
 * `succeeded` is authorised too (and captured).
 */
export function cardResultOfStripe(answer: PaymentIntentResult): CardResult {
  if (answer.error) {
    // A card error is the bank's refusal, in Stripe's words for the shopper; the rest (network,
    // a payment no longer confirmable, a failed second step) is not the card's fault.
    return answer.error.type === 'card_error'
      ? { status: 'declined', message: answer.error.message || CARD_MESSAGES.declined }
      : { status: 'error', message: answer.error.message || CARD_MESSAGES.error };
  }
  const { status } = answer.paymentIntent;
  if (status === 'requires_capture' || status === 'succeeded') return { status: 'authorised' };
  return { status: 'error', message: CARD_MESSAGES.error };
}
