// Route module "./credentials" (/account/credentials). Loader and action of /account/credentials
// (docs/product.md §2, §4, §8). The email is read from the account's record; the password is never
// readable (the identity service keeps it). Changes go through the identity service via
// @shop/shared (changeEmail also updates the stored copies), each after the current password is
// proven again (decision 1501).
import { MESSAGES, raiseError, toast } from '@shop/shared';
import { validateField } from '@shop/shared/forms';
import { changeEmail, changePassword } from '@shop/shared/accounts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom';
import { loadAccountEmail } from '../data/accountRecords';
import { CURRENT_PASSWORD, type FieldSaveResult } from '../fields/EditableField';
import { requireAccountUid } from '../session/accountSession';
import { CredentialsPage } from './CredentialsPage';
import { messages } from '../messages';

export async function loader({ request }: LoaderFunctionArgs) {
  const uid = await requireAccountUid(request);
  // Not awaited: the page shows 'Loading credentials...' until it arrives.
  return { email: loadAccountEmail(uid) };
}

export async function action({ request }: ActionFunctionArgs): Promise<FieldSaveResult> {
  await requireAccountUid(request);
  const form = await request.formData();
  const field = String(form.get('field') ?? '');
  const value = String(form.get('value') ?? '');
  // Always asked for: an empty one is refused by changeEmail/changePassword with a clear message.
  const currentPassword = String(form.get(CURRENT_PASSWORD) ?? '');
  if (field !== 'email' && field !== 'password') {
    raiseError(MESSAGES.unexpectedError, `unknown field ${field}`);
    return { ok: false, field };
  }
  const invalid = validateField(field, value);
  if (invalid) {
    raiseError(MESSAGES.unexpectedError, invalid);
    return { ok: false, field };
  }
  const result =
    field === 'email'
      ? await changeEmail(value, currentPassword)
      : await changePassword(value, currentPassword);
  // The identity service's refusals are sentences the shopper can act on (a wrong current
  // password, an email already in use, ...): shown in the editor, which stays open.
  if (!result.ok) return { ok: false, field, error: result.error };
  toast.success(MESSAGES.fieldChanged(field));
  return { ok: true, field };
}

export const handle = { title: 'Credentials', messages };
export const Component = CredentialsPage;
