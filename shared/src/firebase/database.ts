// The one fetch helper for the Realtime Database REST API (docs/product.md §7). Never throws: every call
// resolves to { status: 200, response } or { status: 500, error: { code, message, httpStatus? } }.
// The ID token is chosen by path: `users/validated/...` uses the signed-in account's token,
// everything else the anonymous session's. Tokens come from user.getIdToken(), which the SDK
// refreshes shortly before they expire; a 401 is retried once with a forced refresh.
import { DATABASE_TIMEOUT_MS, MESSAGES } from '../constants';
import type { DatabaseError, WriteResult } from '../types';
import type { AuthUser } from './authBackend';
import type { DataAnswer, DataFetch } from './dataAnswer';
import { databaseUrl, pathSegments } from './databaseUrl';
import { identityForPath, userForPath } from './identityForPath';

export { databaseUrl, identityForPath, pathSegments };

export type WriteMethod = 'PUT' | 'POST' | 'PATCH' | 'DELETE';
export type { DataAnswer, DataFetch };

/**
 * The fetch used for the database when a test sets one (fakes at the HTTP boundary). Never set by
 * the product: a server render reads through its request's own fetch (shopContext.ts), and the
 * database's private reads happen only in the browser, one page per module instance.
 */
let databaseFetch: DataFetch | null = null;

/** Replaces the fetch used for the database (tests, fakes at the HTTP boundary); null resets. */
export function setDatabaseFetch(fetchImpl: DataFetch | null): void {
  databaseFetch = fetchImpl;
}

/**
 * The fetch the database's reads go through now: the one set for tests, else the global one (as
 * it is at the call: tests replace it). A page's public reads default to it (shopContext.ts).
 */
export function databaseFetchNow(): DataFetch {
  return databaseFetch ?? globalThis.fetch;
}

const failure = (error: DatabaseError): WriteResult<never> => ({ status: 500, error });

const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : String(error ?? 'unknown error');

async function request<T>(
  path: string,
  method: 'GET' | WriteMethod,
  body?: unknown,
  via: DataFetch = databaseFetchNow(),
): Promise<WriteResult<T | null>> {
  let user: AuthUser | null | 'missing-account';
  try {
    user = await userForPath(path);
  } catch (error) {
    return failure({ code: 'auth-unavailable', message: errorMessage(error) });
  }
  if (user === 'missing-account') {
    return failure({ code: 'not-signed-in', message: MESSAGES.notSignedIn });
  }

  for (let attempt = 0; attempt < 2; attempt += 1) {
    let token: string | undefined;
    try {
      token = user ? await user.getIdToken(attempt > 0) : undefined;
    } catch (error) {
      return failure({ code: 'token-unavailable', message: errorMessage(error) });
    }

    const controller = typeof AbortController !== 'undefined' ? new AbortController() : null;
    const timer = controller ? setTimeout(() => controller.abort(), DATABASE_TIMEOUT_MS) : null;
    let response: DataAnswer;
    try {
      const init: RequestInit = { method };
      if (controller) init.signal = controller.signal;
      if (body !== undefined && method !== 'GET' && method !== 'DELETE') {
        init.body = JSON.stringify(body);
        init.headers = { 'Content-Type': 'application/json' };
      }
      response = await via(databaseUrl(path, token), init);
    } catch (error) {
      const timedOut = controller?.signal.aborted ?? false;
      return failure({
        code: timedOut ? 'timeout' : 'network-error',
        message: timedOut
          ? `The database did not answer within ${DATABASE_TIMEOUT_MS / 1000} s.`
          : `Couldn't reach the database: ${errorMessage(error)}`,
      });
    } finally {
      if (timer) clearTimeout(timer);
    }

    let text = '';
    let parsed: unknown = null;
    try {
      text = await response.text();
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      if (response.ok) {
        return failure({
          code: 'invalid-response',
          message: 'The database sent an unreadable answer.',
        });
      }
    }

    if (response.ok) return { status: 200, response: parsed as T | null };
    // An expired or revoked token: retry once with a forced refresh.
    if (response.status === 401 && user && attempt === 0) continue;
    const serverMessage =
      parsed && typeof parsed === 'object' && 'error' in parsed
        ? String((parsed as { error: unknown }).error)
        : text || response.statusText || 'Request failed';
    return failure({
      code: String(response.status),
      message: serverMessage,
      httpStatus: response.status,
    });
  }
  /* istanbul ignore next -- the loop always returns */
  return failure({ code: 'unknown', message: 'Request failed' });
}

/**
 * GET path; a missing value is `null` (docs/product.md §7). `via`: the fetch to read with, a
 * request's public reads (`shopContext.fetchPublic`) for public data read in a render.
 */
export function getData<T = unknown>(
  path: string,
  via?: DataFetch,
): Promise<WriteResult<T | null>> {
  return request<T>(path, 'GET', undefined, via);
}

/** Write `body` to `path` with PUT (default), POST, PATCH or DELETE (docs/product.md §7). */
export function setData<T = unknown>(
  path: string,
  body: unknown,
  method: WriteMethod = 'PUT',
): Promise<WriteResult<T | null>> {
  return request<T>(path, method, body);
}
