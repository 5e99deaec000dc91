// Labels, placeholders and input types of the form fields (docs/product.md §2).
import type { HTMLAttributes } from 'react';
import { TEL_FORMAT_HINT, type FieldName } from './rules';

export interface FieldMeta {
  label: string;
  placeholder: string;
  /** The `type` attribute of the input. */
  inputType: 'email' | 'tel' | 'password' | 'text';
  /**
   * zipCode is "a numeric input": we render `type="text" inputMode="numeric"` so ZIP codes with
   * leading zeros, letters or spaces (UK, Canada) survive and mobile keyboards show digits.
   */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  /** Shown under the label: how to write a value the rule accepts. */
  hint?: string;
}

const capitalise = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

const KNOWN: Record<FieldName, FieldMeta> = {
  name: { label: 'Name', placeholder: 'Enter name...', inputType: 'text', autoComplete: 'name' },
  email: {
    label: 'Email address',
    placeholder: 'Enter email...',
    inputType: 'email',
    autoComplete: 'email',
  },
  tel: {
    label: 'Phone number',
    placeholder: 'Enter phone number...',
    inputType: 'tel',
    autoComplete: 'tel',
    hint: TEL_FORMAT_HINT,
  },
  address: {
    label: 'Address',
    placeholder: 'Enter address...',
    inputType: 'text',
    autoComplete: 'street-address',
  },
  city: {
    label: 'City',
    placeholder: 'Enter city...',
    inputType: 'text',
    autoComplete: 'address-level2',
  },
  zipCode: {
    label: 'ZIP Code',
    placeholder: 'Enter ZIP code...',
    inputType: 'text',
    inputMode: 'numeric',
    autoComplete: 'postal-code',
  },
  password: {
    label: 'Password',
    placeholder: 'Enter password...',
    inputType: 'password',
    autoComplete: 'current-password',
  },
  country: {
    label: 'Country',
    placeholder: 'Enter value...',
    inputType: 'text',
    autoComplete: 'country-name',
  },
};

/** Metadata of any field name: known fields from the table, others capitalised / 'Enter value...'. */
export function getFieldMeta(name: string): FieldMeta {
  return (
    (Object.prototype.hasOwnProperty.call(KNOWN, name) ? KNOWN[name as FieldName] : undefined) ?? {
      label: capitalise(name).replace(/-/g, ' '),
      placeholder: 'Enter value...',
      inputType: 'text',
    }
  );
}

/**
 * FIELD_META[name] → { label, placeholder, inputType }. Unknown names get the defaults too at run
 * time (capitalised label, 'Enter value...', text); prefer getFieldMeta(name) for arbitrary names.
 */
export const FIELD_META: Readonly<Record<FieldName, FieldMeta>> &
  Readonly<Record<string, FieldMeta | undefined>> = new Proxy(KNOWN, {
  get: (target, prop) => (typeof prop === 'string' ? getFieldMeta(prop) : undefined),
  has: () => true,
});
