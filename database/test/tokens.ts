import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Test helper: ID tokens shaped exactly like the Firebase Auth emulator's (unsigned JWT,
 * header {"alg":"none","typ":"JWT"}, empty signature). Never used by product code.
 */
export interface TokenOptions {
  uid: string;
  projectId?: string;
  provider?: string;
  /** Seconds until expiry (negative for an expired token). Default 3600. */
  expiresIn?: number;
  claims?: Record<string, unknown>;
}

const b64url = (value: unknown): string =>
  Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

export function makeEmulatorStyleToken({
  uid,
  projectId = 'demo-shop',
  provider = 'anonymous',
  expiresIn = 3600,
  claims = {},
}: TokenOptions): string {
  const iat = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: iat,
    user_id: uid,
    sub: uid,
    iat,
    exp: iat + expiresIn,
    firebase: { identities: {}, sign_in_provider: provider },
    ...claims,
  };
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.`;
}

/** A token with arbitrary header and payload, for negative tests. */
export function makeRawToken(header: unknown, payload: unknown, signature = ''): string {
  return `${b64url(header)}.${b64url(payload)}.${signature}`;
}

/**
 * Signed tokens for a non-demo project in tests: HS256 with a test secret stands in for Google's
 * RS256 keys, and `verifyTestToken` for the verifier a real deployment would pass.
 */
const TEST_SECRET = 'database-test-secret';
const hs256 = (data: string): string =>
  createHmac('sha256', TEST_SECRET).update(data).digest('base64url');

export function makeSignedToken(options: TokenOptions): string {
  const unsigned = makeEmulatorStyleToken(options).split('.');
  const head = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${unsigned[1] ?? ''}`;
  return `${head}.${hs256(head)}`;
}

export function verifyTestToken(token: string): Record<string, unknown> {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const expected = Buffer.from(hs256(`${header}.${payload}`));
  const actual = Buffer.from(signature);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new Error('bad signature');
  }
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
