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
 * Checks a signed ID token's signature and answers its claims; throws when it is not genuine.
 * Verifying Google-signed tokens needs Google's public keys (a network fetch), which this local
 * server does not do, so a project that is not `demo-…` must be given one of these to start.
 */
export type IdTokenVerifier = (
  token: string,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

export interface TokenPolicy {
  projectId: string;
  /** For signed tokens; without it only unsigned tokens can be accepted (demo projects). */
  verifier?: IdTokenVerifier;
}

/** Unsigned tokens (alg "none", the Auth emulator's) prove nothing: demo projects only. */
export const acceptsUnsignedTokens = (projectId: string): boolean => projectId.startsWith('demo-');

/**
 * Verifies an ID token. Auth emulator tokens are unsigned (alg "none"): accepted for `demo-`
 * projects only, where they are all there is. Signed tokens go to the policy's verifier, and are
 * refused without one. Either way the claims are then checked: issuer and audience of our
 * project, expiry, subject.
 */
export async function verifyIdToken(
  token: string,
  policy: TokenPolicy,
  nowMs = Date.now(),
): Promise<Principal> {
  const { projectId, verifier } = policy;
  const parts = token.split('.');
  if (parts.length !== 3) throw unauthorized('Could not parse auth token.');
  const header = decodeSegment(parts[0] ?? '');
  const payload = decodeSegment(parts[1] ?? '');
  if (!isObject(header) || !isObject(payload)) throw unauthorized('Could not parse auth token.');
  let claims = payload;
  if (header.alg === 'none') {
    if (!acceptsUnsignedTokens(projectId)) {
      throw unauthorized(
        `Unsigned auth tokens are only accepted for demo- projects, not project ${projectId}`,
      );
    }
    if (parts[2] !== '') throw unauthorized('Could not parse auth token.');
  } else if (verifier) {
    try {
      claims = await verifier(token);
    } catch {
      throw unauthorized('Invalid auth token: its signature could not be verified');
    }
  } else {
    throw unauthorized(
      'Unsupported auth token: this local server accepts Auth emulator tokens (alg "none") only',
    );
  }
  return principalFromClaims(claims, projectId, nowMs);
}

function principalFromClaims(
  payload: Record<string, unknown>,
  projectId: string,
  nowMs: number,
): Principal {
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

export async function resolvePrincipal(
  { queryAuth: rawQueryAuth, authorizationHeader }: CredentialSource,
  opts: TokenPolicy & { local: boolean },
): Promise<Principal> {
  // `?auth=` with no value is no credential, so it must not hide the Authorization header.
  const queryAuth = rawQueryAuth === '' ? null : rawQueryAuth;
  let token: string | null = queryAuth;
  if (token === null && authorizationHeader !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorizationHeader);
    if (!match) throw unauthorized('Invalid Authorization header: expected "Bearer <token>"');
    token = match[1] ?? '';
  }
  if (token === null || token === '') return { kind: 'anonymous' };
  if (token === ADMIN_TOKEN && opts.local && queryAuth === null) return { kind: 'admin' };
  return verifyIdToken(token, opts);
}
