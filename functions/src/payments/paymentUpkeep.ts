// What keeps card payments within their stated bounds when no one orders (decision 5301): every
// five minutes, deployed, the holds whose 15 minutes are up end (their payment cancelled, their
// stock back), and notification ids older than the providers' resending window are forgotten, so
// `paymentEvents` holds a few days of notifications, not the whole history. Each run does a
// bounded amount of work; what is left waits for the next run.
import { type HoldContext, PAYMENT_PATHS, SWEEP_BATCH, sweepExpiredHolds } from './cardHolds';

/** How long a notification may be resent: Stripe retries for up to three days. */
export const EVENT_MEMORY_MS = 4 * 24 * 60 * 60_000;
/** Batches of holds, and of old events, one run ends at most. */
export const UPKEEP_BATCHES = 10;

/** Forgets up to SWEEP_BATCH notification ids recorded before `before`; answers how many. */
async function forgetOldEvents(ctx: HoldContext, before: number): Promise<number> {
  const old = await ctx.database.query<{ at: number }>(PAYMENT_PATHS.events, {
    orderBy: 'at',
    endAt: before,
    limitToFirst: SWEEP_BATCH,
  });
  const ids = Object.keys(old);
  await Promise.all(ids.map((id) => ctx.database.put(PAYMENT_PATHS.event(id), null)));
  return ids.length;
}

export async function paymentUpkeep(ctx: HoldContext): Promise<{ holds: number; events: number }> {
  const done = { holds: 0, events: 0 };
  const before = ctx.now() - EVENT_MEMORY_MS;
  for (let batch = 0; batch < UPKEEP_BATCHES; batch += 1) {
    const holds = await sweepExpiredHolds(ctx);
    const events = await forgetOldEvents(ctx, before);
    done.holds += holds;
    done.events += events;
    if (holds < SWEEP_BATCH && events < SWEEP_BATCH) break;
  }
  return done;
}
