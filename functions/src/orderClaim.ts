// One order key, one answer (decision 3901). Before a request takes stock for a new
// order it claims the checkout's key at `orderClaims/{uid}/{orderKey}` with a conditional create
// (`if-match: null_etag`): only one request at a time works on a key. A second request with the
// same key (a double submit, the browser asking again after a timeout) does not take stock (it
// would find the last item gone and answer "sold out" for an order that is being stored): it
// waits for the first one's order and answers it, or, while the first one still runs, answers
// "in progress". The claim is given back when the request ends, whatever its outcome; a claim
// whose request died is taken over once it is older than any request can run.
import { randomUUID } from 'node:crypto';
import { ORDER_PATHS } from '@shop/shared/order/orderVocabulary';
import type { DatabaseClient } from './restDatabase';

export const ORDER_CLAIMS_PATH = ORDER_PATHS.orderClaims;
/** How long a second request waits for the first one's order before it answers "in progress". */
export const CLAIM_WAIT_MS = 10_000;
/** A claim older than this belongs to a request that died (Cloud Functions stop one at 60 s). */
export const CLAIM_STALE_MS = 120_000;
/** Seconds the browser is asked to wait before it asks again about an order in progress. */
export const IN_PROGRESS_RETRY_SECONDS = 2;

interface ClaimRecord {
  at: number;
  by: string;
}

export type ClaimOutcome<T> =
  | { kind: 'claimed'; release: () => Promise<void> }
  | { kind: 'stored'; order: T }
  | { kind: 'in-progress' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isClaim = (value: unknown): value is ClaimRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ClaimRecord).at === 'number' &&
  typeof (value as ClaimRecord).by === 'string';

export function claimPath(uid: string, orderKey: string): string {
  return `${ORDER_CLAIMS_PATH}/${uid}/${orderKey}`;
}

/**
 * Claims `path` for this request, or answers the order stored at `orderPath` by the request that
 * holds it, or 'in-progress' when that request is still running after `waitMs`.
 */
export async function claimOrderKey<T>(
  database: DatabaseClient,
  path: string,
  orderPath: string,
  { waitMs = CLAIM_WAIT_MS, staleMs = CLAIM_STALE_MS }: { waitMs?: number; staleMs?: number } = {},
): Promise<ClaimOutcome<T>> {
  const mine: ClaimRecord = { at: Date.now(), by: randomUUID() };
  const release = async () => {
    // Only our own claim: a request that outlived its claim must not free its successor's.
    const { value, etag } = await database.getWithEtag<unknown>(path);
    if (isClaim(value) && value.by === mine.by) await database.putIfMatch(path, null, etag);
  };
  const claimed = async (): Promise<ClaimOutcome<T>> => {
    // The order may have been stored, and its claim given back, since the caller looked.
    const order = await database.get<T>(orderPath);
    if (order) {
      await release();
      return { kind: 'stored', order };
    }
    return { kind: 'claimed', release };
  };
  const deadline = Date.now() + waitMs;
  for (let round = 0; ; round += 1) {
    mine.at = Date.now();
    const attempt = await database.create(path, mine);
    if (attempt.created) return claimed();
    const held = attempt.existing;
    if (!isClaim(held) || Date.now() - held.at > staleMs) {
      // Its request died: take it over, once (a compare-and-set against that very claim).
      const { value, etag } = await database.getWithEtag<unknown>(path);
      if (JSON.stringify(value) === JSON.stringify(held)) {
        const taken = await database.putIfMatch(path, mine, etag);
        if (taken.written) return claimed();
      }
      if (Date.now() >= deadline) return { kind: 'in-progress' };
      continue;
    }
    const order = await database.get<T>(orderPath);
    if (order) return { kind: 'stored', order };
    if (Date.now() >= deadline) return { kind: 'in-progress' };
    // Short at first (the first request is usually nearly done), then every half second.
    await sleep(Math.min(500, 25 * 2 ** round));
  }
}
