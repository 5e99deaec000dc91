// The unsent basket, kept in localStorage until the database confirms it, so a failed save
// survives a reload. One slot per session uid; the newest state always replaces the older one.
import type { ServerCart } from '@shop/shared';

export interface PendingUpload {
  /** Database path the basket belongs to (anonymous or account cart). */
  path: string;
  cart: ServerCart;
  /** Unique, increasing stamp of this state (used to clear only what was confirmed). */
  stamp: number;
}

const PREFIX = 'shop:cart-pending:';

function storage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null; // storage disabled (privacy mode)
  }
}

export function pendingKey(sessionUid: string): string {
  return `${PREFIX}${sessionUid}`;
}

export function readPending(sessionUid: string): PendingUpload | null {
  const raw = storage()?.getItem(pendingKey(sessionUid));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as PendingUpload;
    if (typeof value?.path !== 'string' || typeof value.cart !== 'object' || !value.cart)
      return null;
    return value;
  } catch {
    return null;
  }
}

export function writePending(sessionUid: string, pending: PendingUpload): void {
  try {
    storage()?.setItem(pendingKey(sessionUid), JSON.stringify(pending));
  } catch {
    // Quota or privacy mode: the in-memory queue still retries while the page is open.
  }
}

/** Removes the pending basket, but only if it is still the state with this stamp. */
export function clearPending(sessionUid: string, stamp?: number): void {
  const current = readPending(sessionUid);
  if (!current) return;
  if (stamp !== undefined && current.stamp !== stamp) return;
  try {
    storage()?.removeItem(pendingKey(sessionUid));
  } catch {
    // ignore
  }
}
