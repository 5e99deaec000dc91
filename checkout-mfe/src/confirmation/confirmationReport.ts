// Issue 16: the confirmation watch repairs the page for the shopper and logs what React's root
// showed, but in a shopper's browser that line stays in a console nobody reads. So the watch keeps
// it for the reloaded page, which sends it to the session's own record
// (`users/anonymousTokens/{session}/confirmationReports/{id}`, write-once, closed shape in
// database.rules.json), where the team reads it (decision 1601). Sending waits for the reloaded
// page: the reload would cancel a request made before it, and the shopper's confirmation comes first.
// No import of @shop/shared here: the watch (and the e2e support, through it) loads this module.
import { tabStorage } from '../order/tabStorage';

/**
 * Why the watch loaded the page again (confirmationWatch.ts): React's root showed that nothing
 * will render the confirmation, in one of three ways, or the grace was over. The rules accept
 * these and no other (database.rules.json, `confirmationReports`).
 */
export const NOT_SHOWN_REASONS = [
  'no update pending',
  'task already ran',
  'task not run',
  'grace over',
] as const;
export type NotShownReason = (typeof NOT_SHOWN_REASONS)[number];

/** The report kept between the watch's reload and the page it loads. */
export interface ConfirmationReport {
  outcome: string;
  reason: NotShownReason;
  /** The watch's log line details, with the browser's user agent. */
  details: Record<string, unknown>;
}

const KEPT_KEY = 'threadline:checkout:confirmationReport';
/** The rules' bounds (database.rules.json, `confirmationReports`). */
export const REPORT_OUTCOME_MAX = 200;
export const REPORT_DETAILS_MAX = 4_000;

/** Kept for the page the watch loads; a browser without session storage keeps nothing. */
export function keepConfirmationReport(
  report: ConfirmationReport,
  storage: Storage | null = tabStorage(),
): void {
  try {
    storage?.setItem(KEPT_KEY, JSON.stringify(report));
  } catch {
    // storage full: the console line is all there is
  }
}

/** One report per order (its key); a failed order's outcome has none, so the time names it. */
export function reportId(outcome: string, now: number): string {
  const order = new URLSearchParams(outcome.split('?')[1] ?? '').get('order');
  return order && /^[-0-9A-Za-z_]{1,40}$/.test(order) ? order : `t${now}`;
}

function readKept(storage: Storage): ConfirmationReport | null {
  const text = storage.getItem(KEPT_KEY);
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<ConfirmationReport>;
    if (
      typeof value.outcome === 'string' &&
      value.outcome.startsWith('/checkout-successful?') &&
      NOT_SHOWN_REASONS.includes(value.reason as NotShownReason) &&
      value.details !== null &&
      typeof value.details === 'object'
    ) {
      return value as ConfirmationReport;
    }
  } catch {
    // not ours, or cut short
  }
  storage.removeItem(KEPT_KEY);
  return null;
}

/** What sending needs: the page gives @shop/shared's getTokenId and setData. */
export interface ReportSending {
  /** This tab's session storage (tabStorage), null where the browser blocks it. */
  storage: Storage | null;
  sessionUid: () => Promise<string>;
  write: (path: string, body: unknown) => Promise<{ status: number; error?: { code: string } }>;
  now: () => number;
}

export type ReportSent = 'none' | 'sent' | 'refused' | 'kept';

/**
 * Sends the report the watch kept, if any: 'sent' (and forgotten), 'refused' by the database
 * (forgotten: it would never pass, or it was stored by an earlier try whose answer was lost),
 * or 'kept' for the next confirmation page when the database or the session cannot be reached.
 */
export async function sendKeptConfirmationReport(sending: ReportSending): Promise<ReportSent> {
  const { storage } = sending;
  if (!storage) return 'none'; // blocked storage: the watch could not keep anything either
  const report = readKept(storage);
  if (!report) return 'none';
  let uid: string;
  try {
    uid = await sending.sessionUid();
  } catch {
    return 'kept';
  }
  const id = reportId(report.outcome, sending.now());
  const result = await sending
    .write(`users/anonymousTokens/${uid}/confirmationReports/${id}`, {
      at: { '.sv': 'timestamp' },
      reason: report.reason,
      outcome: report.outcome.slice(0, REPORT_OUTCOME_MAX),
      details: JSON.stringify(report.details).slice(0, REPORT_DETAILS_MAX),
    })
    .catch(() => ({ status: 0, error: { code: 'network-error' } }));
  if (result.status === 200) {
    storage.removeItem(KEPT_KEY);
    return 'sent';
  }
  if (/^4\d\d$/.test(result.error?.code ?? '')) {
    storage.removeItem(KEPT_KEY);
    return 'refused';
  }
  return 'kept';
}
