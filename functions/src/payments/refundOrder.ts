// Part refunds of a card order (decision 5301): POST { number, amount, note? } with an admin's ID
// token; `amount` in minor units of the order's currency. Refused beyond what was captured and
// not yet given back; the same refund asked twice (a double click) refunds once. A refund that
// gives back everything left moves a shipped or delivered order to 'refunded'.
import { ORDER_NUMBER_PATTERN, ORDER_PATHS } from '@shop/shared/order/orderVocabulary';
import { STATUS_CHANGERS, STATUS_CHANGE_LIMITS } from '@shop/shared/staff/staffVocabulary';
import type { HttpRequest, HttpResponse } from '../http';
import type { AuditStep, OrderRecord } from '../orderRecord';
import { orderByNumber } from '../orderStatus';
import type { DatabaseClient } from '../restDatabase';
import { StaffRefusal, sendStaffFailure, staffMember } from '../staffAccess';
import { indexStatusChange } from '../staffOrderIndex';
import type { Trust } from '../trust';
import { refundPart, refundable } from './orderMoney';
import { type PaymentProvider, ProviderRefusal } from './paymentProvider';

export interface RefundOrderDeps {
  trust: Trust;
  database: DatabaseClient;
  payments: PaymentProvider;
  now?: () => number;
  log?: (message: string) => void;
}

interface RefundRequest {
  number: string;
  amount: number;
  note?: string;
}

const invalid = (message: string) => new StaffRefusal(400, 'invalid-request', message);

export function parseRefund(body: unknown): RefundRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('Send a JSON object: { number, amount }.');
  }
  const fields = body as Record<string, unknown>;
  const number = typeof fields.number === 'string' ? fields.number.trim().toUpperCase() : '';
  if (!ORDER_NUMBER_PATTERN.test(number)) throw invalid('number must be an order number.');
  const { amount, note } = fields;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw invalid('amount must be a whole number of minor units (cents), above 0.');
  }
  if (
    note !== undefined &&
    (typeof note !== 'string' || note.length > STATUS_CHANGE_LIMITS.noteChars)
  ) {
    throw invalid(`note must be text of at most ${STATUS_CHANGE_LIMITS.noteChars} characters.`);
  }
  const text = typeof note === 'string' ? note.trim() : '';
  return { number, amount, ...(text ? { note: text } : {}) };
}

/** The order with its payment after the refund, and its status moved when nothing is left. */
function refundedOrder(order: OrderRecord, payment: OrderRecord['payment'], at: number) {
  const whole = payment && refundable(payment) === 0;
  const moves = whole && (order.status === 'shipped' || order.status === 'delivered');
  return {
    ...order,
    payment,
    ...(moves
      ? {
          status: 'refunded' as const,
          statusHistory: [...(order.statusHistory ?? []), { at, to: 'refunded' as const }],
        }
      : {}),
  };
}

export function createRefundOrder(deps: RefundOrderDeps) {
  const { database, trust } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((message: string) => console.error(message));

  async function findOrder(number: string) {
    const found = await orderByNumber(database, number);
    if (!found) throw new StaffRefusal(404, 'not-found', `No order has the number ${number}.`);
    const { order } = found;
    if (!order.payment || order.payment.captured === 0) {
      throw new StaffRefusal(
        409,
        'not-captured',
        'This order has no card payment taken to refund.',
      );
    }
    return found;
  }

  async function refund(req: HttpRequest): Promise<OrderRecord> {
    if (req.method !== 'POST') throw new StaffRefusal(405, 'method-not-allowed', 'Use POST.');
    const { caller, roles } = await staffMember({ trust, database }, req, 'Only staff may refund.');
    if (!roles.some((role) => STATUS_CHANGERS.refunded.includes(role))) {
      throw new StaffRefusal(403, 'forbidden', 'Your role may not refund an order.');
    }
    const request = parseRefund(req.body);
    const { path, order, etag } = await findOrder(request.number);
    const at = now();
    const payment = await refundPart(
      deps.payments,
      order.id,
      order.payment as NonNullable<OrderRecord['payment']>,
      request.amount,
      at,
    ).catch((error: unknown) => {
      if (error instanceof ProviderRefusal) {
        throw new StaffRefusal(409, 'too-much', error.message);
      }
      throw error;
    });
    const updated = refundedOrder(order, payment, at);
    const written = await database.putIfMatch(path, updated, etag);
    if (!written.written) {
      throw new StaffRefusal(409, 'changed', 'This order was changed meanwhile: reload it.');
    }
    const audit: AuditStep = {
      at,
      to: updated.status,
      from: order.status,
      by: { uid: caller.uid, email: caller.email },
      note: `Refunded ${request.amount} minor units${request.note ? `: ${request.note}` : ''}`,
    };
    // Its own key, after the status moves' (a refund need not move the status).
    const before = String(order.payment?.refunded ?? 0).padStart(9, '0');
    await database
      .create(`${ORDER_PATHS.orderAudit}/${order.id}/refund-${before}`, audit)
      .catch((error: unknown) => log(`refundOrder: audit of ${order.number}: ${String(error)}`));
    if (updated.status !== order.status) await indexStatusChange(database, updated, log);
    return updated;
  }

  return async function refundOrder(req: HttpRequest, res: HttpResponse): Promise<void> {
    try {
      res.status(200).json({ order: await refund(req) });
    } catch (error) {
      sendStaffFailure(res, error, REFUND_TEXTS, log);
    }
  };
}

const REFUND_TEXTS = {
  handler: 'refundOrder',
  unavailable: 'The refund could not be recorded: the database is unavailable. Try again.',
  failed: 'The refund could not be made.',
};
