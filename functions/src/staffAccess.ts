// Who may use the staff functions (decision 5201): the caller of a staff member's ID token, with
// the roles of their staff record (`staff/{uid}`), never the token's claims (an emulator token's
// claims are unsigned). The status function and the back office's reading functions (decision
// 5204) check callers here, and answer their own refusals the same way.
import { STAFF_PATHS, type StaffRole, rolesOf } from '@shop/shared/staff/staffVocabulary';
import type { HttpRequest, HttpResponse } from './http';
import type { DatabaseClient } from './restDatabase';
import { type Caller, type Trust, bearerTokenOf } from './trust';
import { type UnexpectedTexts, sendUnexpected } from './unexpected';

/** A refusal a staff function answers on purpose: `{ error: code, message, ...extra }`. */
export class StaffRefusal<Code extends string = string> extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: Code,
    message: string,
    /** More fields of the answer (the status function's `status` of a changed order). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface StaffMember {
  caller: Caller;
  roles: StaffRole[];
}

/**
 * The staff member calling: 401 without a bearer token (a token that proves nothing throws
 * `Unauthenticated`, which sendUnexpected answers 401), 403 when their record grants no role.
 * `refused` says what only staff may do.
 */
export async function staffMember(
  deps: { trust: Trust; database: DatabaseClient },
  req: HttpRequest,
  refused: string,
): Promise<StaffMember> {
  const token = bearerTokenOf(req.headers);
  if (!token) {
    throw new StaffRefusal(401, 'unauthenticated', 'Send "Authorization: Bearer <ID token>".');
  }
  const caller = await deps.trust.verifyCaller(token);
  const roles = rolesOf(await deps.database.get<unknown>(STAFF_PATHS.member(caller.uid)));
  if (roles.length === 0) throw new StaffRefusal(403, 'forbidden', refused);
  return { caller, roles };
}

/** A refusal with its status and words; anything else as every function answers it. */
export function sendStaffFailure(
  res: HttpResponse,
  error: unknown,
  texts: UnexpectedTexts,
  log: (message: string) => void,
): void {
  if (error instanceof StaffRefusal) {
    res
      .status(error.httpStatus)
      .json({ error: error.code, message: error.message, ...error.extra });
  } else {
    sendUnexpected(res, error, texts, log);
  }
}
