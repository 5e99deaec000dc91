// Paying by card from the details step (decision 5301): the order function holds the stock and
// makes the payment, the provider's fields confirm it, and only an authorised card sends the form
// on to the action that stores the order. A card that is not authorised leaves the shopper on the
// details step with the bank's answer, the basket and the details kept.
import { useMessages } from '@shop/shared';
import { useCallback, useRef, useState } from 'react';
import { messages } from '../messages';
import { startCardPayment } from '../order/placeOrder';
import { CARD_MESSAGES, type CardResult } from './cardFrame';
import type { CardFieldsHandle } from './CardFields';

export function useCardPayment() {
  const fields = useRef<CardFieldsHandle>(null);
  const [complete, setComplete] = useState(false);
  const [message, setMessage] = useState('');
  const [paying, setPaying] = useState(false);
  // For the card's messages (marked translatable() where they are written); a provider's own
  // message is in the page's language already and stays as it is.
  const translate = useMessages(messages);
  const onComplete = useCallback((now: boolean) => setComplete(now), []);

  /** Confirms the card for the form's order, then `send`s the form; or says why not. */
  async function pay(form: HTMLFormElement, send: (form: HTMLFormElement) => void) {
    setPaying(true);
    setMessage('');
    try {
      const start = await startCardPayment(new FormData(form));
      if (start.status === 'confirm') {
        const unavailable: CardResult = { status: 'error', message: CARD_MESSAGES.unavailable };
        const result = (await fields.current?.confirm(start.payment.clientSecret)) ?? unavailable;
        if (result.status !== 'authorised') {
          setMessage(`${translate(result.message)} ${translate(CARD_MESSAGES.kept)}`);
          return;
        }
      }
      send(form);
    } finally {
      setPaying(false);
    }
  }

  return { fields, complete, message, paying, onComplete, pay };
}
