// Accept in a field's editor (docs/product.md §4 "Field editing"): saves through the route's
// action with a fetcher (each row its own pending state), only when the value changed; back to the
// view once the action confirms, else stays with focus on what to fix.
import { MESSAGES } from '@shop/shared';
import type { ValidatedForm } from '@shop/shared/forms';
import { useEffect, useRef, type FormEvent, type RefObject } from 'react';
import { useFetcher } from 'react-router-dom';

export interface FieldSaveResult {
  ok: boolean;
  field: string;
  /** A refusal the shopper can act on (e.g. a wrong current password), shown in the editor. */
  error?: string;
}

/** The editor's extra field when the change needs the current password. */
export const CURRENT_PASSWORD = 'currentPassword';

/** docs/product.md §4: a save happens only if the value differs from the stored one. */
export function valueChanged(draft: string, stored: string, keepSpaces = false): boolean {
  return keepSpaces ? draft !== stored : draft.trim() !== stored.trim();
}

/** What the action is posted: the field, its draft, and the current password when asked for. */
export function fieldSaveBody(
  name: string,
  values: Partial<Record<string, string>>,
  confirmWithPassword: boolean,
): Record<string, string> {
  const body: Record<string, string> = { field: name, value: values[name] ?? '' };
  if (confirmWithPassword) body[CURRENT_PASSWORD] = values[CURRENT_PASSWORD] ?? '';
  return body;
}

/** The refusal the editor shows: the action's last one, none while a save is under way. */
export function shownRefusal(saving: boolean, result: FieldSaveResult | undefined): string {
  return !saving && result && !result.ok ? (result.error ?? '') : '';
}

interface FieldSaveOptions {
  name: string;
  /** The stored value. */
  value: string;
  keepSpaces: boolean;
  confirmWithPassword: boolean;
  form: ValidatedForm<string>;
  onDone: () => void;
  /** Where focus goes after a refusal: the current password when it was wrong, else the message. */
  currentRef: RefObject<HTMLInputElement | null>;
  errorRef: RefObject<HTMLParagraphElement | null>;
}

export function useFieldSave(options: FieldSaveOptions) {
  const { name, value, keepSpaces, confirmWithPassword, form, onDone } = options;
  const { currentRef, errorRef } = options;
  const fetcher = useFetcher<FieldSaveResult>();
  const submitted = useRef(false);
  const saving = fetcher.state !== 'idle';
  const refusal = shownRefusal(saving, fetcher.data);

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
  }, [fetcher.state, fetcher.data, onDone, currentRef, errorRef]);

  function accept(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!valueChanged(form.values[name] ?? '', value, keepSpaces)) {
      onDone();
      return;
    }
    if (!form.validateAll()) return;
    submitted.current = true;
    void fetcher.submit(fieldSaveBody(name, form.values, confirmWithPassword), { method: 'post' });
  }

  return { saving, refusal, wrongCurrent: refusal === MESSAGES.wrongCurrentPassword, accept };
}
