// @shop/shared/address-book: a signed-in shopper's saved delivery addresses, kept under
// users/validated/{accountUid}/addressBook and read by two teams: the account's address book page
// edits them, the checkout's details step picks one. Not in the package's main module, which every
// page loads first (decision 1312); the database helpers it uses are the main module's.
// Why a fixed key set and a default key: docs/decisions/4202-address-book.md.
import { getData, setData } from '@shop/shared';
import { validateField } from '../validation/rules';

/** What an address holds: the details form's fields but the email, which is the account's. */
export const ADDRESS_FIELDS = ['name', 'tel', 'address', 'city', 'zipCode', 'country'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type SavedAddress = Record<AddressField, string>;

/** The most addresses a book holds; the database rules allow exactly these keys (a0…a9). */
export const ADDRESS_BOOK_SIZE = 10;
export const ADDRESS_KEYS: readonly string[] = Array.from(
  { length: ADDRESS_BOOK_SIZE },
  (_, i) => `a${i}`,
);
const ADDRESS_KEY_PATTERN = /^a[0-9]$/;

export interface AddressEntry {
  key: string;
  address: SavedAddress;
}

export interface AddressBook {
  /** In key order, which is the order they were first saved in (a freed key is reused). */
  entries: AddressEntry[];
  /** The default address's key; null when there is none (or it names no saved address). */
  defaultKey: string | null;
}

export const EMPTY_ADDRESS_BOOK: AddressBook = { entries: [], defaultKey: null };

export const EMPTY_ADDRESS: SavedAddress = {
  name: '',
  tel: '',
  address: '',
  city: '',
  zipCode: '',
  country: '',
};

export const addressBookPath = (accountUid: string) => `users/validated/${accountUid}/addressBook`;

export type AddressBookResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** An address from any source, trimmed (decision 0005), with every field a string. */
export function toAddress(source: Partial<Record<string, unknown>>): SavedAddress {
  const address = { ...EMPTY_ADDRESS };
  for (const field of ADDRESS_FIELDS) {
    const value = source[field];
    if (typeof value === 'string') address[field] = value.trim();
  }
  return address;
}

/** Each field's message from the one validation table ('' when valid). */
export function addressErrors(address: SavedAddress): Record<AddressField, string> {
  return Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [field, validateField(field, address[field])]),
  ) as Record<AddressField, string>;
}

export function isValidAddress(address: SavedAddress): boolean {
  return ADDRESS_FIELDS.every((field) => validateField(field, address[field]) === '');
}

export function sameAddress(a: SavedAddress, b: Partial<Record<string, string>>): boolean {
  return ADDRESS_FIELDS.every((field) => a[field] === (b[field] ?? '').trim());
}

/** The book as stored, read defensively: unknown keys and incomplete entries are left out. */
export function parseAddressBook(raw: unknown): AddressBook {
  if (!raw || typeof raw !== 'object') return EMPTY_ADDRESS_BOOK;
  const record = raw as { addresses?: unknown; defaultKey?: unknown };
  const stored =
    record.addresses && typeof record.addresses === 'object'
      ? (record.addresses as Record<string, unknown>)
      : {};
  const entries = ADDRESS_KEYS.flatMap((key) => {
    const value = stored[key];
    return value && typeof value === 'object'
      ? [{ key, address: toAddress(value as Record<string, unknown>) }]
      : [];
  });
  const defaultKey =
    typeof record.defaultKey === 'string' && entries.some((e) => e.key === record.defaultKey)
      ? record.defaultKey
      : null;
  return { entries, defaultKey };
}

/** The default entry, else the first one; null for an empty book. */
export function defaultEntry(book: AddressBook): AddressEntry | null {
  return book.entries.find((e) => e.key === book.defaultKey) ?? book.entries[0] ?? null;
}

/** The first key no address uses; null when the book is full. */
export function freeAddressKey(book: AddressBook): string | null {
  const used = new Set(book.entries.map((e) => e.key));
  return ADDRESS_KEYS.find((key) => !used.has(key)) ?? null;
}

const failure = (error: { code: string; message: string }) => ({
  ok: false as const,
  // docs/product.md §8: the error code, or the message when there is none.
  error: error.code || error.message,
});

export async function loadAddressBook(accountUid: string): Promise<AddressBookResult<AddressBook>> {
  const result = await getData(addressBookPath(accountUid));
  if (result.status !== 200) return failure(result.error);
  return { ok: true, value: parseAddressBook(result.response) };
}

/**
 * Saves an address under `key` (a new one under a free key); the first address of a book, or one
 * saved with `makeDefault`, becomes the default, in the same write.
 */
export async function saveAddress(
  accountUid: string,
  book: AddressBook,
  key: string,
  address: SavedAddress,
  makeDefault = false,
): Promise<AddressBookResult<AddressBook>> {
  if (!ADDRESS_KEY_PATTERN.test(key)) return { ok: false, error: 'full' };
  const value = toAddress(address);
  const becomesDefault = makeDefault || defaultEntry(book) === null;
  const changes: Record<string, unknown> = { [`addresses/${key}`]: value };
  if (becomesDefault) changes.defaultKey = key;
  const result = await setData(addressBookPath(accountUid), changes, 'PATCH');
  if (result.status !== 200) return failure(result.error);
  const entries = book.entries.some((e) => e.key === key)
    ? book.entries.map((e) => (e.key === key ? { key, address: value } : e))
    : [...book.entries, { key, address: value }].sort(
        (a, b) => ADDRESS_KEYS.indexOf(a.key) - ADDRESS_KEYS.indexOf(b.key),
      );
  return { ok: true, value: { entries, defaultKey: becomesDefault ? key : book.defaultKey } };
}

/** Adds an address under the first free key; refused with 'full' when there is none. */
export async function addAddress(
  accountUid: string,
  book: AddressBook,
  address: SavedAddress,
  makeDefault = false,
): Promise<AddressBookResult<AddressBook>> {
  const key = freeAddressKey(book);
  if (key === null) return { ok: false, error: 'full' };
  return saveAddress(accountUid, book, key, address, makeDefault);
}

/** Deletes an address; when it was the default, the first one left becomes the default. */
export async function deleteAddress(
  accountUid: string,
  book: AddressBook,
  key: string,
): Promise<AddressBookResult<AddressBook>> {
  const entries = book.entries.filter((e) => e.key !== key);
  const wasDefault = defaultEntry(book)?.key === key;
  const defaultKey = wasDefault ? (entries[0]?.key ?? null) : book.defaultKey;
  // One write for both, so the default never names a deleted address.
  const changes: Record<string, unknown> = { [`addresses/${key}`]: null };
  if (wasDefault) changes.defaultKey = defaultKey;
  const result = await setData(addressBookPath(accountUid), changes, 'PATCH');
  if (result.status !== 200) return failure(result.error);
  return { ok: true, value: { entries, defaultKey } };
}

export async function setDefaultAddress(
  accountUid: string,
  book: AddressBook,
  key: string,
): Promise<AddressBookResult<AddressBook>> {
  const result = await setData(addressBookPath(accountUid), { defaultKey: key }, 'PATCH');
  if (result.status !== 200) return failure(result.error);
  return { ok: true, value: { ...book, defaultKey: key } };
}

/** One line for lists and choices: "Jane Doe, 12 Rua Augusta, 1100-048 Lisbon, Portugal". */
export function addressSummary(address: SavedAddress): string {
  return [
    address.name,
    address.address,
    `${address.zipCode} ${address.city}`.trim(),
    address.country,
  ]
    .filter((part) => part !== '')
    .join(', ');
}
