// The back office's reading functions (decision 5204), for any staff role (the staff record's, as
// the status function reads it; staffAccess.ts):
// - `staffOrders`: GET `?status&from&to&q&before&limit` → 200 { orders, next? } newest first, from
//   the order index (staffOrderQuery.ts).
// - `staffOrder`: GET `?number=TL-…` → 200 { key, order, audit }: the whole order from its owner's
//   path and staff's moves of it, oldest first; 404 when no order has the number.
// - `staffDashboard`: GET `?day=YYYY-MM-DD` → 200 StaffDashboardAnswer: a UTC day's orders,
//   revenue and units, and the sizes about to sell out (decision 5207; staffDashboardQuery.ts).
// All: 400 bad parameters, 401 no or a bad token, 403 not staff, 405 not a GET.
import { ORDER_NUMBER_PATTERN, ORDER_PATHS } from '@shop/shared/order/orderVocabulary';
import type {
  StaffAuditEntry,
  StaffDashboardAnswer,
  StaffOrderAnswer,
  StaffOrdersAnswer,
  StaffReadError,
} from '@shop/shared/staff/staffVocabulary';
import type { HttpRequest, HttpResponse } from './http';
import type { AuditStep } from './orderRecord';
import { orderByNumber } from './orderStatus';
import type { DatabaseClient } from './restDatabase';
import { StaffRefusal, sendStaffFailure, staffMember } from './staffAccess';
import { parseStaffDashboardQuery, readStaffDashboard } from './staffDashboardQuery';
import { findStaffOrders, parseStaffOrdersQuery } from './staffOrderQuery';
import type { Trust } from './trust';
import type { UnexpectedTexts } from './unexpected';

/** A GET as Express gives it: its query parameters parsed. */
export interface StaffReadRequest extends HttpRequest {
  query?: Record<string, unknown>;
}

export interface StaffReadDeps {
  trust: Trust;
  database: DatabaseClient;
  log?: (message: string) => void;
  /** The clock that says which day is today (tests set it). */
  now?: () => number;
}

const refusal = (httpStatus: number, code: StaffReadError, message: string) =>
  new StaffRefusal(httpStatus, code, message);

/** A staff member's GET: answers what `read` finds, or the refusal. */
export function staffRead<Answer>(
  deps: StaffReadDeps,
  texts: UnexpectedTexts & { refused: string },
  read: (params: Record<string, unknown>) => Promise<Answer>,
) {
  const log = deps.log ?? ((message: string) => console.error(message));
  return async (req: StaffReadRequest, res: HttpResponse): Promise<void> => {
    try {
      if (req.method !== 'GET') throw refusal(405, 'method-not-allowed', 'Use GET.');
      await staffMember(deps, req, texts.refused);
      res.status(200).json(await read(req.query ?? {}));
    } catch (error) {
      sendStaffFailure(res, error, texts, log);
    }
  };
}

export function createStaffOrders(deps: StaffReadDeps) {
  return staffRead<StaffOrdersAnswer>(
    deps,
    {
      handler: 'staffOrders',
      refused: "Only the shop's staff may list orders.",
      unavailable: 'The orders could not be listed: the database is unavailable. Try again.',
      failed: 'The orders could not be listed.',
    },
    (params) => findStaffOrders(deps.database, parseStaffOrdersQuery(params)),
  );
}

/** Staff's moves of an order, oldest first (the steps' keys are zero-padded: they sort as text). */
async function auditOf(database: DatabaseClient, key: string): Promise<StaffAuditEntry[]> {
  const steps =
    (await database.get<Record<string, AuditStep>>(`${ORDER_PATHS.orderAudit}/${key}`)) ?? {};
  return Object.keys(steps)
    .sort()
    .map((name) => {
      const { at, by, from, to, note, carrier, tracking } = steps[name] as AuditStep;
      return {
        at,
        by: by?.email ?? null,
        from,
        to,
        ...(note === undefined ? {} : { note }),
        ...(carrier === undefined ? {} : { carrier }),
        ...(tracking === undefined ? {} : { tracking }),
      };
    });
}

async function findOrder(
  database: DatabaseClient,
  params: Record<string, unknown>,
): Promise<StaffOrderAnswer> {
  const { number: given, ...others } = params;
  if (Object.keys(others).length > 0) {
    throw refusal(
      400,
      'invalid-request',
      `Unknown parameter(s): ${Object.keys(others).join(', ')}.`,
    );
  }
  const number = typeof given === 'string' ? given.trim().toUpperCase() : '';
  if (!ORDER_NUMBER_PATTERN.test(number)) {
    throw refusal(400, 'invalid-request', 'number must be an order number such as TL-7F3K2Q.');
  }
  const found = await orderByNumber(database, number);
  if (!found) throw refusal(404, 'not-found', `No order has the number ${number}.`);
  const { order } = found;
  return { key: order.id, order, audit: await auditOf(database, order.id) };
}

export function createStaffOrder(deps: StaffReadDeps) {
  return staffRead<StaffOrderAnswer>(
    deps,
    {
      handler: 'staffOrder',
      refused: "Only the shop's staff may read an order.",
      unavailable: 'The order could not be read: the database is unavailable. Try again.',
      failed: 'The order could not be read.',
    },
    (params) => findOrder(deps.database, params),
  );
}

export function createStaffDashboard(deps: StaffReadDeps) {
  const now = deps.now ?? Date.now;
  return staffRead<StaffDashboardAnswer>(
    deps,
    {
      handler: 'staffDashboard',
      refused: "Only the shop's staff may see the dashboard.",
      unavailable: 'The dashboard could not be read: the database is unavailable. Try again.',
      failed: 'The dashboard could not be read.',
    },
    (params) => readStaffDashboard(deps.database, parseStaffDashboardQuery(params, now())),
  );
}
