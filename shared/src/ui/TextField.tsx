import type { InputHTMLAttributes, Ref } from 'react';
import { sharedMessages, useMessages } from '@shop/shared';
import { getFieldMeta } from '../validation/fieldMeta';
// Its styles (tokens, base.css) come with the main module, which every page loads: imported here
// too, they would be bundled and inlined again by every app that imports this part (decision 1312).

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string;
  /** Defaults to FIELD_META (docs/product.md §2 labels). */
  label?: string;
  /** Message shown under the input; marks the input invalid. */
  error?: string;
  /** Hint shown under the label; defaults to the field's (FIELD_META), '' for none. */
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose label, placeholder and type default to the field's metadata. */
export function TextField({
  name,
  label,
  error,
  hint: givenHint,
  id,
  type,
  placeholder,
  inputMode,
  autoComplete,
  className,
  ...rest
}: TextFieldProps) {
  const meta = getFieldMeta(name);
  // The field table's words and the validation table's messages are English (the order function
  // checks with them too): shown in the page's language. A text the page gives is its own.
  const translate = useMessages(sharedMessages);
  const hint = givenHint ?? (meta.hint && translate(meta.hint));
  const inputId = id ?? `field-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={['shop-field', className ?? ''].filter(Boolean).join(' ')}>
      <label className="shop-field__label" htmlFor={inputId}>
        {label ?? translate(meta.label)}
      </label>
      {hint && (
        <span id={hintId} className="shop-field__hint">
          {hint}
        </span>
      )}
      <input
        {...rest}
        id={inputId}
        name={name}
        className="shop-input"
        type={type ?? meta.inputType}
        inputMode={inputMode ?? meta.inputMode}
        placeholder={placeholder ?? translate(meta.placeholder)}
        autoComplete={autoComplete ?? meta.autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error && (
        <p id={errorId} className="shop-field__error" aria-live="polite">
          {translate(error)}
        </p>
      )}
    </div>
  );
}
