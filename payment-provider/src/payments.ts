// The payments and their life (decision 5301): created by the shop's trusted side, confirmed with
// a card in the hosted fields, perhaps a second step with the bank, then captured or cancelled,
// and refunded no further than what was captured. Every change is published as an event.
import { randomInt, timingSafeEqual } from 'node:crypto';
import { type CardOutcome, type Decline, cardOutcome } from './cards';
import { ApiError, invalidRequest, notFound, wrongState } from './errors';
import { IdempotencyKeys, type Remembered } from './idempotency';

export const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export type PaymentStatus =
  'awaiting-card' | 'awaiting-action' | 'authorised' | 'captured' | 'cancelled';

export interface Payment {
  id: string;
  status: PaymentStatus;
  /** Minor units (cents, pence). */
  amount: number;
  currency: Currency;
  /** The shop's reference: the order's key. */
  reference: string;
  description: string;
  captured: number;
  refunded: number;
  /** Why the last card tried was refused. */
  lastError?: Decline;
  /** Unix seconds. */
  created: number;
}

export type PaymentEventType =
  | 'payment.authorised'
  | 'payment.declined'
  | 'payment.action_required'
  | 'payment.captured'
  | 'payment.cancelled'
  | 'payment.refunded';

export interface Refund {
  id: string;
  amount: number;
}

/** What the hosted fields are told after a card or a second step: no more than they show. */
export interface CardStepAnswer {
  status: PaymentStatus;
  amount: number;
  currency: Currency;
  lastError?: Decline;
}

/** Where the ledger announces each change (the notifications). */
export type PublishEvent = (type: PaymentEventType, payment: Payment) => void;

export interface PaymentRecord {
  payment: Payment;
  clientSecret: string;
}

/** Everything the ledger keeps: what the provider's data file holds besides the events. */
export interface LedgerState {
  payments: PaymentRecord[];
  /** Creation keys → the payment they created. */
  creations: [string, Remembered<string>][];
  /** `<payment id> <key>` → the refund it made. */
  refunds: [string, Remembered<Refund>][];
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits (no `_`: a client secret is `<id>_secret_<random>`). */
export const randomToken = (length: number): string =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_DESCRIPTION = 500;

type PaymentInput = Pick<Payment, 'amount' | 'currency' | 'reference' | 'description'>;

const isMinorUnits = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

function paymentInput(body: Record<string, unknown>): PaymentInput {
  const { amount, currency, reference, description = '' } = body;
  if (!isMinorUnits(amount)) {
    throw invalidRequest('amount must be a whole number of minor units, above 0.');
  }
  if (!(CURRENCIES as readonly unknown[]).includes(currency)) {
    throw invalidRequest(`currency must be one of ${CURRENCIES.join(', ')}.`);
  }
  if (typeof reference !== 'string' || !REFERENCE.test(reference)) {
    throw invalidRequest('reference must be 1 to 64 letters, digits, _ or -.');
  }
  if (typeof description !== 'string' || description.length > MAX_DESCRIPTION) {
    throw invalidRequest(`description must be text of at most ${MAX_DESCRIPTION} characters.`);
  }
  return { amount, currency: currency as Currency, reference, description };
}

/** The same secret, compared in constant time (a guess learns nothing from the answer's timing). */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const cardStepAnswer = ({ status, amount, currency, lastError }: Payment): CardStepAnswer => ({
  status,
  amount,
  currency,
  ...(lastError ? { lastError: { ...lastError } } : {}),
});

const AUTHENTICATION_FAILED: Decline = {
  code: 'authentication_failed',
  message: 'The payment was not confirmed with your bank.',
};

export class PaymentLedger {
  // In memory; with a data file (stateFile.ts) a restart starts from what it held, so an order
  // paid before it can still be captured when staff ship it (decision 5301).
  private readonly records: Map<string, PaymentRecord>;
  private readonly creations: IdempotencyKeys<string>;
  private readonly refunds: IdempotencyKeys<Refund>;

  constructor(
    private readonly publish: PublishEvent,
    private readonly now: () => Date = () => new Date(),
    restored?: LedgerState,
  ) {
    this.records = new Map(
      restored?.payments.map((record) => [record.payment.id, record] as const),
    );
    this.creations = new IdempotencyKeys(restored?.creations);
    this.refunds = new IdempotencyKeys(restored?.refunds);
  }

  /** Everything kept, as it is now: to be written at once (its objects are the live ones). */
  state(): LedgerState {
    return {
      payments: [...this.records.values()],
      creations: this.creations.entries(),
      refunds: this.refunds.entries(),
    };
  }

  create(body: Record<string, unknown>, key: string): { payment: Payment; clientSecret: string } {
    const input = paymentInput(body);
    const id = this.creations.once(key, input, () => this.open(input));
    const record = this.record(id);
    return { payment: structuredClone(record.payment), clientSecret: record.clientSecret };
  }

  retrieve(id: string): Payment {
    return structuredClone(this.record(id).payment);
  }

  /** Every payment made for `reference`, oldest first. */
  withReference(reference: string): Payment[] {
    return [...this.records.values()]
      .filter(({ payment }) => payment.reference === reference)
      .map(({ payment }) => structuredClone(payment));
  }

  /** Takes an authorised payment: all of it, or `amount` of it. */
  capture(id: string, body: Record<string, unknown>): Payment {
    const { payment } = this.record(id);
    const amount = body.amount ?? payment.amount;
    if (!isMinorUnits(amount)) {
      throw invalidRequest('amount must be a whole number of minor units, above 0.');
    }
    if (payment.status !== 'authorised') {
      throw wrongState(
        `Only an authorised payment can be captured; this one is ${payment.status}.`,
      );
    }
    if (amount > payment.amount) {
      throw new ApiError(400, 'amount_too_large', 'The amount is more than the payment’s.');
    }
    payment.status = 'captured';
    payment.captured = amount;
    this.publish('payment.captured', payment);
    return structuredClone(payment);
  }

  /** Releases a payment nothing was taken of. */
  cancel(id: string): Payment {
    const { payment } = this.record(id);
    if (!['awaiting-card', 'awaiting-action', 'authorised'].includes(payment.status)) {
      throw wrongState(`A ${payment.status} payment cannot be cancelled.`);
    }
    payment.status = 'cancelled';
    this.publish('payment.cancelled', payment);
    return structuredClone(payment);
  }

  /** Gives back part of what was captured; a retried key gives back nothing more. */
  refund(
    id: string,
    body: Record<string, unknown>,
    key: string,
  ): { refund: Refund; payment: Payment } {
    const { payment } = this.record(id);
    const refund = this.refunds.once(`${id} ${key}`, { amount: body.amount }, () =>
      this.giveBack(payment, body.amount),
    );
    return { refund: { ...refund }, payment: structuredClone(payment) };
  }

  /** The hosted fields' card, for a payment awaiting one (authenticated by its client secret). */
  confirm(id: string, body: Record<string, unknown>): CardStepAnswer {
    const { payment } = this.withClientSecret(id, body.clientSecret);
    // A second press after the first was authorised: the same answer, no second charge.
    if (payment.status === 'authorised') return cardStepAnswer(payment);
    if (payment.status !== 'awaiting-card') {
      throw wrongState(`This payment is ${payment.status}: it takes no card now.`);
    }
    this.apply(payment, cardOutcome(body, this.now()));
    return cardStepAnswer(payment);
  }

  /** The shopper's answer to the bank's second step. */
  authenticate(id: string, body: Record<string, unknown>): CardStepAnswer {
    const { payment } = this.withClientSecret(id, body.clientSecret);
    const { outcome } = body;
    if (outcome !== 'approve' && outcome !== 'reject') {
      throw invalidRequest('outcome must be approve or reject.');
    }
    if (payment.status === 'authorised' && outcome === 'approve') return cardStepAnswer(payment);
    if (payment.status !== 'awaiting-action') {
      throw wrongState(`This payment is ${payment.status}: there is no step to confirm.`);
    }
    this.apply(
      payment,
      outcome === 'approve'
        ? { kind: 'authorised' }
        : { kind: 'declined', error: AUTHENTICATION_FAILED },
    );
    return cardStepAnswer(payment);
  }

  private open(input: PaymentInput): string {
    const id = `pay_${randomToken(24)}`;
    const payment: Payment = {
      id,
      status: 'awaiting-card',
      ...input,
      captured: 0,
      refunded: 0,
      created: Math.floor(this.now().getTime() / 1000),
    };
    this.records.set(id, { payment, clientSecret: `${id}_secret_${randomToken(24)}` });
    return id;
  }

  private giveBack(payment: Payment, amount: unknown): Refund {
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
      throw invalidRequest('amount must be a whole number of minor units.');
    }
    if (payment.status !== 'captured') {
      throw wrongState(`Only a captured payment can be refunded; this one is ${payment.status}.`);
    }
    const refundable = payment.captured - payment.refunded;
    if (amount <= 0 || amount > refundable) {
      throw new ApiError(
        400,
        'amount_too_large',
        `A refund must be above 0 and at most what is left of the capture (${refundable}).`,
      );
    }
    payment.refunded += amount;
    this.publish('payment.refunded', payment);
    return { id: `re_${randomToken(24)}`, amount };
  }

  private apply(payment: Payment, outcome: CardOutcome): void {
    if (outcome.kind === 'declined') {
      payment.status = 'awaiting-card';
      payment.lastError = { ...outcome.error };
      this.publish('payment.declined', payment);
      return;
    }
    delete payment.lastError;
    payment.status = outcome.kind === 'authorised' ? 'authorised' : 'awaiting-action';
    this.publish(
      outcome.kind === 'authorised' ? 'payment.authorised' : 'payment.action_required',
      payment,
    );
  }

  private record(id: string): PaymentRecord {
    const record = this.records.get(id);
    if (!record) throw notFound();
    return record;
  }

  private withClientSecret(id: string, clientSecret: unknown): PaymentRecord {
    const record = this.record(id);
    if (!sameSecret(clientSecret, record.clientSecret)) {
      throw new ApiError(401, 'unauthorized', 'The client secret does not match this payment.');
    }
    return record;
  }
}
