// One row of an editable list (docs/product.md §4 "Field editing"): view → Edit → Accept (submits) or Cancel
// (restores the prior value). Accept saves only when the value differs from the stored one; the
// route's action does the saving (and the toast / global error), through a fetcher so each row
// has its own pending state. Credentials ask for the current password in the editor too
// (decision 1501); the action's refusal is shown in the editor, which stays open.
import { Button, MESSAGES } from '@shop/shared';
import {
  COUNTRIES,
  SelectField,
  TextField,
  getFieldMeta,
  useValidatedForm,
} from '@shop/shared/forms';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useFetcher } from 'react-router-dom';

export interface FieldSaveResult {
  ok: boolean;
  field: string;
  /** A refusal the shopper can act on (e.g. a wrong current password), shown in the editor. */
  error?: string;
}

/** The editor's extra field when the change needs the current password. */
export const CURRENT_PASSWORD = 'currentPassword';
const CURRENT_PASSWORD_LABEL = 'Current password';
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

/** docs/product.md §4: a save happens only if the value differs from the stored one. */
export function valueChanged(draft: string, stored: string, keepSpaces = false): boolean {
  return keepSpaces ? draft !== stored : draft.trim() !== stored.trim();
}

export function EditableField(props: EditableFieldProps) {
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
                aria-label={`Edit ${label.toLowerCase()}`}
              >
                Edit
              </Button>
            </span>
          </div>
        )}
      </dd>
    </div>
  );
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
  const fields = useMemo(
    () => (confirmWithPassword ? [name, CURRENT_PASSWORD] : [name]),
    [name, confirmWithPassword],
  );
  const initial = useMemo(
    () => ({ [name]: startEmpty ? '' : value }),
    // The editor keeps the value it opened with, even if the stored one is revalidated meanwhile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const form = useValidatedForm(fields, { initial, validators: CURRENT_PASSWORD_CHECKS });
  const fetcher = useFetcher<FieldSaveResult>();
  const inputRef = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const currentRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const formId = useId();
  const submitted = useRef(false);
  const saving = fetcher.state !== 'idle';
  const draft = form.values[name] ?? '';
  const refusal = !saving && fetcher.data && !fetcher.data.ok ? (fetcher.data.error ?? '') : '';
  const wrongCurrent = refusal === MESSAGES.wrongCurrentPassword;

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  // Back to the view once the action confirms the save; on failure stay in the editor, with
  // focus on what to fix: the current password when it was wrong, else the message.
  useEffect(() => {
    if (submitted.current && fetcher.state === 'idle' && fetcher.data) {
      submitted.current = false;
      if (fetcher.data.ok) onDone();
      else if (fetcher.data.error === MESSAGES.wrongCurrentPassword) {
        currentRef.current?.focus();
        currentRef.current?.select(); // typing replaces the wrong one
      } else if (fetcher.data.error) errorRef.current?.focus();
    }
  }, [fetcher.state, fetcher.data, onDone]);

  function accept(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!valueChanged(draft, value, keepSpaces)) {
      onDone();
      return;
    }
    if (!form.validateAll()) return;
    submitted.current = true;
    const body: Record<string, string> = { field: name, value: draft };
    if (confirmWithPassword) body[CURRENT_PASSWORD] = form.values[CURRENT_PASSWORD] ?? '';
    void fetcher.submit(body, { method: 'post' });
  }

  const error = form.errors[name] ?? '';
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
    error,
    ref: inputRef,
    disabled: saving,
    onKeyDown,
  };
  const meta = getFieldMeta(name);

  return (
    <form className="account-field__editor" onSubmit={accept} noValidate>
      {asCountrySelect ? (
        <SelectField
          {...fieldProps}
          // A stored country outside our list (typed elsewhere) stays choosable.
          options={value && !COUNTRIES.includes(value) ? [value, ...COUNTRIES] : COUNTRIES}
          placeholder="Select a country..."
        />
      ) : (
        <TextField
          {...fieldProps}
          autoComplete={name === 'password' ? 'new-password' : meta.autoComplete}
        />
      )}
      {confirmWithPassword ? (
        <TextField
          {...form.getFieldProps(CURRENT_PASSWORD)}
          id={`${formId}-${CURRENT_PASSWORD}`}
          className="account-field__current"
          label={CURRENT_PASSWORD_LABEL}
          type="password"
          placeholder="Enter current password..."
          autoComplete="current-password"
          ref={currentRef}
          disabled={saving}
          onKeyDown={onKeyDown}
          error={wrongCurrent ? refusal : (form.errors[CURRENT_PASSWORD] ?? '')}
        />
      ) : null}
      {refusal && !wrongCurrent ? (
        <p ref={errorRef} className="account-field__error" role="alert" tabIndex={-1}>
          {refusal}
        </p>
      ) : null}
      <span className="account-field__actions">
        <Button type="submit" size="small" busy={saving} disabled={!form.isValid}>
          Accept
        </Button>
        <Button variant="ghost" size="small" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
      </span>
    </form>
  );
}
