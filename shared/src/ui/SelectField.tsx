import type { Ref, SelectHTMLAttributes } from 'react';
import { sharedMessages, useMessages } from '@shop/shared';
import { getFieldMeta } from '../validation/fieldMeta';
// Its styles (tokens, base.css) come with the main module, which every page loads: imported here
// too, they would be bundled and inlined again by every app that imports this part (decision 1312).

export type SelectOption = string | { value: string; label: string };

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> {
  name: string;
  options: readonly SelectOption[];
  label?: string;
  /** First, empty choice (e.g. 'Select a country...'); omitted when not given. */
  placeholder?: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({
  name,
  options,
  label,
  placeholder,
  error,
  id,
  className,
  ...rest
}: SelectFieldProps) {
  // As TextField's: the field table's label and the validation messages in the page's language.
  const translate = useMessages(sharedMessages);
  const selectId = id ?? `field-${name}`;
  const errorId = `${selectId}-error`;
  return (
    <div className={['shop-field', className ?? ''].filter(Boolean).join(' ')}>
      <label className="shop-field__label" htmlFor={selectId}>
        {label ?? translate(getFieldMeta(name).label)}
      </label>
      <select
        {...rest}
        id={selectId}
        name={name}
        className="shop-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value, label: text } =
            typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      {error && (
        <p id={errorId} className="shop-field__error" aria-live="polite">
          {translate(error)}
        </p>
      )}
    </div>
  );
}
