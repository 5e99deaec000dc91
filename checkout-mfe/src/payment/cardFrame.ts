// Talking to the card provider's hosted fields (decision 5301): the fields live in the provider's
// own frame, so card data never reaches this page. The page and the frame exchange messages,
// each side accepting only the other's origin.
import type { Language } from '@shop/shared';
import { getPaymentsUrl } from '@shop/shared/firebase/config';
import { translatable } from '@shop/shared/i18n/translatable';

/** The tag of every message between the checkout and the provider's frame. */
export const CARD_FRAME_SOURCE = 'threadline-payments';

export type CardResult =
  { status: 'authorised' } | { status: 'declined' | 'action-failed' | 'error'; message: string };

export type CardFrameMessage =
  | { type: 'ready' }
  | { type: 'change'; complete: boolean }
  | { type: 'resize'; height: number }
  | { type: 'result'; result: CardResult };

/** The provider's origin: the only one whose messages count, the only one ours go to. */
export const providerOrigin = (): string => new URL(getPaymentsUrl()).origin;

/**
 * The address of the fields, told which page embeds them (they answer that origin only) and the
 * page's language (their labels and messages).
 */
export function cardFieldsUrl(pageOrigin: string, language: Language): string {
  return `${getPaymentsUrl()}/fields?origin=${encodeURIComponent(pageOrigin)}&lang=${language}`;
}

/**
 * What the shopper reads when the card is not authorised: in English here, shown in the page's
 * language (a provider's own message comes in it already and is shown as it is).
 */
export const CARD_MESSAGES = {
  declined: translatable('Your card was declined.'),
  'action-failed': translatable('The payment was not confirmed with your bank.'),
  error: translatable('The card payment could not be made.'),
  kept: translatable(
    'Nothing was charged and your basket is kept: try again, use another card, or choose another payment method.',
  ),
  unavailable: translatable(
    'Card payments are unavailable right now. Please try again in a moment, or choose bank transfer or cash on delivery.',
  ),
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function resultOf(data: Record<string, unknown>): CardResult | null {
  const { status, message } = data;
  if (status === 'authorised') return { status };
  if (status !== 'declined' && status !== 'action-failed' && status !== 'error') return null;
  return {
    status,
    message: typeof message === 'string' && message !== '' ? message : CARD_MESSAGES[status],
  };
}

/** A message from the frame, or null for anything else (another origin, another sender, junk). */
export function readCardFrameMessage(
  event: Pick<MessageEvent, 'origin' | 'data' | 'source'>,
  frame: Window | null,
  origin = providerOrigin(),
): CardFrameMessage | null {
  if (event.origin !== origin || !frame || event.source !== frame) return null;
  const data: unknown = event.data;
  if (!isRecord(data) || data.source !== CARD_FRAME_SOURCE) return null;
  switch (data.type) {
    case 'ready':
      return { type: 'ready' };
    case 'change':
      return { type: 'change', complete: data.complete === true };
    case 'resize':
      return typeof data.height === 'number' && data.height > 0 && data.height < 2000
        ? { type: 'resize', height: Math.ceil(data.height) }
        : null;
    case 'result': {
      const result = resultOf(data);
      return result ? { type: 'result', result } : null;
    }
    default:
      return null;
  }
}
