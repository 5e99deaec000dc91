// One row of an editable list (docs/product.md §4 "Field editing"): view → Edit → Accept (submits) or Cancel
// (restores the prior value). Accept saves only when the value differs from the stored one; the
// route's action does the saving (and the toast / global error), through a fetcher so each row
// has its own pending state. Credentials ask for the current password in the editor too
// (decision 1501); the action's refusal is shown in the editor, which stays open.
import { Button, MESSAGES, useMarket, useMessages } from '@shop/shared';
import { messages } from '../messages';
import {
  SelectField,
  TextField,
  getFieldMeta,
  useValidatedForm,
  type ValidatedForm,
} from '@shop/shared/forms';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { countryOptions } from './countryOptions';
import { CURRENT_PASSWORD, useFieldSave } from './useFieldSave';

export { CURRENT_PASSWORD, valueChanged, type FieldSaveResult } from './useFieldSave';

// Any non-empty value is tried: the identity service is the judge of the current password.
const CURRENT_PASSWORD_CHECKS = {
  [CURRENT_PASSWORD]: (value: string) => (value === '' ? MESSAGES.currentPasswordRequired : ''),
};

export interface EditableFieldProps {
  /** The field name, also the key of the validation rule (docs/product.md §5) and of FIELD_META. */
  name: string;
  label: string;
  /** The stored value. */
  value: string;
  /** What the view shows; defaults to the value. */
  display?: ReactNode;
  /** Extra buttons of the view (e.g. Show/Hide), placed before Edit. */
  viewActions?: ReactNode;
  /** The editor starts empty (a new password) instead of with the stored value. */
  startEmpty?: boolean;
  /** A select of countries instead of a text input. */
  asCountrySelect?: boolean;
  /** The editor's input label when it should differ from the row's (e.g. 'New password'). */
  inputLabel?: string;
  /** The change needs the current password (re-authentication, decision 1501). */
  confirmWithPassword?: boolean;
  /**
   * Spaces around the value count (a password). Otherwise they are not part of the value: a
   * draft that differs from the stored value only by them is unchanged, and the action saves the
   * value trimmed (decision 0005).
   */
  keepSpaces?: boolean;
}

export function EditableField(props: EditableFieldProps) {
  const t = useMessages(messages);
  const { language } = useMarket();
  const { name, label, display, viewActions } = props;
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  return (
    <div className="account-field" data-field={name}>
      <dt className="account-field__label">{label}</dt>
      <dd className="account-field__body">
        {editing ? (
          <FieldEditor {...props} onDone={close} />
        ) : (
          <div className="account-field__view">
            <span className="account-field__value">{display ?? props.value}</span>
            <span className="account-field__actions">
              {viewActions}
              <Button
                ref={editButton}
                variant="secondary"
                size="small"
                onClick={() => setEditing(true)}
                // English names the field in lower case ("Edit email"); German keeps its nouns.
                aria-label={t('Edit {field}', {
                  field: language === 'en' ? label.toLowerCase() : label,
                })}
              >
                {t('Edit')}
              </Button>
            </span>
          </div>
        )}
      </dd>
    </div>
  );
}

/** The editor's form: the field, opened with `opening`, and the current password if asked for. */
function useEditorForm(name: string, opening: string, confirmWithPassword: boolean) {
  const fields = useMemo(
    () => (confirmWithPassword ? [name, CURRENT_PASSWORD] : [name]),
    [name, confirmWithPassword],
  );
  const initial = useMemo(
    () => ({ [name]: opening }),
    // The editor keeps the value it opened with, even if the stored one is revalidated meanwhile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return useValidatedForm(fields, { initial, validators: CURRENT_PASSWORD_CHECKS });
}

function FieldEditor({
  name,
  label,
  value,
  startEmpty = false,
  asCountrySelect = false,
  keepSpaces = false,
  inputLabel,
  confirmWithPassword = false,
  onDone,
}: EditableFieldProps & { onDone: () => void }) {
  const t = useMessages(messages);
  const form = useEditorForm(name, startEmpty ? '' : value, confirmWithPassword);
  const inputRef = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const currentRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const formId = useId();
  const { saving, refusal, wrongCurrent, accept } = useFieldSave({
    name,
    value,
    keepSpaces,
    confirmWithPassword,
    form,
    onDone,
    currentRef,
    errorRef,
  });

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };
  const fieldProps = {
    ...form.getFieldProps(name),
    id: `${formId}-${name}`,
    label: inputLabel ?? label,
    error: form.errors[name] ?? '',
    ref: inputRef,
    disabled: saving,
    onKeyDown,
  };

  return (
    <form className="account-field__editor" onSubmit={accept} noValidate>
      {asCountrySelect ? (
        <SelectField
          {...fieldProps}
          options={countryOptions(value)}
          placeholder={t('Select a country...')}
        />
      ) : (
        <TextField
          {...fieldProps}
          autoComplete={name === 'password' ? 'new-password' : getFieldMeta(name).autoComplete}
        />
      )}
      {confirmWithPassword ? (
        <CurrentPasswordField
          {...{ form, saving, onKeyDown, currentRef }}
          id={`${formId}-${CURRENT_PASSWORD}`}
          error={wrongCurrent ? refusal : (form.errors[CURRENT_PASSWORD] ?? '')}
        />
      ) : null}
      {refusal && !wrongCurrent ? (
        <p ref={errorRef} className="account-field__error" role="alert" tabIndex={-1}>
          {refusal}
        </p>
      ) : null}
      <EditorActions saving={saving} canAccept={form.isValid} onCancel={onDone} />
    </form>
  );
}

/** Accept (submits the editor) and Cancel. */
function EditorActions(props: { saving: boolean; canAccept: boolean; onCancel: () => void }) {
  const t = useMessages(messages);
  return (
    <span className="account-field__actions">
      <Button type="submit" size="small" busy={props.saving} disabled={!props.canAccept}>
        {t('Accept')}
      </Button>
      <Button variant="ghost" size="small" onClick={props.onCancel} disabled={props.saving}>
        {t('Cancel')}
      </Button>
    </span>
  );
}

interface CurrentPasswordFieldProps {
  id: string;
  form: ValidatedForm<string>;
  error: string;
  saving: boolean;
  onKeyDown: (event: KeyboardEvent) => void;
  currentRef: RefObject<HTMLInputElement | null>;
}

/** The current password, asked for in the editor when the change needs it (decision 1501). */
function CurrentPasswordField({
  id,
  form,
  error,
  saving,
  onKeyDown,
  currentRef,
}: CurrentPasswordFieldProps) {
  const t = useMessages(messages);
  return (
    <TextField
      {...form.getFieldProps(CURRENT_PASSWORD)}
      id={id}
      className="account-field__current"
      label={t('Current password')}
      type="password"
      placeholder={t('Enter current password...')}
      autoComplete="current-password"
      ref={currentRef}
      disabled={saving}
      onKeyDown={onKeyDown}
      error={error}
    />
  );
}
