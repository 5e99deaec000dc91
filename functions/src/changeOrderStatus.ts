// The status function (decision 5201): staff move an order on. POST { number, from, to, carrier?,
// tracking?, note? } with a staff member's ID token. The caller's roles are read from the staff
// record (`staff/{uid}`), never from the token's claims; `from` is the status the staff member
// saw, so two people changing one order never overwrite each other silently (the write is a
// compare-and-set on the order). Only the moves of ORDER_TRANSITIONS are made. Each is added to
// the order's history as the shopper reads it (when, to what, the parcel's tracking) and to the
// staff's audit trail (who, when, from, to, note), which no shopper reads; a cancel gives the
// order's stock back.
import {
  ORDER_NUMBER_PATTERN,
  ORDER_PATHS,
  ORDER_TRANSITIONS,
  type OrderStatus,
  isOrderStatus,
  orderStatusLabel,
} from '@shop/shared/order/orderVocabulary';
import {
  STATUS_CHANGERS,
  STATUS_CHANGE_LIMITS,
  type StaffRole,
} from '@shop/shared/staff/staffVocabulary';
import type { HttpRequest, HttpResponse } from './http';
import type { AuditStep, OrderRecord, StatusStep } from './orderRecord';
import { orderByNumber } from './orderStatus';
import type { DatabaseClient } from './restDatabase';
import { StaffRefusal, sendStaffFailure, staffMember } from './staffAccess';
import { indexStatusChange } from './staffOrderIndex';
import { restoreStock } from './stock';
import type { Trust } from './trust';
import { type PaymentProvider, ProviderRefusal } from './payments/paymentProvider';
import { paymentAfterMove, recordPayment } from './payments/orderMoney';

export interface StatusChangeRequest {
  number: string;
  from: OrderStatus;
  to: OrderStatus;
  carrier?: string;
  tracking?: string;
  note?: string;
}

export type ChangeStatusError =
  | 'method-not-allowed'
  | 'invalid-request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'not-allowed'
  | 'changed'
  | 'payment'
  | 'database-unavailable'
  | 'internal';

export type ChangeStatusAnswer =
  { order: OrderRecord } | { error: ChangeStatusError; message: string; status?: OrderStatus };

/** A refusal of this function; `current` is the status the order has now, when it matters. */
const refusal = (
  httpStatus: number,
  code: ChangeStatusError,
  message: string,
  current?: OrderStatus,
) => new StaffRefusal(httpStatus, code, message, current ? { status: current } : {});

const invalid = (message: string) => refusal(400, 'invalid-request', message);

/** A trimmed text of at most `max` characters, or undefined when absent or empty. */
function optionalText(body: Record<string, unknown>, name: string, max: number) {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(`${name} must be text.`);
  const text = value.trim();
  if (text.length > max) throw invalid(`${name} must be at most ${max} characters.`);
  return text === '' ? undefined : text;
}

export function parseStatusChange(body: unknown): StatusChangeRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('Send a JSON object: { number, from, to }.');
  }
  const fields = body as Record<string, unknown>;
  const number = typeof fields.number === 'string' ? fields.number.trim().toUpperCase() : '';
  if (!ORDER_NUMBER_PATTERN.test(number)) throw invalid('number must be an order number.');
  const { from, to } = fields;
  if (!isOrderStatus(from)) throw invalid('from must be the status the order has now.');
  if (!isOrderStatus(to)) throw invalid('to must be an order status.');
  const carrier = optionalText(fields, 'carrier', STATUS_CHANGE_LIMITS.carrierChars);
  const tracking = optionalText(fields, 'tracking', STATUS_CHANGE_LIMITS.trackingChars);
  const note = optionalText(fields, 'note', STATUS_CHANGE_LIMITS.noteChars);
  if (to === 'shipped' && (!carrier || !tracking)) {
    throw invalid('A shipped order needs its carrier and tracking number.');
  }
  if (tracking !== undefined && !/^[A-Za-z0-9 -]+$/.test(tracking)) {
    throw invalid('tracking may hold letters, digits, spaces and dashes only.');
  }
  return {
    number,
    from,
    to,
    ...(to === 'shipped' ? { carrier, tracking } : {}),
    ...(note ? { note } : {}),
  };
}

/** Refuses a staff member no role of whom lets make this move. */
function requireChanger(roles: readonly StaffRole[], to: OrderStatus) {
  if (!roles.some((role) => STATUS_CHANGERS[to].includes(role))) {
    throw refusal(403, 'forbidden', `Your role may not mark an order ${to}.`);
  }
}

function changed(current: OrderStatus) {
  return refusal(
    409,
    'changed',
    `This order was changed by someone else: it is ${orderStatusLabel(current)} now.`,
    current,
  );
}

export interface ChangeOrderStatusDeps {
  trust: Trust;
  database: DatabaseClient;
  /** Moves a card order's money with its status (decision 5301). */
  payments?: PaymentProvider;
  now?: () => number;
  log?: (message: string) => void;
}

/** The card payment after the move (captured, released, refunded), or null when none moves. */
async function movedPayment(
  payments: PaymentProvider | undefined,
  order: OrderRecord,
  to: OrderStatus,
  at: number,
) {
  if (!order.payment || !payments) return null;
  try {
    return await paymentAfterMove(payments, order, to, at);
  } catch (error) {
    if (!(error instanceof ProviderRefusal)) throw error;
    throw refusal(
      409,
      'payment',
      `The payment could not be moved (${error.message}); the order is still ${order.status}.`,
      order.status,
    );
  }
}

export function createChangeOrderStatus(deps: ChangeOrderStatusDeps) {
  const { database, trust } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((message: string) => console.error(message));

  async function change(req: HttpRequest): Promise<OrderRecord> {
    if (req.method !== 'POST') throw refusal(405, 'method-not-allowed', 'Use POST.');
    const { caller, roles } = await staffMember(
      { trust, database },
      req,
      "Only the shop's staff may change an order's status.",
    );
    const request = parseStatusChange(req.body);
    requireChanger(roles, request.to);

    const found = await orderByNumber(database, request.number);
    if (!found) throw refusal(404, 'not-found', `No order has the number ${request.number}.`);
    const { path, order, etag } = found;
    if (order.status !== request.from) throw changed(order.status);
    if (!ORDER_TRANSITIONS[request.from].includes(request.to)) {
      throw refusal(
        409,
        'not-allowed',
        `An order that is ${request.from} cannot be marked ${request.to}.`,
        order.status,
      );
    }

    const step: StatusStep = {
      at: now(),
      to: request.to,
      ...(request.carrier ? { carrier: request.carrier } : {}),
      ...(request.tracking ? { tracking: request.tracking } : {}),
    };
    // The money first: an order is shipped only once its payment is taken (decision 5301).
    const payment = await movedPayment(deps.payments, order, request.to, step.at);
    const history = order.statusHistory ?? [];
    const updated: OrderRecord = {
      ...order,
      ...(payment ? { payment } : {}),
      status: request.to,
      statusHistory: [...history, step],
      ...(request.carrier && request.tracking
        ? { delivery: { carrier: request.carrier, tracking: request.tracking } }
        : {}),
    };
    const written = await database.putIfMatch(path, updated, etag);
    if (!written.written) {
      // The money moved: the order must say so, whoever changed its status meanwhile.
      if (payment) await recordPayment(database, path, payment);
      const current = (written.value as OrderRecord | null)?.status;
      throw changed(isOrderStatus(current) ? current : order.status);
    }
    // Only the request whose write won gets here: it alone records the step and gives stock back.
    const audit: AuditStep = {
      ...step,
      by: { uid: caller.uid, email: caller.email },
      from: request.from,
      ...(request.note ? { note: request.note } : {}),
    };
    await database
      .create(ORDER_PATHS.orderAuditStep(order.id, history.length), audit)
      .catch((error: unknown) => log(`changeOrderStatus: audit of ${order.number}: ${error}`));
    await indexStatusChange(database, updated, log);
    if (request.to === 'cancelled') await restoreStock(database, order.products, log);
    return updated;
  }

  return async function changeOrderStatus(req: HttpRequest, res: HttpResponse): Promise<void> {
    try {
      const order = await change(req);
      res.status(200).json({ order } satisfies ChangeStatusAnswer);
    } catch (error) {
      sendStaffFailure(res, error, CHANGE_TEXTS, log);
    }
  };
}

const CHANGE_TEXTS = {
  handler: 'changeOrderStatus',
  unavailable: 'The order could not be changed: the database is unavailable. Try again.',
  failed: 'The order could not be changed.',
};
