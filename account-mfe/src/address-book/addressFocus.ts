// Where focus goes in the address book once a form closes or an address goes: a control that is
// still on the page (docs/decisions/4202-address-book.md).
import type { AddressEntry } from '@shop/shared/address-book';

/** The id of an address's "Edit" button, the control focus returns to after its form closes. */
export const editButtonId = (key: string) => `address-${key}-edit`;

/**
 * The address whose "Edit" button takes focus once `key` is deleted from `entries` (the list
 * before the deletion): the next one, else the previous one; none when it was the only one.
 */
export function neighbourAfterRemoval(
  entries: readonly AddressEntry[],
  key: string,
): AddressEntry | undefined {
  const index = entries.findIndex((e) => e.key === key);
  if (index < 0) return undefined;
  return entries[index + 1] ?? entries[index - 1];
}
