// Route module "./personal-information" (/account/personal-information). Loader and action of
// /account/personal-information (docs/product.md §2, §4, §5, §8).
import { MESSAGES, raiseError, toast } from '@shop/shared';
import { validateField } from '@shop/shared/forms';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom';
import {
  PERSONAL_INFORMATION_FIELDS,
  type PersonalInformationField,
  loadPersonalInformation,
  savePersonalInformationField,
} from '../data/accountRecords';
import type { FieldSaveResult } from '../fields/EditableField';
import { spokenFieldName } from '../fields/fieldNames';
import { requireAccountUid } from '../session/accountSession';
import { PersonalInformationPage } from './PersonalInformationPage';
import { messages } from '../messages';

const isPersonalField = (field: string): field is PersonalInformationField =>
  (PERSONAL_INFORMATION_FIELDS as readonly string[]).includes(field);

export async function loader({ request }: LoaderFunctionArgs) {
  const uid = await requireAccountUid(request);
  // Not awaited: the page shows 'Loading personal information...' until it arrives.
  return { personalInformation: loadPersonalInformation(uid) };
}

export async function action({ request }: ActionFunctionArgs): Promise<FieldSaveResult> {
  const uid = await requireAccountUid(request);
  const form = await request.formData();
  const field = String(form.get('field') ?? '');
  // Saved trimmed: spaces around a name or an address are never meant (decision 0005).
  const value = String(form.get('value') ?? '').trim();
  // docs/product.md §5: the check of the field; an unknown field gets the 'any other field' message.
  const invalid = isPersonalField(field) ? validateField(field, value) : validateField(field, '');
  if (!isPersonalField(field) || invalid) {
    raiseError(MESSAGES.unexpectedError, invalid);
    return { ok: false, field };
  }
  const result = await savePersonalInformationField(uid, field, value);
  if (!result.ok) {
    raiseError(MESSAGES.unexpectedError, result.error);
    return { ok: false, field };
  }
  toast.success(MESSAGES.fieldChanged(spokenFieldName(field)));
  return { ok: true, field };
}

export const handle = { title: 'Personal information', messages };
export const Component = PersonalInformationPage;
