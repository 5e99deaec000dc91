import { HttpError } from './errors';
import { isObject } from './tree';

/** What the rules see as `auth`. */
export interface RulesAuth {
  uid: string;
  provider: string | null;
  token: Record<string, unknown>;
}

export type Principal =
  | { kind: 'admin' }
  | { kind: 'anonymous' }
  | { kind: 'user'; auth: RulesAuth; expiresAtMs: number };

/** The emulators' admin credential (`Authorization: Bearer owner`). Honoured in local mode only. */
export const ADMIN_TOKEN = 'owner';

const unauthorized = (message: string): HttpError => new HttpError(401, message);

function decodeSegment(segment: string): unknown {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) throw unauthorized('Could not parse auth token.');
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as unknown;
  } catch {
    throw unauthorized('Could not parse auth token.');
  }
}

/**
 * Verifies an ID token from the Firebase Auth emulator. Those tokens are unsigned (alg "none"),
 * so what we can check is the claims: issuer and audience of our project, expiry, subject.
 * Signed production tokens cannot be verified offline and are refused.
 */
export function verifyIdToken(token: string, projectId: string, nowMs = Date.now()): Principal {
  const parts = token.split('.');
  if (parts.length !== 3) throw unauthorized('Could not parse auth token.');
  const header = decodeSegment(parts[0] ?? '');
  const payload = decodeSegment(parts[1] ?? '');
  if (!isObject(header) || !isObject(payload)) throw unauthorized('Could not parse auth token.');
  if (header.alg !== 'none' || parts[2] !== '') {
    throw unauthorized(
      'Unsupported auth token: this local server accepts Auth emulator tokens (alg "none") only',
    );
  }
  if (payload.iss !== `https://securetoken.google.com/${projectId}`) {
    throw unauthorized(`Invalid auth token: issuer is not project ${projectId}`);
  }
  if (payload.aud !== projectId) {
    throw unauthorized(`Invalid auth token: audience is not project ${projectId}`);
  }
  const { exp, sub } = payload;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) {
    throw unauthorized('Invalid auth token: no expiry');
  }
  if (exp * 1000 <= nowMs) throw unauthorized('Auth token is expired');
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) {
    throw unauthorized('Invalid auth token: missing subject');
  }
  const firebase = payload.firebase;
  const provider =
    isObject(firebase) && typeof firebase.sign_in_provider === 'string'
      ? firebase.sign_in_provider
      : null;
  return { kind: 'user', auth: { uid: sub, provider, token: payload }, expiresAtMs: exp * 1000 };
}

export interface CredentialSource {
  queryAuth: string | null;
  authorizationHeader: string | undefined;
}

export function resolvePrincipal(
  { queryAuth, authorizationHeader }: CredentialSource,
  opts: { projectId: string; local: boolean },
): Principal {
  let token: string | null = queryAuth;
  if (token === null && authorizationHeader !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorizationHeader);
    if (!match) throw unauthorized('Invalid Authorization header: expected "Bearer <token>"');
    token = match[1] ?? '';
  }
  if (token === null || token === '') return { kind: 'anonymous' };
  if (token === ADMIN_TOKEN && opts.local && queryAuth === null) return { kind: 'admin' };
  return verifyIdToken(token, opts.projectId);
}
