// The back office's calls to the shop's trusted functions (decision 5204): each carries the
// member's ID token, and each answer is a value or the function's own message, never a throw, so
// a page always has something clear to show.
import { getAuthBackend, getFunctionsUrl } from '@shop/shared';

export type StaffAnswer<T> =
  { ok: true; value: T } | { ok: false; status: number; message: string };

export const SERVICES_UNREACHABLE =
  "The back office could not reach the shop's services. Check your connection and try again.";
const SIGNED_OUT = 'Your session has ended. Please sign in again.';

interface CallOptions {
  query?: Record<string, string | undefined>;
  body?: unknown;
}

/** `?a=1&b=2` of the values given (empty ones left out), or '' when none is: a call's or a link's. */
export const searchOf = (query: Record<string, string | undefined> = {}): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Calls the function `name` (GET, or POST with `body`) as the signed-in member. */
export async function callStaffFunction<T>(
  name: string,
  { query, body }: CallOptions = {},
): Promise<StaffAnswer<T>> {
  const user = getAuthBackend().accountUser();
  if (!user) return { ok: false, status: 401, message: SIGNED_OUT };
  let response: Response;
  try {
    const token = await user.getIdToken();
    response = await fetch(`${getFunctionsUrl()}/${name}${searchOf(query)}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, status: 0, message: SERVICES_UNREACHABLE };
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    return { ok: false, status: response.status, message: SERVICES_UNREACHABLE };
  }
  if (response.ok) return { ok: true, value: parsed as T };
  const message =
    typeof parsed === 'object' && parsed !== null && 'message' in parsed
      ? String((parsed as { message: unknown }).message)
      : SERVICES_UNREACHABLE;
  return { ok: false, status: response.status, message };
}
