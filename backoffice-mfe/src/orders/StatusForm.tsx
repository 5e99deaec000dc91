// Moves an order on: only the statuses the order may go to next (ORDER_TRANSITIONS) that one of
// the member's roles may set (STATUS_CHANGERS). `from` is the status this page showed, so a change
// someone else made meanwhile is refused ("changed by someone else") instead of overwritten.
import {
  ORDER_TRANSITIONS,
  isOrderStatus,
  orderStatusLabel,
} from '@shop/shared/order/orderVocabulary';
import {
  STATUS_CHANGERS,
  STATUS_CHANGE_LIMITS,
  type StaffRole,
} from '@shop/shared/staff/staffVocabulary';
import { useState } from 'react';
import { useFetcher } from 'react-router-dom';
import type { StatusFormAnswer } from './staffOrders';
import { FormAnswer } from '../layout/FormAnswer';

export function nextStatuses(status: string, roles: readonly StaffRole[]): string[] {
  if (!isOrderStatus(status)) return [];
  return ORDER_TRANSITIONS[status].filter((to) =>
    STATUS_CHANGERS[to].some((role) => roles.includes(role)),
  );
}

export function StatusForm({
  number,
  status,
  roles,
}: {
  number: string;
  status: string;
  roles: readonly StaffRole[];
}) {
  const fetcher = useFetcher<StatusFormAnswer>();
  const choices = nextStatuses(status, roles);
  const [to, setTo] = useState({ for: status, value: choices[0] ?? '' });
  // A move (ours or a colleague's) gave the order a new status: the choice starts again there.
  if (to.for !== status) setTo({ for: status, value: choices[0] ?? '' });
  // What the last move did stays in view, also when it was the order's last (a cancel).
  const answerShown = <FormAnswer answer={fetcher.state === 'idle' ? fetcher.data : undefined} />;
  if (choices.length === 0) {
    return (
      <>
        {answerShown}
        <p className="backoffice-message">
          {isOrderStatus(status) && ORDER_TRANSITIONS[status].length === 0
            ? `A ${orderStatusLabel(status).toLowerCase()} order does not move on.`
            : 'Your roles do not let you move this order on.'}
        </p>
      </>
    );
  }
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form
      // A new status, fresh fields (the note of the last move is not the next one's).
      key={status}
      method="post"
      className="backoffice-status-form"
      aria-labelledby="backoffice-status-heading"
    >
      <h2 id="backoffice-status-heading" className="backoffice-section__title">
        Update status
      </h2>
      <input type="hidden" name="from" value={status} />
      <input type="hidden" name="number" value={number} />
      <div className="backoffice-field">
        <label htmlFor="status-to">Move to</label>
        <select
          id="status-to"
          name="to"
          value={to.value}
          onChange={(event) => setTo({ for: status, value: event.target.value })}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {orderStatusLabel(choice)}
            </option>
          ))}
        </select>
      </div>
      {to.value === 'shipped' ? <ParcelFields /> : null}
      <div className="backoffice-field backoffice-field--wide">
        <label htmlFor="status-note">Note for the team (optional)</label>
        <textarea
          id="status-note"
          name="note"
          rows={2}
          maxLength={STATUS_CHANGE_LIMITS.noteChars}
        />
      </div>
      <div className="backoffice-filters__actions">
        <button type="submit" className="backoffice-button" disabled={busy}>
          {busy ? 'Updating…' : 'Update status'}
        </button>
      </div>
      {answerShown}
    </fetcher.Form>
  );
}

/** A shipped order's carrier and tracking number (the status function requires both). */
function ParcelFields() {
  return (
    <>
      <div className="backoffice-field">
        <label htmlFor="status-carrier">Carrier</label>
        <input
          id="status-carrier"
          name="carrier"
          required
          maxLength={STATUS_CHANGE_LIMITS.carrierChars}
        />
      </div>
      <div className="backoffice-field">
        <label htmlFor="status-tracking">Tracking number</label>
        <input
          id="status-tracking"
          name="tracking"
          required
          pattern="[A-Za-z0-9 \-]+"
          title="Letters, digits, spaces and dashes"
          maxLength={STATUS_CHANGE_LIMITS.trackingChars}
        />
      </div>
    </>
  );
}
