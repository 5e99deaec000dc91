// Loader and action of /account/credentials (spec §2, §4, §8). The email is read from the
// account's record; the password is never readable (the identity service keeps it). Changes go
// through the identity service via @shop/shared (changeEmail also updates the stored copies).
import {
  MESSAGES,
  changeEmail,
  changePassword,
  raiseError,
  toast,
  validateField,
} from '@shop/shared';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom';
import { loadAccountEmail } from '../data/accountRecords';
import type { FieldSaveResult } from '../fields/EditableField';
import { requireAccountUid } from '../session/accountSession';

export async function credentialsLoader({ request }: LoaderFunctionArgs) {
  const uid = await requireAccountUid(request);
  // Not awaited: the page shows 'Loading credentials...' until it arrives.
  return { email: loadAccountEmail(uid) };
}

export async function credentialsAction({ request }: ActionFunctionArgs): Promise<FieldSaveResult> {
  await requireAccountUid(request);
  const form = await request.formData();
  const field = String(form.get('field') ?? '');
  const value = String(form.get('value') ?? '');
  if (field !== 'email' && field !== 'password') {
    raiseError(MESSAGES.unexpectedError, `unknown field ${field}`);
    return { ok: false, field };
  }
  const invalid = validateField(field, value);
  if (invalid) {
    raiseError(MESSAGES.unexpectedError, invalid);
    return { ok: false, field };
  }
  const result = field === 'email' ? await changeEmail(value) : await changePassword(value);
  if (!result.ok) {
    raiseError(MESSAGES.unexpectedError, result.error);
    return { ok: false, field };
  }
  toast.success(MESSAGES.fieldChanged(field));
  return { ok: true, field };
}
