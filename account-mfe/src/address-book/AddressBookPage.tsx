// /account/address-book (issue 40; docs/decisions/4202-address-book.md): the signed-in shopper's
// delivery addresses, at most ADDRESS_BOOK_SIZE, one of them the default, which the checkout's
// details step chooses on arrival. Add, edit, delete and "Set as default" each save at once.
import { Button, MESSAGES, raiseError, toast } from '@shop/shared';
import {
  ADDRESS_BOOK_SIZE,
  addAddress,
  addressSummary,
  defaultEntry,
  deleteAddress,
  freeAddressKey,
  saveAddress,
  setDefaultAddress,
  type AddressBook,
  type AddressBookResult,
  type AddressEntry,
  type SavedAddress,
} from '@shop/shared/address-book';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Await, useLoaderData } from 'react-router-dom';
import { LoadFailed } from '../layout/LoadFailed';
import { AddressForm } from './AddressForm';

export const LOADING_ADDRESS_BOOK = 'Loading address book...';

export function AddressBookPage() {
  const data = useLoaderData() as {
    uid: string;
    addressBook: Promise<AddressBookResult<AddressBook>>;
  };
  return (
    <section className="account-page" aria-labelledby="account-address-book-heading">
      <h1 id="account-address-book-heading" className="account-page__title">
        Address book
      </h1>
      <p className="account-page__intro">
        Save up to {ADDRESS_BOOK_SIZE} delivery addresses. Your default address is chosen for you at
        checkout.
      </p>
      <Suspense fallback={<p role="status">{LOADING_ADDRESS_BOOK}</p>}>
        <Await resolve={data.addressBook}>
          {(book: AddressBookResult<AddressBook>) =>
            book.ok ? (
              <AddressBookEditor uid={data.uid} initial={book.value} />
            ) : (
              <LoadFailed error={book.error} />
            )
          }
        </Await>
      </Suspense>
    </section>
  );
}

type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; key: string };

function AddressBookEditor({ uid, initial }: { uid: string; initial: AddressBook }) {
  const [book, setBook] = useState(initial);
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Where focus goes once a form closes or an address goes: a button that is still there.
  const focusNext = useRef<(() => void) | null>(null);

  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    next?.();
  });

  const defaultKey = defaultEntry(book)?.key ?? null;
  const full = freeAddressKey(book) === null;

  /** Applies a write's result; false (and the global error) when it failed. */
  function settle(result: AddressBookResult<AddressBook>, success: string): boolean {
    if (!result.ok) {
      raiseError(MESSAGES.unexpectedError, result.error);
      return false;
    }
    setBook(result.value);
    toast.success(success);
    return true;
  }

  async function add(address: SavedAddress, makeDefault: boolean) {
    const saved = settle(await addAddress(uid, book, address, makeDefault), 'Address saved.');
    if (saved) {
      focusNext.current = () => addButton.current?.focus();
      setEditing({ kind: 'none' });
    }
    return saved;
  }

  async function edit(entry: AddressEntry, address: SavedAddress, makeDefault: boolean) {
    const result = await saveAddress(uid, book, entry.key, address, makeDefault);
    const saved = settle(result, 'Address saved.');
    if (saved) {
      focusNext.current = () => document.getElementById(`address-${entry.key}-edit`)?.focus();
      setEditing({ kind: 'none' });
    }
    return saved;
  }

  async function remove(entry: AddressEntry) {
    setBusyKey(entry.key);
    const index = book.entries.findIndex((e) => e.key === entry.key);
    const removed = settle(await deleteAddress(uid, book, entry.key), 'Address deleted.');
    setBusyKey(null);
    if (removed) {
      // The next address's first button, else the previous one's, else the heading of the list.
      const neighbour = book.entries[index + 1] ?? book.entries[index - 1];
      focusNext.current = () =>
        (neighbour
          ? document.getElementById(`address-${neighbour.key}-edit`)
          : heading.current
        )?.focus();
    }
  }

  async function makeDefault(entry: AddressEntry) {
    setBusyKey(entry.key);
    const done = settle(
      await setDefaultAddress(uid, book, entry.key),
      'Your default address has been changed.',
    );
    setBusyKey(null);
    if (done)
      focusNext.current = () => document.getElementById(`address-${entry.key}-edit`)?.focus();
  }

  return (
    <>
      <h2 ref={heading} tabIndex={-1} className="account-card__title address-book__count">
        {book.entries.length === 0
          ? 'No saved addresses yet'
          : `${book.entries.length} of ${ADDRESS_BOOK_SIZE} addresses saved`}
      </h2>
      {book.entries.length > 0 ? (
        <ul className="address-book__list" aria-label="Saved addresses">
          {book.entries.map((entry) => {
            const isDefault = entry.key === defaultKey;
            const summary = addressSummary(entry.address);
            return (
              <li
                key={entry.key}
                className={`account-card address-book__entry${isDefault ? ' address-book__entry--default' : ''}`}
              >
                {editing.kind === 'edit' && editing.key === entry.key ? (
                  <>
                    <h3 className="address-book__editing">Edit address</h3>
                    <AddressForm
                      initial={entry.address}
                      offerDefault={!isDefault}
                      submitLabel="Save address"
                      onSave={(address, asDefault) => edit(entry, address, asDefault)}
                      onCancel={() => {
                        focusNext.current = () =>
                          document.getElementById(`address-${entry.key}-edit`)?.focus();
                        setEditing({ kind: 'none' });
                      }}
                    />
                  </>
                ) : (
                  <>
                    <address className="address-book__address">
                      <span className="address-book__name">{entry.address.name}</span>
                      <span>{entry.address.address}</span>
                      <span>
                        {entry.address.zipCode} {entry.address.city}
                      </span>
                      <span>{entry.address.country}</span>
                      <span>{entry.address.tel}</span>
                    </address>
                    {isDefault ? <p className="address-book__badge">Default address</p> : null}
                    <span className="account-field__actions">
                      <Button
                        id={`address-${entry.key}-edit`}
                        variant="secondary"
                        size="small"
                        aria-label={`Edit ${summary}`}
                        disabled={busyKey !== null}
                        onClick={() => setEditing({ kind: 'edit', key: entry.key })}
                      >
                        Edit
                      </Button>
                      {isDefault ? null : (
                        <Button
                          variant="secondary"
                          size="small"
                          aria-label={`Set as default: ${summary}`}
                          disabled={busyKey !== null}
                          busy={busyKey === entry.key}
                          busyLabel="Saving..."
                          onClick={() => void makeDefault(entry)}
                        >
                          Set as default
                        </Button>
                      )}
                      <Button
                        variant="ghost"
                        size="small"
                        aria-label={`Delete ${summary}`}
                        disabled={busyKey !== null}
                        onClick={() => void remove(entry)}
                      >
                        Delete
                      </Button>
                    </span>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {editing.kind === 'add' ? (
        <section className="account-card address-book__new" aria-labelledby="address-book-new">
          <h3 id="address-book-new" className="address-book__editing">
            New address
          </h3>
          <AddressForm
            offerDefault={book.entries.length > 0}
            submitLabel="Save address"
            onSave={add}
            onCancel={() => {
              focusNext.current = () => addButton.current?.focus();
              setEditing({ kind: 'none' });
            }}
          />
        </section>
      ) : (
        <div className="address-book__add">
          <Button
            ref={addButton}
            onClick={() => setEditing({ kind: 'add' })}
            disabled={full || busyKey !== null}
            aria-describedby={full ? 'address-book-full' : undefined}
          >
            Add an address
          </Button>
          {full ? (
            <p id="address-book-full" className="address-book__full">
              Your address book is full. Delete an address to add another.
            </p>
          ) : null}
        </div>
      )}
    </>
  );
}
