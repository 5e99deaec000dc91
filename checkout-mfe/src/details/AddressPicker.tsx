// The details step's choice of a saved address (docs/decisions/4202-address-book.md): a signed-in
// shopper with saved addresses picks one (the default is chosen on arrival) or "A new address". A
// chosen address fills the form's delivery fields, which stay visible and editable: an edit makes
// it a new address, which may be saved to the address book with the order.
import { useMessages, useShopContext } from '@shop/shared';
import { messages } from '../messages';
import {
  ADDRESS_FIELDS,
  addressSummary,
  defaultEntry,
  sameAddress,
  type AddressBook,
  type AddressField,
  type AddressEntry,
} from '@shop/shared/address-book';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export const NEW_ADDRESS = 'new';

/** The saved address the form's values are, else NEW_ADDRESS. */
export function chosenAddressKey(
  book: AddressBook,
  values: Partial<Record<string, string>>,
): string {
  const chosen = book.entries.find((entry) => sameAddress(entry.address, values));
  return chosen?.key ?? NEW_ADDRESS;
}

export interface AddressPickerProps {
  book: AddressBook;
  /** The saved address the form holds now, or NEW_ADDRESS. */
  chosen: string;
  onChoose: (entry: AddressEntry | null) => void;
  disabled?: boolean;
}

export function AddressPicker({ book, chosen, onChoose, disabled = false }: AddressPickerProps) {
  const t = useMessages(messages);
  const shop = useShopContext();
  const defaultKey = defaultEntry(book)?.key;
  const option = (id: string, checked: boolean, onChange: () => void, label: ReactNode) => (
    <div key={id} className="checkout-details__radio checkout-address__option">
      <input
        type="radio"
        id={id}
        name="saved-address"
        checked={checked}
        onChange={onChange}
        disabled={disabled}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
  return (
    <fieldset className="checkout-details__group checkout-address">
      <legend>{t('Deliver to')}</legend>
      {book.entries.map((entry) =>
        option(
          `saved-address-${entry.key}`,
          chosen === entry.key,
          () => onChoose(entry),
          <>
            <span className="checkout-details__radio-label">{addressSummary(entry.address)}</span>
            <span className="checkout-details__radio-hint">
              {entry.key === defaultKey ? `${t('Default address')} · ` : ''}
              {entry.address.tel}
            </span>
          </>,
        ),
      )}
      {option(
        'saved-address-new',
        chosen === NEW_ADDRESS,
        () => onChoose(null),
        <span className="checkout-details__radio-label">{t('A new address')}</span>,
      )}
      <Link to={shop.hrefFor('address-book')} className="checkout-address__manage">
        {t('Manage your address book')}
      </Link>
    </fieldset>
  );
}

/** The form's values for a choice: the saved address's fields, or empty ones for a new address. */
export function valuesFor(entry: AddressEntry | null): Record<AddressField, string> {
  return Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [field, entry ? entry.address[field] : '']),
  ) as Record<AddressField, string>;
}
