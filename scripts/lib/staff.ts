// Staff members and their roles (decision 5201), as `npm run staff` sets them: the staff record at
// `staff/{uid}` (the one the status function and the rules trust), written with the database's
// admin credential, and the same roles as the account's custom claims in the identity service
// (`staff`, for the back office's pages to know whom they show what).
import {
  STAFF_PATHS,
  type StaffRecord,
  type StaffRole,
  isStaffRole,
} from '../../shared/src/staff/staffVocabulary';

export interface StaffServices {
  /** The identity service's REST root, e.g. the Auth emulator's `http://127.0.0.1:9099`. */
  authUrl: string;
  /** The Realtime Database's root URL. */
  databaseUrl: string;
  projectId: string;
  /** `Authorization: Bearer` for both: `owner` for the emulators, an access token deployed. */
  adminToken: string;
}

const identity = (services: StaffServices, call: string) =>
  `${services.authUrl}/identitytoolkit.googleapis.com/v1/projects/${services.projectId}/accounts:${call}`;

async function post(url: string, token: string, body: object): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as unknown;
  if (!response.ok)
    throw new Error(`${url} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** The account's uid for `email`; throws when no account has it. */
export async function accountUid(services: StaffServices, email: string): Promise<string> {
  const answer = (await post(identity(services, 'lookup'), services.adminToken, {
    email: [email],
  })) as { users?: { localId: string }[] };
  const uid = answer.users?.[0]?.localId;
  if (!uid) throw new Error(`No account has the email ${email}: it must sign up first.`);
  return uid;
}

/** The roles named on the command line; throws naming the ones that are not roles. */
export function parseRoles(names: readonly string[]): StaffRole[] {
  const unknown = names.filter((name) => !isStaffRole(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(
      `${unknown.length > 0 ? `Not a role: ${unknown.join(', ')}. ` : ''}` +
        'Give --role merchandiser, fulfilment or admin (repeat for more than one).',
    );
  }
  return [...new Set(names)] as StaffRole[];
}

async function putRecord(services: StaffServices, uid: string, record: StaffRecord | null) {
  const response = await fetch(`${services.databaseUrl}/${STAFF_PATHS.member(uid)}.json`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${services.adminToken}` },
    body: JSON.stringify(record),
  });
  if (!response.ok) throw new Error(`the staff record answered ${response.status}`);
}

async function setClaims(services: StaffServices, uid: string, roles: StaffRole[]) {
  await post(identity(services, 'update'), services.adminToken, {
    localId: uid,
    customAttributes: JSON.stringify(roles.length > 0 ? { staff: roles } : {}),
  });
}

/** Makes the account with `email` a staff member with exactly `roles`; answers its uid. */
export async function addStaff(
  services: StaffServices,
  email: string,
  roles: StaffRole[],
): Promise<string> {
  const uid = await accountUid(services, email);
  const record: StaffRecord = {
    email,
    roles: Object.fromEntries(roles.map((role) => [role, true])) as StaffRecord['roles'],
  };
  await putRecord(services, uid, record);
  await setClaims(services, uid, roles);
  return uid;
}

/** Takes every role from the account with `email`; answers its uid. */
export async function removeStaff(services: StaffServices, email: string): Promise<string> {
  const uid = await accountUid(services, email);
  await putRecord(services, uid, null);
  await setClaims(services, uid, []);
  return uid;
}
