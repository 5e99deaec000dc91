// The form of one address (add or edit): the details form's fields but the email, checked with
// the one validation table (@shop/shared/forms), as the checkout checks them.
import { Button, useMessages } from '@shop/shared';
import { messages } from '../messages';
import {
  ADDRESS_FIELDS,
  EMPTY_ADDRESS,
  toAddress,
  type AddressField,
  type SavedAddress,
} from '@shop/shared/address-book';
import { SelectField, TextField, useValidatedForm, type ValidatedForm } from '@shop/shared/forms';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { countryOptions } from '../fields/countryOptions';

export interface AddressFormProps {
  /** The address edited; none for a new one. */
  initial?: SavedAddress;
  /** Offer "Make this my default address" (not for the default itself). */
  offerDefault: boolean;
  submitLabel: string;
  onSave: (address: SavedAddress, makeDefault: boolean) => Promise<boolean>;
  onCancel: () => void;
}

/** Save: checks every field, then hands the address (and "default" ticked or not) to `onSave`. */
function useAddressSave(form: ValidatedForm<AddressField>, onSave: AddressFormProps['onSave']) {
  const [makeDefault, setMakeDefault] = useState(false);
  const [saving, setSaving] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || !form.validateAll()) return;
    setSaving(true);
    const saved = await onSave(toAddress(form.values), makeDefault);
    // Saved: the parent closes this form. Not saved: stay, nothing typed is lost.
    if (!saved) setSaving(false);
  }
  return { saving, makeDefault, setMakeDefault, submit };
}

export function AddressForm({
  initial,
  offerDefault,
  submitLabel,
  onSave,
  onCancel,
}: AddressFormProps) {
  const t = useMessages(messages);
  const form = useValidatedForm<AddressField>(ADDRESS_FIELDS, {
    initial: initial ?? EMPTY_ADDRESS,
  });
  const { saving, makeDefault, setMakeDefault, submit } = useAddressSave(form, onSave);
  const firstField = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => firstField.current?.focus(), []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !saving) {
      event.preventDefault();
      onCancel();
    }
  };
  const field = (name: Exclude<AddressField, 'country'>) => (
    <TextField
      {...form.getFieldProps(name)}
      id={`${id}-${name}`}
      ref={name === 'name' ? firstField : undefined}
      error={form.errors[name]}
      required
      aria-required="true"
      disabled={saving}
      onKeyDown={onKeyDown}
      className={`address-form__field address-form__field--${name}`}
    />
  );

  return (
    <form className="address-form" onSubmit={(e) => void submit(e)} noValidate>
      {field('name')}
      {field('tel')}
      {field('address')}
      {field('city')}
      {field('zipCode')}
      <SelectField
        {...form.getFieldProps('country')}
        id={`${id}-country`}
        options={countryOptions(form.values.country)}
        placeholder={t('Select a country...')}
        error={form.errors.country}
        required
        aria-required="true"
        autoComplete="country-name"
        disabled={saving}
        onKeyDown={onKeyDown}
        className="address-form__field address-form__field--country"
      />
      {offerDefault ? (
        <DefaultAddressCheckbox
          id={`${id}-default`}
          checked={makeDefault}
          onChange={setMakeDefault}
          onKeyDown={onKeyDown}
          disabled={saving}
        />
      ) : null}
      <FormActions
        submitLabel={submitLabel}
        saving={saving}
        canSave={form.isValid}
        onCancel={onCancel}
      />
    </form>
  );
}

interface DefaultAddressCheckboxProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  disabled: boolean;
}

function DefaultAddressCheckbox({ id, onChange, ...input }: DefaultAddressCheckboxProps) {
  const t = useMessages(messages);
  return (
    <div className="address-form__default">
      <input type="checkbox" id={id} onChange={(e) => onChange(e.target.checked)} {...input} />
      <label htmlFor={id}>{t('Make this my default address')}</label>
    </div>
  );
}

interface FormActionsProps {
  submitLabel: string;
  saving: boolean;
  canSave: boolean;
  onCancel: () => void;
}

function FormActions({ submitLabel, saving, canSave, onCancel }: FormActionsProps) {
  const t = useMessages(messages);
  return (
    <span className="account-field__actions address-form__actions">
      <Button
        type="submit"
        size="small"
        busy={saving}
        busyLabel={t('Saving...')}
        disabled={!canSave}
      >
        {submitLabel}
      </Button>
      <Button variant="ghost" size="small" onClick={onCancel} disabled={saving}>
        {t('Cancel')}
      </Button>
    </span>
  );
}
