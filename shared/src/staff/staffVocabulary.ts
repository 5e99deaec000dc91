// Who runs the shop (decision 5201): staff members and their roles, as the status function checks
// them and the back office will show them. A member's roles are the record at `staff/{uid}`,
// written only by `npm run staff` with the database's admin credential; the identity service's
// custom claims carry the same roles for the browser, but only the record is trusted (an emulator
// token's claims are unsigned, so anyone could write them). No React, no browser.
import type { OrderStatus } from '../order/orderVocabulary';

export const STAFF_ROLES = ['merchandiser', 'fulfilment', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/** `staff/{uid}`: `{ email, roles: { fulfilment: true, … } }`; read by its member only. */
export const STAFF_PATHS = {
  members: 'staff',
  member: (uid: string) => `staff/${uid}`,
} as const;

export interface StaffRecord {
  email: string;
  roles: Partial<Record<StaffRole, true>>;
}

/** The roles a stored record grants (an unknown or malformed record grants none). */
export function rolesOf(record: unknown): StaffRole[] {
  if (typeof record !== 'object' || record === null) return [];
  const roles = (record as { roles?: unknown }).roles;
  if (typeof roles !== 'object' || roles === null) return [];
  return STAFF_ROLES.filter((role) => (roles as Record<string, unknown>)[role] === true);
}

/** Which roles may move an order to each status (none may move one back to 'placed'). */
export const STATUS_CHANGERS: Readonly<Record<OrderStatus, readonly StaffRole[]>> = {
  placed: [],
  paid: ['fulfilment', 'admin'],
  packed: ['fulfilment', 'admin'],
  shipped: ['fulfilment', 'admin'],
  delivered: ['fulfilment', 'admin'],
  cancelled: ['fulfilment', 'admin'],
  refunded: ['admin'],
};
