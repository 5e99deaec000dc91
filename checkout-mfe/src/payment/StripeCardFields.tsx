// The card step of the details form when the shop takes cards through Stripe (decision 5301,
// docs/decisions/5301-card-payments.md): Stripe's Card Element, in Stripe's own frames, so card data
// never reaches this page. The same props and handle as CardFields: the element's completeness for
// the form's submit rule, and `confirm`, which confirms the payment the order function made. Stripe
// shows the bank's second step (3-D Secure) itself, in its own modal, before `confirm` resolves.
import { useMarket, useMessages } from '@shop/shared';
import { messages } from '../messages';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import {
  forwardRef,
  useEffect,
  useEffectEvent,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { CARD_FRAME_LOAD_MS, type CardFieldsHandle, type CardFieldsProps } from './CardFields';
import { CARD_MESSAGES, type CardResult } from './cardFrame';
import { cardResultOfStripe, loadStripeJs } from './stripeCard';

export interface StripeCardFieldsProps extends CardFieldsProps {
  /** The build's `pk_…` key (`getCardProvider()`). */
  publishableKey: string;
}

type FieldsState = 'loading' | 'ready' | 'unavailable';

/** Stripe.js and the card element mounted with it: what `confirm` needs. */
interface MountedCard {
  stripe: Stripe;
  card: StripeCardElement;
}

/** Stripe's card element mounted in `container`, each change reported to `onChange`. */
function mountCard(
  stripe: Stripe,
  container: HTMLElement,
  onChange: (complete: boolean, error: string) => void,
): MountedCard {
  // The element lives in Stripe's frame and reads none of our CSS: it is given the page's type.
  const { color, fontFamily } = window.getComputedStyle(container);
  const card = stripe.elements().create('card', {
    style: { base: { color, fontFamily, fontSize: '16px' } },
  });
  card.on('change', (event) => onChange(event.complete, event.error?.message ?? ''));
  card.mount(container);
  return { stripe, card };
}

/**
 * Stripe.js loaded for `publishableKey`, and its card element mounted in `container` once it is
 * there; 'unavailable' when Stripe.js does not load (or not in CARD_FRAME_LOAD_MS).
 */
function useStripeCard(
  publishableKey: string,
  onChange: (complete: boolean, error: string) => void,
) {
  const container = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedCard | null>(null);
  const [state, setState] = useState<FieldsState>('loading');
  const { language } = useMarket();
  // The element is made once per key: a new `onChange` must not remount it (and lose the card).
  const reportChange = useEffectEvent(onChange);

  useEffect(() => {
    let live = true;
    reportChange(false, '');
    const timer = window.setTimeout(
      () => setState((now) => (now === 'loading' ? 'unavailable' : now)),
      CARD_FRAME_LOAD_MS,
    );
    const unavailable = () => {
      if (live) setState('unavailable');
    };
    loadStripeJs(publishableKey, language).then((stripe) => {
      if (!live) return;
      if (!stripe || !container.current) return unavailable();
      mounted.current = mountCard(stripe, container.current, (complete, error) =>
        reportChange(complete, error),
      );
      setState('ready');
    }, unavailable);
    return () => {
      live = false;
      window.clearTimeout(timer);
      mounted.current?.card.destroy();
      mounted.current = null;
    };
  }, [publishableKey, language]);

  return { container, mounted, state };
}

/** Confirms the order's payment with the card in `fields`; what the card's bank said. */
async function confirmCard(fields: MountedCard | null, clientSecret: string): Promise<CardResult> {
  if (!fields) return { status: 'error', message: CARD_MESSAGES.unavailable };
  try {
    const answer = await fields.stripe.confirmCardPayment(clientSecret, {
      payment_method: { card: fields.card },
    });
    return cardResultOfStripe(answer);
  } catch {
    // Stripe.js answers failures with an error rather than rejecting; a rejection is something
    // else gone wrong (the element destroyed, the script broken).
    return { status: 'error', message: CARD_MESSAGES.error };
  }
}

export const StripeCardFields = forwardRef<CardFieldsHandle, StripeCardFieldsProps>(
  function StripeCardFields({ publishableKey, onComplete, message }, ref) {
    const t = useMessages(messages);
    // The same translator, for the card's messages (marked translatable() where they are written).
    const translate = t;
    const [cardError, setCardError] = useState('');
    const { container, mounted, state } = useStripeCard(publishableKey, (complete, error) => {
      onComplete(complete);
      setCardError(error);
    });
    const labelId = useId();
    const unavailableId = useId();
    const cardErrorId = useId();
    const messageId = useId();

    useImperativeHandle(ref, () => ({
      confirm: (clientSecret: string) => confirmCard(mounted.current, clientSecret),
    }));

    const describedBy = [
      state === 'unavailable' && unavailableId,
      cardError && cardErrorId,
      message && messageId,
    ].filter(Boolean);

    return (
      <div className="checkout-card">
        <span id={labelId} className="checkout-card__label">
          {t('Card details')}
        </span>
        {state === 'unavailable' ? (
          <p id={unavailableId} className="checkout-card__message" role="alert">
            {translate(CARD_MESSAGES.unavailable)}
          </p>
        ) : null}
        {/* Stripe mounts its frame here; React renders no children into it. */}
        <div
          ref={container}
          role="group"
          aria-labelledby={labelId}
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
          aria-busy={state === 'loading'}
          className="checkout-card__stripe"
          hidden={state === 'unavailable'}
        />
        {cardError ? (
          <p id={cardErrorId} className="checkout-card__message" role="alert">
            {cardError}
          </p>
        ) : null}
        {message ? (
          <p id={messageId} className="checkout-card__message" role="alert">
            {message}
          </p>
        ) : null}
      </div>
    );
  },
);
