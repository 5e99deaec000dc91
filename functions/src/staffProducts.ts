// The back office's catalog functions (decision 5208):
// - `staffProducts`: GET `?q&after` → 200 { products, next? }: products by id, 25 a page, on sale
//   or not; `q` keeps the ids that start with it (ids are the names' slugs).
// - `staffProduct`: GET `?id=` → 200 { product, version, history }; 404 when there is none.
//   `history`: its latest saved changes, the newest first (`productAudit/{id}`, decision 5208).
// - `updateProduct`: POST { id, version, changes } from a merchandiser or an admin → 200
//   { product, version }; 409 `changed` with the product as it is now when `version` is not the
//   record's ETag any more (another edit, or an order that took stock): nothing is overwritten.
//   The write is a compare-and-set on the record, so the order function's own compare-and-set on a
//   count and this one never undo each other. Each saved change that moved a value is recorded
//   after it, with who made it and each value from → to.
// Reads: any staff role. All: 400 bad input, 401 no or a bad token, 403 not allowed, 405.
import { editableProductOf } from '@shop/shared/catalog/productRecord';
import { newOrderKey } from '@shop/shared/firebase/pushId';
import {
  PRODUCT_EDITORS,
  PRODUCT_HISTORY_SHOWN,
  PRODUCT_ID_PATTERN,
  type ProductChangeRecord,
  type StaffProductAnswer,
  type StaffProductRow,
  type StaffProductsAnswer,
  applyProductChanges,
  changedValues,
  checkProductChanges,
} from '@shop/shared/staff/productChanges';
import type { HttpRequest, HttpResponse } from './http';
import type { DatabaseClient } from './restDatabase';
import { StaffRefusal, sendStaffFailure, staffMember } from './staffAccess';
import { noteStockLevel } from './stock';
import { type StaffReadDeps, staffRead } from './staffOrders';

const PRODUCTS = 'catalog/products';
const PAGE = 25;
const productPath = (id: string) => `${PRODUCTS}/${id}`;
/** A product's saved changes, by time-ordered key; closed in the rules (functions only). */
const auditPath = (id: string) => `productAudit/${id}`;

const invalid = (message: string, extra: Record<string, unknown> = {}) =>
  new StaffRefusal(400, 'invalid-request', message, extra);

function onlyParams(params: Record<string, unknown>, allowed: readonly string[]) {
  const others = Object.keys(params).filter((name) => !allowed.includes(name));
  if (others.length > 0) throw invalid(`Unknown parameter(s): ${others.join(', ')}.`);
}

function textParam(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(value)) {
    throw invalid(`${name} must be (the start of) a product id: letters, digits, - and _.`);
  }
  return value;
}

const rowOf = (id: string, raw: unknown): StaffProductRow[] => {
  const product = editableProductOf(raw);
  return product ? [{ id, ...product }] : [];
};

/** A page of products by id: from `after` (included), those starting with `q`; one more for next. */
async function listProducts(
  database: DatabaseClient,
  params: Record<string, unknown>,
): Promise<StaffProductsAnswer> {
  onlyParams(params, ['q', 'after']);
  const q = textParam(params, 'q');
  const after = textParam(params, 'after');
  if (q && after && !after.startsWith(q)) throw invalid('after must start with q.');
  const found = await database.query<unknown>(PRODUCTS, {
    orderBy: '$key',
    startAt: after ?? q,
    ...(q ? { endAt: `${q}\uf8ff` } : {}),
    limitToFirst: PAGE + 1,
  });
  const ids = Object.keys(found).sort();
  const rows = ids.slice(0, PAGE).flatMap((id) => rowOf(id, found[id]));
  const next = ids[PAGE];
  return next ? { products: rows, next } : { products: rows };
}

/** The stored record (for a compare-and-set) and the product as staff see it. */
async function readRecord(database: DatabaseClient, id: string) {
  const [{ value, etag }, history] = await Promise.all([
    database.getWithEtag<Record<string, unknown>>(productPath(id)),
    readHistory(database, id),
  ]);
  const [product] = rowOf(id, value);
  if (!value || !product) throw new StaffRefusal(404, 'not-found', `No product has the id ${id}.`);
  return {
    record: value,
    answer: { product, version: etag, history } satisfies StaffProductAnswer,
  };
}

/** The product's latest saved changes, the newest first: a bounded read however many there are. */
async function readHistory(database: DatabaseClient, id: string): Promise<ProductChangeRecord[]> {
  const found = await database.query<ProductChangeRecord>(auditPath(id), {
    orderBy: '$key',
    limitToLast: PRODUCT_HISTORY_SHOWN,
  });
  return Object.keys(found)
    .sort()
    .reverse()
    .map((key) => {
      const { at, by, changes } = found[key] as ProductChangeRecord;
      // The member's email, not their account's id, is what the page names. The database keeps
      // no null: a value that was none (no discount, an untracked count) comes back absent.
      return {
        at,
        by: { email: by.email ?? null },
        changes: (changes ?? []).map((change) => ({
          ...change,
          from: change.from ?? null,
          to: change.to ?? null,
        })),
      };
    });
}

const readProduct = async (database: DatabaseClient, id: string) =>
  (await readRecord(database, id)).answer;

export function createStaffProducts(deps: StaffReadDeps) {
  return staffRead<StaffProductsAnswer>(
    deps,
    {
      handler: 'staffProducts',
      refused: "Only the shop's staff may list the catalog's products.",
      unavailable: 'The products could not be listed: the database is unavailable. Try again.',
      failed: 'The products could not be listed.',
    },
    (params) => listProducts(deps.database, params),
  );
}

export function createStaffProduct(deps: StaffReadDeps) {
  return staffRead<StaffProductAnswer>(
    deps,
    {
      handler: 'staffProduct',
      refused: "Only the shop's staff may read a product.",
      unavailable: 'The product could not be read: the database is unavailable. Try again.',
      failed: 'The product could not be read.',
    },
    (params) => {
      onlyParams(params, ['id']);
      const id = params.id;
      if (typeof id !== 'string' || !PRODUCT_ID_PATTERN.test(id)) {
        throw invalid('id must be a product id.');
      }
      return readProduct(deps.database, id);
    },
  );
}

function parseUpdate(body: unknown): { id: string; version: string; changes: unknown } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('Send a JSON object: { id, version, changes }.');
  }
  const { id, version, changes, ...others } = body as Record<string, unknown>;
  if (Object.keys(others).length > 0) {
    throw invalid(`Unknown field(s): ${Object.keys(others).join(', ')}.`);
  }
  if (typeof id !== 'string' || !PRODUCT_ID_PATTERN.test(id))
    throw invalid('id must be a product id.');
  if (typeof version !== 'string' || version === '') {
    throw invalid('version must be the version of the product you changed.');
  }
  return { id, version, changes };
}

const CHANGED =
  'This product was changed by someone else since you opened it (an edit, or an order that took stock). Check its values as they are now and make your change again.';

export function createUpdateProduct(deps: StaffReadDeps) {
  const { database } = deps;
  const log = deps.log ?? ((message: string) => console.error(message));

  async function update(req: HttpRequest): Promise<StaffProductAnswer> {
    if (req.method !== 'POST') throw new StaffRefusal(405, 'method-not-allowed', 'Use POST.');
    const { caller, roles } = await staffMember(
      deps,
      req,
      "Only the shop's staff may change a product.",
    );
    if (!roles.some((role) => PRODUCT_EDITORS.includes(role))) {
      throw new StaffRefusal(403, 'forbidden', 'Your role may not change products.');
    }
    const { id, version, changes } = parseUpdate(req.body);
    const { record, answer: current } = await readRecord(database, id);
    const changedMeanwhile = (now: StaffProductAnswer) =>
      new StaffRefusal(409, 'changed', CHANGED, { ...now });
    if (current.version !== version) throw changedMeanwhile(current);
    const checked = checkProductChanges(current.product, changes);
    if (!checked.ok) {
      throw invalid(checked.problems.map((problem) => problem.message).join(' '), {
        problems: checked.problems,
      });
    }
    const next = applyProductChanges(record, checked.changes);
    const written = await database.putIfMatch(productPath(id), next, version);
    if (!written.written) throw changedMeanwhile(await readProduct(database, id));
    const moved = changedValues(current.product, checked.changes);
    if (moved.length > 0) {
      // After the change, never instead of it: a lost record costs its line, not the change.
      const entry: ProductChangeRecord & { by: { uid: string } } = {
        at: Date.now(),
        by: { uid: caller.uid, email: caller.email },
        changes: moved,
      };
      await database
        .put(`${auditPath(id)}/${newOrderKey(entry.at)}`, entry)
        .catch((error: unknown) =>
          log(`[updateProduct] ${id}: change not recorded (${String(error)})`),
        );
    }
    // The counts set here join or leave the dashboard's low-stock list (decision 5207).
    await Promise.all(
      Object.entries(checked.changes.stock ?? {}).map(([size, left]) =>
        noteStockLevel(database, id, size, left, log),
      ),
    );
    return readProduct(database, id);
  }

  return async (req: HttpRequest, res: HttpResponse): Promise<void> => {
    try {
      res.status(200).json(await update(req));
    } catch (error) {
      sendStaffFailure(
        res,
        error,
        {
          handler: 'updateProduct',
          unavailable: 'The product was not changed: the database is unavailable. Try again.',
          failed: 'The product was not changed.',
        },
        log,
      );
    }
  };
}
