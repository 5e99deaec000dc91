// The back office's calls to the shop's trusted functions (decision 5204): each carries the
// member's ID token, and each answer is a value or the function's own message, never a throw, so
// a page always has something clear to show.
import { getAuthBackend } from '@shop/shared';
import { callFunction } from '@shop/shared/functions/callFunction';

export { searchOf } from '@shop/shared/functions/callFunction';

export type StaffAnswer<T> =
  { ok: true; value: T } | { ok: false; status: number; message: string };

export const SERVICES_UNREACHABLE =
  "The back office could not reach the shop's services. Check your connection and try again.";
const SIGNED_OUT = 'Your session has ended. Please sign in again.';

interface CallOptions {
  query?: Record<string, string | undefined>;
  body?: unknown;
}

/** Calls the function `name` (GET, or POST with `body`) as the signed-in member. */
export async function callStaffFunction<T>(
  name: string,
  { query, body }: CallOptions = {},
): Promise<StaffAnswer<T>> {
  const user = getAuthBackend().accountUser();
  if (!user) return { ok: false, status: 401, message: SIGNED_OUT };
  let token: string;
  try {
    token = await user.getIdToken();
  } catch {
    return { ok: false, status: 0, message: SERVICES_UNREACHABLE };
  }
  const call = await callFunction(name, {
    method: body === undefined ? 'GET' : 'POST',
    ...(query ? { query } : {}),
    ...(body === undefined ? {} : { body }),
    token,
  });
  if (call.status === 'unreachable' || !call.isObject) {
    const status = call.status === 'answered' ? call.httpStatus : 0;
    return { ok: false, status, message: SERVICES_UNREACHABLE };
  }
  const { httpStatus, fields } = call;
  if (call.ok) return { ok: true, value: fields as T };
  const message = typeof fields.message === 'string' ? fields.message : SERVICES_UNREACHABLE;
  return { ok: false, status: httpStatus, message };
}
