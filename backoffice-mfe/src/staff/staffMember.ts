// Who may use the back office (decision 5201): a signed-in account whose staff record
// (`staff/{uid}`, readable by its member only) grants a role. As in the functions, the record
// decides, not the token's claims; the functions check again on every call, so this only spares
// a shopper pages that would refuse everything.
import {
  bus,
  getAccountUid,
  getAuthBackend,
  getData,
  shopContextOf,
  startSession,
} from '@shop/shared';
import { returningTo } from '@shop/shared/routes/routeList';
import { STAFF_PATHS, rolesOf, type StaffRole } from '@shop/shared/staff/staffVocabulary';
import { redirect } from 'react-router-dom';

export interface StaffMember {
  uid: string;
  email: string;
  roles: StaffRole[];
}

export type StaffCheck =
  | { kind: 'member'; member: StaffMember }
  | { kind: 'not-staff'; email: string }
  | { kind: 'unavailable'; message: string };

export const STAFF_UNAVAILABLE =
  'We could not check your staff access just now. Please check your connection and reload the page.';

/** Each account's check, once per page (the pages of one visit ask together). */
const checks = new Map<string, Promise<StaffCheck>>();

async function readMember(uid: string, email: string): Promise<StaffCheck> {
  const answer = await getData(STAFF_PATHS.member(uid));
  if (answer.status !== 200) {
    checks.delete(uid); // a failed read is asked again on the next page
    return { kind: 'unavailable', message: STAFF_UNAVAILABLE };
  }
  const roles = rolesOf(answer.response);
  return roles.length > 0
    ? { kind: 'member', member: { uid, email, roles } }
    : { kind: 'not-staff', email };
}

/**
 * For the back office's loaders: the signed-in account's staff check, or a redirect to the sign-in
 * page (which comes back to `request`'s address). `context`: the loader's (its links).
 */
export async function requireSignedInStaff(
  request: Request,
  context: unknown,
): Promise<StaffCheck> {
  await startSession();
  const auth = bus.auth$.getValue();
  if (!auth.isSignedIn || !getAuthBackend().accountUser()) {
    const url = new URL(request.url);
    throw redirect(
      returningTo(shopContextOf(context).hrefFor('sign-in'), url.pathname + url.search),
    );
  }
  const uid = await getAccountUid();
  let check = checks.get(uid);
  if (!check) {
    check = readMember(uid, auth.email);
    checks.set(uid, check);
  }
  return check;
}

/** Forgets the checks made (tests; a member signed out). */
export function forgetStaffChecks(): void {
  checks.clear();
}
