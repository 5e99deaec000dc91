// The Auth emulator's REST API (identitytoolkit), for tests that need users and ID tokens
// without a browser. Local emulator only: the key is the demo project's placeholder.
import { LOCAL_URLS } from '../../scripts/lib/apps';

export const AUTH_EMULATOR_URL = LOCAL_URLS.authEmulator;
const API = `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1`;
const KEY = 'demo-api-key';

export interface TestUser {
  uid: string;
  idToken: string;
  email?: string;
}

async function call(endpoint: string, body: object): Promise<TestUser> {
  const response = await fetch(`${API}/${endpoint}?key=${KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const json = (await response.json()) as { localId: string; idToken: string; email?: string };
  if (!response.ok) throw new Error(`${endpoint} → ${response.status} ${JSON.stringify(json)}`);
  return { uid: json.localId, idToken: json.idToken, email: json.email };
}

/** A new email/password account (like the storefront's second auth instance). */
export const createAccount = (email: string, password: string) =>
  call('accounts:signUp', { email, password });

/** A new anonymous session (like a visitor's first page load). */
export const createAnonymousSession = () => call('accounts:signUp', {});

export const signInWithPassword = (email: string, password: string) =>
  call('accounts:signInWithPassword', { email, password });

/** An email nobody used yet in this run. */
export const uniqueEmail = (label: string) =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The code of the last email of `requestType` the Auth emulator "mailed" to `email`. */
async function lastMailedCode(
  email: string,
  requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL',
): Promise<string> {
  const response = await fetch(`${AUTH_EMULATOR_URL}/emulator/v1/projects/demo-shop/oobCodes`);
  if (!response.ok) throw new Error(`oobCodes → ${response.status}`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; oobCode: string; requestType: string }[];
  };
  const mine = oobCodes.filter(
    (entry) =>
      entry.email.toLowerCase() === email.toLowerCase() && entry.requestType === requestType,
  );
  const last = mine[mine.length - 1];
  if (!last) throw new Error(`no ${requestType} code for ${email}`);
  return last.oobCode;
}

/** Asks the Auth emulator to "mail" a password reset link and returns its code. */
export async function passwordResetCode(email: string): Promise<string> {
  const sent = await fetch(`${API}/accounts:sendOobCode?key=${KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ requestType: 'PASSWORD_RESET', email }),
  });
  if (!sent.ok) throw new Error(`sendOobCode → ${sent.status} ${await sent.text()}`);
  return lastMailedCode(email, 'PASSWORD_RESET');
}

/**
 * Verifies an account's email as its owner would by opening the "mailed" link: the Auth
 * emulator's last VERIFY_EMAIL code for `email` applied through its REST API (`accounts:update`
 * with the `oobCode`). The page asked for the email first ("Send verification email").
 */
export async function verifyEmailWithMailedCode(email: string): Promise<void> {
  const oobCode = await lastMailedCode(email, 'VERIFY_EMAIL');
  const applied = await fetch(`${API}/accounts:update?key=${KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oobCode }),
  });
  if (!applied.ok) throw new Error(`accounts:update → ${applied.status} ${await applied.text()}`);
}
