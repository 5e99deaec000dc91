// The card step of the details form (decision 5301): the provider's hosted fields in their frame,
// the frame's state for the form's submit rule, and `confirm`, which asks the frame to confirm the
// payment the order function made and resolves with what the card's bank said.
import { useMarket, useMessages } from '@shop/shared';
import { messages } from '../messages';
import {
  type RefObject,
  forwardRef,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  CARD_FRAME_SOURCE,
  CARD_MESSAGES,
  type CardResult,
  cardFieldsUrl,
  providerOrigin,
  readCardFrameMessage,
} from './cardFrame';

export interface CardFieldsHandle {
  confirm(clientSecret: string): Promise<CardResult>;
}

export interface CardFieldsProps {
  /** Whether the card fields are filled in correctly. */
  onComplete(complete: boolean): void;
  /** Shown under the fields: why the last card was not authorised. */
  message: string;
}

/**
 * Asks the frame to confirm the payment; resolves with what the card's bank said. One
 * confirmation at a time: a second one answers what the first does.
 */
function confirmInFrame(
  target: Window | null | undefined,
  pending: RefObject<((result: CardResult) => void) | null>,
  clientSecret: string,
): Promise<CardResult> {
  if (!target) return Promise.resolve({ status: 'error', message: CARD_MESSAGES.unavailable });
  return new Promise<CardResult>((resolve) => {
    const earlier = pending.current;
    pending.current = (result) => {
      earlier?.(result);
      resolve(result);
    };
    target.postMessage(
      { source: CARD_FRAME_SOURCE, type: 'confirm', clientSecret },
      providerOrigin(),
    );
  });
}

/** The provider's three fields, in pixels, before the frame says how tall it is. */
const CARD_FRAME_START_HEIGHT = 236;

/** How long the fields may take to load before the shopper is told card payments are down. */
export const CARD_FRAME_LOAD_MS = 15_000;

export const CardFields = forwardRef<CardFieldsHandle, CardFieldsProps>(function CardFields(
  { onComplete, message },
  ref,
) {
  const t = useMessages(messages);
  // The same translator, for the card's messages (marked translatable() where they are written).
  const translate = t;
  const frame = useRef<HTMLIFrameElement>(null);
  const pending = useRef<((result: CardResult) => void) | null>(null);
  // The fields' own height at most widths, so the form does not move when they load.
  const [height, setHeight] = useState(CARD_FRAME_START_HEIGHT);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const { language } = useMarket();
  const [src] = useState(() => cardFieldsUrl(window.location.origin, language));

  // Listening from the commit that inserts the frame, not from a passive effect later: the frame's
  // "ready" (and a card typed at once) is a task of its own, and one that runs before a passive
  // effect was lost, leaving the fields unusable ("card payments are unavailable").
  useLayoutEffect(() => {
    const timer = window.setTimeout(
      () => setState((now) => (now === 'loading' ? 'unavailable' : now)),
      CARD_FRAME_LOAD_MS,
    );
    const onMessage = (event: MessageEvent) => {
      const received = readCardFrameMessage(event, frame.current?.contentWindow ?? null);
      if (!received) return;
      if (received.type === 'ready') setState('ready');
      else if (received.type === 'change') onComplete(received.complete);
      else if (received.type === 'resize') setHeight(received.height);
      else {
        pending.current?.(received.result);
        pending.current = null;
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      // Fields shown again later start empty: the card they held is gone with the frame.
      onComplete(false);
      pending.current?.({ status: 'error', message: CARD_MESSAGES.error });
      pending.current = null;
    };
  }, [onComplete]);

  useImperativeHandle(ref, () => ({
    confirm: (clientSecret: string) =>
      confirmInFrame(
        state === 'ready' ? frame.current?.contentWindow : null,
        pending,
        clientSecret,
      ),
  }));

  return (
    <div className="checkout-card">
      {state === 'unavailable' ? (
        <p className="checkout-card__message" role="alert">
          {translate(CARD_MESSAGES.unavailable)}
        </p>
      ) : null}
      <iframe
        ref={frame}
        src={src}
        title={t('Card details')}
        className="checkout-card__frame"
        style={{ height }}
        hidden={state === 'unavailable'}
      />
      {message ? (
        <p className="checkout-card__message" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
});
