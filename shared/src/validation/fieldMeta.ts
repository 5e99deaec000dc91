// Labels, placeholders and input types of the form fields (docs/product.md §2), in English; the
// fields show them in the page's language (decision 5101).
import type { HTMLAttributes } from 'react';
import { translatable } from '../i18n/translatable';
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
  name: {
    label: translatable('Name'),
    placeholder: translatable('Enter name...'),
    inputType: 'text',
    autoComplete: 'name',
  },
  email: {
    label: translatable('Email address'),
    placeholder: translatable('Enter email...'),
    inputType: 'email',
    autoComplete: 'email',
  },
  tel: {
    label: translatable('Phone number'),
    placeholder: translatable('Enter phone number...'),
    inputType: 'tel',
    autoComplete: 'tel',
    hint: TEL_FORMAT_HINT,
  },
  address: {
    label: translatable('Address'),
    placeholder: translatable('Enter address...'),
    inputType: 'text',
    autoComplete: 'street-address',
  },
  city: {
    label: translatable('City'),
    placeholder: translatable('Enter city...'),
    inputType: 'text',
    autoComplete: 'address-level2',
  },
  zipCode: {
    label: translatable('ZIP Code'),
    placeholder: translatable('Enter ZIP code...'),
    inputType: 'text',
    inputMode: 'numeric',
    autoComplete: 'postal-code',
  },
  password: {
    label: translatable('Password'),
    placeholder: translatable('Enter password...'),
    inputType: 'password',
    autoComplete: 'current-password',
  },
  country: {
    label: translatable('Country'),
    placeholder: translatable('Enter value...'),
    inputType: 'text',
    autoComplete: 'country-name',
  },
};

/** Metadata of any field name: known fields from the table, others capitalised / 'Enter value...'. */
export function getFieldMeta(name: string): FieldMeta {
  return (
    (Object.prototype.hasOwnProperty.call(KNOWN, name) ? KNOWN[name as FieldName] : undefined) ?? {
      label: capitalise(name).replace(/-/g, ' '),
      placeholder: translatable('Enter value...'),
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
