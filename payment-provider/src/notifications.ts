// The notifications (webhooks, decision 5301): each change of a payment is an event, POSTed to
// the shop's notification URL, signed (signature.ts). Delivered after the API has answered, and
// retried after 1 s, 3 s and 9 s when the receiver fails, as a real provider retries; a receiver
// must therefore accept the same event twice (resend() proves it does).
import { ApiError } from './errors';
import { type Payment, type PaymentEventType, randomToken } from './payments';
import { SIGNATURE_HEADER, signPayload } from './signature';

export interface PaymentEvent {
  id: string;
  type: PaymentEventType;
  /** Unix seconds. */
  created: number;
  /** The payment as the change left it. */
  payment: Payment;
}

export interface NotifierOptions {
  /** Where events are POSTed; '' sends none (tests of the API alone). */
  url: string;
  secret: string;
  /** Waits before each retry (the first attempt is at once). */
  retryDelaysMs?: readonly number[];
  log?: (line: string) => void;
  /** The events sent before a restart (from the provider's data file), oldest first. */
  sent?: readonly PaymentEvent[];
}

export const RETRY_DELAYS_MS = [1_000, 3_000, 9_000] as const;
/** A receiver that does not answer within this is counted as failed (and retried). */
const ATTEMPT_TIMEOUT_MS = 10_000;

export class Notifier {
  // The events sent, in order, for GET /v1/events and a resend. Those of before a restart are
  // kept (not sent again); their retries under way then were not.
  private readonly events: Map<string, PaymentEvent>;
  private readonly retries = new Set<NodeJS.Timeout>();
  private readonly attempts = new Set<AbortController>();
  private closed = false;

  constructor(private readonly options: NotifierOptions) {
    this.events = new Map(options.sent?.map((event) => [event.id, event] as const));
  }

  /** Records the change as an event and sends it, without waiting for the receiver. */
  readonly publish = (type: PaymentEventType, payment: Payment): PaymentEvent => {
    const event: PaymentEvent = {
      id: `evt_${randomToken(24)}`,
      type,
      created: Math.floor(Date.now() / 1000),
      payment: structuredClone(payment),
    };
    this.events.set(event.id, event);
    this.send(event);
    return event;
  };

  /** The events sent, oldest first; of one payment when `paymentId` is given. */
  list(paymentId?: string): PaymentEvent[] {
    return [...this.events.values()].filter(
      (event) => paymentId === undefined || event.payment.id === paymentId,
    );
  }

  /** Sends an event again: the same id and body, a fresh signature. */
  resend(eventId: string): PaymentEvent {
    const event = this.events.get(eventId);
    if (!event) throw new ApiError(404, 'not_found', 'No such event.');
    this.send(event);
    return event;
  }

  /** Stops every retry and attempt under way (a server closing). */
  close(): void {
    this.closed = true;
    for (const timer of this.retries) clearTimeout(timer);
    for (const attempt of this.attempts) attempt.abort();
    this.retries.clear();
  }

  private send(event: PaymentEvent): void {
    if (!this.options.url || this.closed) return;
    // The body's bytes are fixed once: every attempt signs and sends exactly these.
    void this.attempt(event, JSON.stringify(event), 0);
  }

  private async attempt(event: PaymentEvent, body: string, retriesDone: number): Promise<void> {
    const failure = await this.post(body);
    if (failure === undefined || this.closed) return;
    const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
    const delay = delays[retriesDone];
    if (delay === undefined) {
      this.options.log?.(
        `event ${event.id} (${event.type}) not delivered to ${this.options.url} after ` +
          `${retriesDone + 1} attempts: ${failure}; given up`,
      );
      return;
    }
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      void this.attempt(event, body, retriesDone + 1);
    }, delay);
    this.retries.add(timer);
  }

  /** One delivery: undefined when the receiver took it (2xx), else why not. */
  private async post(body: string): Promise<string | undefined> {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    this.attempts.add(controller);
    try {
      const answer = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [SIGNATURE_HEADER]: signPayload(body, this.options.secret, Math.floor(Date.now() / 1000)),
        },
        body,
        signal: controller.signal,
      });
      // (The answer's body is not read: only its status counts.)
      await answer.body?.cancel();
      return answer.ok ? undefined : `HTTP ${answer.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timeout);
      this.attempts.delete(controller);
    }
  }
}
