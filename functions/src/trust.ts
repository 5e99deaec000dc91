// Who is calling, and with which credential the function reaches the database: the one small
// interface between the handler and the environment it runs in.
// - Local (Functions emulator, project `demo-…`): Auth emulator ID tokens are unsigned; they are
//   accepted for demo- projects only, with the database server's own check (iss, aud, exp, sub);
//   the database credential is the emulators' admin token.
// - Production: firebase-admin verifies the token's signature (then the same claim checks); the
//   database credential is the service account's OAuth access token.
import {
  type IdTokenVerifier,
  type Principal,
  acceptsUnsignedTokens,
  ADMIN_TOKEN,
  verifyIdToken,
} from '../../database/src/auth';

export interface Caller {
  uid: string;
  /** firebase.sign_in_provider: 'anonymous' for a session, 'password' for an account. */
  provider: string | null;
  /** The token's `email` claim (an account's sign-in email; none for a session). */
  email: string | null;
  /** The token's `email_verified` claim: true once the owner proved the email is theirs. */
  emailVerified: boolean;
}

export interface Trust {
  /** The caller of an ID token; throws (→ 401) when the token proves nothing. */
  verifyCaller(idToken: string): Promise<Caller>;
  /** `Authorization: Bearer` value for the database REST API, with rules bypassed. */
  databaseCredential(): Promise<string>;
}

export class Unauthenticated extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Unauthenticated';
  }
}

/** The ID token of `Authorization: Bearer <token>`, or null when there is none. */
export function bearerTokenOf(
  headers: Record<string, string | string[] | undefined>,
): string | null {
  const raw = headers.authorization ?? headers.Authorization;
  const header = Array.isArray(raw) ? raw[0] : raw;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

function callerOf(principal: Principal): Caller {
  if (principal.kind !== 'user') throw new Unauthenticated('No ID token');
  const { token } = principal.auth;
  return {
    uid: principal.auth.uid,
    provider: principal.auth.provider,
    email: typeof token.email === 'string' ? token.email : null,
    emailVerified: token.email_verified === true,
  };
}

async function verified(token: string, projectId: string, verifier?: IdTokenVerifier) {
  try {
    return callerOf(await verifyIdToken(token, verifier ? { projectId, verifier } : { projectId }));
  } catch (error) {
    throw new Unauthenticated(error instanceof Error ? error.message : 'Invalid ID token');
  }
}

/** Emulator trust: demo- projects only (refuses to be made for anything else). */
export function localTrust(projectId: string): Trust {
  if (!acceptsUnsignedTokens(projectId)) {
    throw new Error(
      `localTrust is for demo- projects only (unsigned emulator tokens), not project ${projectId}`,
    );
  }
  return {
    verifyCaller: (token) => verified(token, projectId),
    databaseCredential: () => Promise.resolve(ADMIN_TOKEN),
  };
}

/** Production trust: Google-signed ID tokens, the service account's access token. */
export function productionTrust(projectId: string): Trust {
  // Loaded on first use only: the emulator path never pays for firebase-admin.
  const admin = (async () => {
    const app = await import('firebase-admin/app');
    const auth = await import('firebase-admin/auth');
    const instance = app.getApps()[0] ?? app.initializeApp();
    return { credential: app.applicationDefault(), auth: auth.getAuth(instance) };
  })();
  let cached: { token: string; expiresAtMs: number } | null = null;
  return {
    verifyCaller: async (token) =>
      verified(token, projectId, async (t) => {
        const decoded = await (await admin).auth.verifyIdToken(t);
        return decoded as unknown as Record<string, unknown>;
      }),
    databaseCredential: async () => {
      if (cached && cached.expiresAtMs - 60_000 > Date.now()) return cached.token;
      const { access_token, expires_in } = await (await admin).credential.getAccessToken();
      cached = { token: access_token, expiresAtMs: Date.now() + expires_in * 1000 };
      return access_token;
    },
  };
}
