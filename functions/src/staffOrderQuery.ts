// The back office's order list (decision 5204): the `staffOrders` function's parameters and the
// indexed reads that answer them, newest first, page by page. Shared by the function and
// `npm run bench:staff-orders`, so the bench measures the reads the function makes.
// - No filter, or dates: `orderBy="placedAt"`, the dates as a range, `limitToLast` one page.
// - A status (and dates): `orderBy="statusKey"`, one range `<status>|<from>` … `<status>|<to>`.
// - An order number: `orderNumbers/{number}` → its key → its entry.
// - An e-mail: `orderBy="email"&equalTo=`: that customer's entries (the REST protocol's equalTo has
//   no second key to page from), then filtered and paged here.
// The cursor (`before`) is the last row's `<placedAt>.<key>`: the next page ends there (`endAt`,
// which includes it), and rows at or after it are dropped here.
import {
  ORDER_KEY_PATTERN,
  ORDER_NUMBER_PATTERN,
  ORDER_PATHS,
  ORDER_STATUSES,
  type OrderStatus,
  isOrderStatus,
  normaliseEmail,
} from '@shop/shared/order/orderVocabulary';
import {
  STAFF_PATHS,
  type StaffOrderEntry,
  type StaffOrderRow,
  type StaffOrdersAnswer,
  statusKeyOf,
} from '@shop/shared/staff/staffVocabulary';
import type { OrderNumberEntry } from './orderStatus';
import type { DatabaseClient, DatabaseQuery } from './restDatabase';
import { StaffRefusal } from './staffAccess';

export const STAFF_PAGE = { defaultLimit: 25, maxLimit: 100 } as const;
const EMAIL_MAX = 200;
export const DAY_MS = 86_400_000;
/** The largest placedAt a statusKey can hold (13 digits). */
const LATEST = 9_999_999_999_999;
const PARAMS = ['status', 'from', 'to', 'q', 'before', 'limit'] as const;

export interface StaffOrdersQuery {
  status?: OrderStatus;
  /** The first and last millisecond the dates include (UTC days). */
  fromMs?: number;
  toMs?: number;
  search?: { number: string } | { email: string };
  before?: Cursor;
  limit: number;
}

interface Cursor {
  placedAt: number;
  key: string;
}

const invalid = (message: string) => new StaffRefusal(400, 'invalid-request', message);

/** `YYYY-MM-DD` as the day's first millisecond (UTC); a 400 for anything else. */
export function dayStart(name: string, text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || new Date(ms).toISOString().slice(0, 10) !== text) {
    throw invalid(`${name} must be a date such as 2026-12-06 (YYYY-MM-DD, UTC).`);
  }
  return ms;
}

function parseSearch(text: string): StaffOrdersQuery['search'] {
  const number = text.toUpperCase();
  if (ORDER_NUMBER_PATTERN.test(number)) return { number };
  if (text.length <= EMAIL_MAX && /^[^\s@]+@[^\s@]+$/.test(text)) {
    return { email: normaliseEmail(text) };
  }
  throw invalid('q must be an order number such as TL-7F3K2Q or an e-mail address.');
}

function parseCursor(text: string): Cursor {
  const [placedAt = '', key = ''] = text.split('.');
  if (!/^\d{1,13}$/.test(placedAt) || !ORDER_KEY_PATTERN.test(key)) {
    throw invalid('before must be the `next` of the previous page.');
  }
  return { placedAt: Number(placedAt), key };
}

function parseLimit(text: string): number {
  const limit = Number(text);
  if (!/^\d+$/.test(text) || limit < 1 || limit > STAFF_PAGE.maxLimit) {
    throw invalid(`limit must be a whole number from 1 to ${STAFF_PAGE.maxLimit}.`);
  }
  return limit;
}

/**
 * The single text values of the parameters `names` (blank ones left out); a 400 for an unknown or
 * repeated one. The staff's other reading functions check theirs here too.
 */
export function textParams<Name extends string>(
  params: Record<string, unknown>,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const unknown = Object.keys(params).filter(
    (name) => !(names as readonly string[]).includes(name),
  );
  if (unknown.length > 0) throw invalid(`Unknown parameter(s): ${unknown.join(', ')}.`);
  const texts: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const value = params[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw invalid(`${name} must be given once.`);
    const text = value.trim();
    if (text !== '') texts[name] = text;
  }
  return texts;
}

/** The `staffOrders` function's query parameters, checked; a 400 that says what is wrong. */
export function parseStaffOrdersQuery(params: Record<string, unknown>): StaffOrdersQuery {
  const texts = textParams(params, PARAMS);
  if (texts.status !== undefined && !isOrderStatus(texts.status)) {
    throw invalid(`status must be one of: ${ORDER_STATUSES.join(', ')}.`);
  }
  const fromMs = texts.from === undefined ? undefined : dayStart('from', texts.from);
  const toMs = texts.to === undefined ? undefined : dayStart('to', texts.to) + DAY_MS - 1;
  if (fromMs !== undefined && toMs !== undefined && fromMs > toMs) {
    throw invalid('from must be on or before to.');
  }
  return {
    ...(texts.status === undefined ? {} : { status: texts.status }),
    ...(fromMs === undefined ? {} : { fromMs }),
    ...(toMs === undefined ? {} : { toMs }),
    ...(texts.q === undefined ? {} : { search: parseSearch(texts.q) }),
    ...(texts.before === undefined ? {} : { before: parseCursor(texts.before) }),
    limit: texts.limit === undefined ? STAFF_PAGE.defaultLimit : parseLimit(texts.limit),
  };
}

/** Newest first; orders placed in the same millisecond by key, as the database orders them. */
const newestFirst = (a: StaffOrderRow, b: StaffOrderRow) =>
  b.placedAt - a.placedAt || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0);

/** Whether a row is one the query asks for (the cursor, status and dates a read did not apply). */
function wanted(query: StaffOrdersQuery, row: StaffOrderRow): boolean {
  const { before } = query;
  if (before && newestFirst(row, { ...row, ...before }) <= 0) return false;
  if (query.status !== undefined && row.status !== query.status) return false;
  if (query.fromMs !== undefined && row.placedAt < query.fromMs) return false;
  return query.toMs === undefined || row.placedAt <= query.toMs;
}

/** The database query of a list: a range of one index, or one customer's entries. */
function readOf(query: StaffOrdersQuery, email: string | undefined): DatabaseQuery {
  if (email !== undefined) return { orderBy: 'email', equalTo: email };
  const from = query.fromMs ?? 0;
  const to = Math.min(query.toMs ?? LATEST, query.before?.placedAt ?? LATEST);
  if (query.status === undefined) return { orderBy: 'placedAt', startAt: from, endAt: to };
  return {
    orderBy: 'statusKey',
    startAt: statusKeyOf(query.status, from),
    endAt: statusKeyOf(query.status, to),
  };
}

const rowsOf = (found: Record<string, StaffOrderEntry>): StaffOrderRow[] =>
  Object.entries(found).map(([key, entry]) => ({ ...entry, key }));

/** The one order with that number, if the query's other filters keep it. */
async function byNumber(database: DatabaseClient, number: string): Promise<StaffOrderRow[]> {
  const entry = await database.get<OrderNumberEntry>(ORDER_PATHS.orderNumber(number));
  const key = typeof entry?.path === 'string' ? entry.path.split('/').pop() : undefined;
  if (!key || !ORDER_KEY_PATTERN.test(key)) return [];
  const indexed = await database.get<StaffOrderEntry>(STAFF_PATHS.order(key));
  // An entry left behind by a failed order points at an order with another number (orderStatus.ts).
  return indexed?.number === number ? [{ ...indexed, key }] : [];
}

/** Up to `limit` rows newest first, read with `limitToLast`, more when rows were dropped. */
async function readRows(database: DatabaseClient, query: StaffOrdersQuery) {
  const search = query.search;
  if (search && 'number' in search) return byNumber(database, search.number);
  const read = readOf(query, search?.email);
  if (search) return rowsOf(await database.query<StaffOrderEntry>(STAFF_PATHS.orders, read));
  // One more than a page says whether there is a next one; one more again is the cursor's row.
  let window = query.limit + 1 + (query.before ? 1 : 0);
  for (;;) {
    const found = await database.query<StaffOrderEntry>(STAFF_PATHS.orders, {
      ...read,
      limitToLast: window,
    });
    const rows = rowsOf(found);
    // Fewer than asked: the whole range is here. Else enough is kept, or (orders of one
    // millisecond at the cursor) the window doubles.
    if (rows.length < window || rows.filter((row) => wanted(query, row)).length > query.limit) {
      return rows;
    }
    window *= 2;
  }
}

/** The page of the index a query asks for, newest first, and the cursor of the next one. */
export async function findStaffOrders(
  database: DatabaseClient,
  query: StaffOrdersQuery,
): Promise<StaffOrdersAnswer> {
  const rows = (await readRows(database, query))
    .filter((row) => wanted(query, row))
    .sort(newestFirst);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return rows.length > query.limit && last
    ? { orders: page, next: `${last.placedAt}.${last.key}` }
    : { orders: page };
}
