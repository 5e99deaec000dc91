// The provider's data file (SHOP_PAYMENTS_DATA_FILE): payments, idempotency keys and the events
// sent survive a restart of `npm start`, so an order paid before it can still be captured when
// staff ship it, and a retried create still answers its first payment (decision 5301). Read once
// at start; rewritten whole after each change. It holds what memory holds, no more.
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { Remembered } from './idempotency';
import type { PaymentEvent } from './notifications';
import {
  CURRENCIES,
  type LedgerState,
  type Payment,
  type PaymentEventType,
  type PaymentRecord,
  type PaymentStatus,
  type Refund,
} from './payments';

/** Everything the provider keeps. */
export interface ProviderState extends LedgerState {
  events: PaymentEvent[];
}

/** The file's shape; a file of another version is not read (the start is then empty). */
const VERSION = 1;

type Guard<T> = (value: unknown) => value is T;

const STATUSES = {
  'awaiting-card': true,
  'awaiting-action': true,
  authorised: true,
  captured: true,
  cancelled: true,
} satisfies Record<PaymentStatus, true>;

const EVENT_TYPES = {
  'payment.authorised': true,
  'payment.declined': true,
  'payment.action_required': true,
  'payment.captured': true,
  'payment.cancelled': true,
  'payment.refunded': true,
} satisfies Record<PaymentEventType, true>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isOneOf = (value: unknown, names: object): boolean =>
  typeof value === 'string' && Object.hasOwn(names, value);
const isListOf = <T>(value: unknown, isItem: Guard<T>): value is T[] =>
  Array.isArray(value) && value.every(isItem);

function isPayment(value: unknown): value is Payment {
  if (!isObject(value)) return false;
  const { lastError } = value;
  return (
    isString(value.id) &&
    isOneOf(value.status, STATUSES) &&
    [value.amount, value.captured, value.refunded, value.created].every(isCount) &&
    (CURRENCIES as readonly unknown[]).includes(value.currency) &&
    isString(value.reference) &&
    isString(value.description) &&
    (lastError === undefined ||
      (isObject(lastError) && isString(lastError.code) && isString(lastError.message)))
  );
}

const isRecord: Guard<PaymentRecord> = (value): value is PaymentRecord =>
  isObject(value) && isPayment(value.payment) && isString(value.clientSecret);

const isRefund: Guard<Refund> = (value): value is Refund =>
  isObject(value) && isString(value.id) && isCount(value.amount);

const isEvent: Guard<PaymentEvent> = (value): value is PaymentEvent =>
  isObject(value) &&
  isString(value.id) &&
  isOneOf(value.type, EVENT_TYPES) &&
  isCount(value.created) &&
  isPayment(value.payment);

/** A `[key, { fingerprint, result }]` of an idempotency record. */
const isKeyOf =
  <T>(isResult: Guard<T>): Guard<[string, Remembered<T>]> =>
  (value): value is [string, Remembered<T>] => {
    if (!Array.isArray(value) || value.length !== 2) return false;
    const [key, remembered] = value as unknown[];
    return (
      isString(key) &&
      isObject(remembered) &&
      isString(remembered.fingerprint) &&
      isResult(remembered.result)
    );
  };

/** The state a file's text holds; throws why when it is not one. */
export function parseState(text: string): ProviderState {
  const value: unknown = JSON.parse(text);
  if (!isObject(value) || value.version !== VERSION) {
    throw new Error(`not a version ${VERSION} state`);
  }
  const { payments, creations, refunds, events } = value;
  if (
    !isListOf(payments, isRecord) ||
    !isListOf(creations, isKeyOf(isString)) ||
    !isListOf(refunds, isKeyOf(isRefund)) ||
    !isListOf(events, isEvent)
  ) {
    throw new Error('not the shape of a state');
  }
  // A key naming a payment the file lacks would answer 404 to its retry.
  const ids = new Set(payments.map(({ payment }) => payment.id));
  const keyed = [
    ...creations.map(([, { result }]) => result),
    ...refunds.map(([key]) => key.split(' ')[0]),
  ];
  if (!keyed.every((id) => id !== undefined && ids.has(id))) {
    throw new Error('an idempotency key of a payment it lacks');
  }
  return { payments, creations, refunds, events };
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The state `file` holds. None when there is no file; none, said in one line, when it cannot be
 * read or is corrupt (a test provider starts empty rather than not at all).
 */
export function readStateFile(
  file: string,
  log: (line: string) => void,
): ProviderState | undefined {
  try {
    return parseState(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      log(
        `${file} is unreadable (${reason(error)}): starting with no payments; ` +
          'the next change replaces it',
      );
    }
    return undefined;
  }
}

/**
 * Writes the provider's state after each change: whole, to `<file>.tmp`, then renamed over the
 * file (atomic: a restart reads the state before a write or after it, never half of one). One
 * write at a time; the changes made during a write are written together by the next.
 */
export class StateFile {
  private writing: Promise<void> | undefined;
  private changedSinceWrite = false;

  constructor(
    private readonly file: string,
    private readonly state: () => ProviderState,
    private readonly log: (line: string) => void,
  ) {}

  /** Resolves once the state, this change included, is written (or its failure logged). */
  changed(): Promise<void> {
    this.changedSinceWrite = true;
    this.writing ??= this.writeWhileChanged();
    return this.writing;
  }

  /** Resolves when no write is under way (a server closing). */
  settled(): Promise<void> {
    return this.writing ?? Promise.resolve();
  }

  private async writeWhileChanged(): Promise<void> {
    while (this.changedSinceWrite) {
      this.changedSinceWrite = false;
      // (Taken now, whole: the ledger changes only between awaits.)
      const text = JSON.stringify({ version: VERSION, ...this.state() }, null, 2);
      try {
        await writeFile(`${this.file}.tmp`, text);
        await rename(`${this.file}.tmp`, this.file);
      } catch (error) {
        // Memory still holds the change; the next change's write tries again.
        this.log(`could not write ${this.file}: ${reason(error)}`);
      }
    }
    this.writing = undefined;
  }
}
