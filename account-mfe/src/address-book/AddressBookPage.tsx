// /account/address-book (docs/decisions/4202-address-book.md): the signed-in shopper's delivery
// addresses, at most ADDRESS_BOOK_SIZE, one of them the default, which the checkout's details step
// chooses on arrival. Add, edit, delete and "Set as default" each save at once.
import { Button, useMessages } from '@shop/shared';
import { messages } from '../messages';
import {
  ADDRESS_BOOK_SIZE,
  defaultEntry,
  freeAddressKey,
  type AddressBook,
  type AddressBookResult,
} from '@shop/shared/address-book';
import { Suspense, useRef, type RefObject } from 'react';
import { Await, useLoaderData } from 'react-router-dom';
import { LoadFailed } from '../layout/LoadFailed';
import { AddressBookEntry } from './AddressBookEntry';
import { AddressForm } from './AddressForm';
import { useAddressBookEditor, type AddressBookEditorState } from './useAddressBookEditor';

export function AddressBookPage() {
  const t = useMessages(messages);
  const data = useLoaderData() as {
    uid: string;
    addressBook: Promise<AddressBookResult<AddressBook>>;
  };
  return (
    <section className="account-page" aria-labelledby="account-address-book-heading">
      <h1 id="account-address-book-heading" className="account-page__title">
        {t('Address book')}
      </h1>
      <p className="account-page__intro">
        {t(
          'Save up to {count} delivery addresses. Your default address is chosen for you at checkout.',
          { count: ADDRESS_BOOK_SIZE },
        )}
      </p>
      <Suspense fallback={<p role="status">{t('Loading address book...')}</p>}>
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

function AddressBookEditor({ uid, initial }: { uid: string; initial: AddressBook }) {
  const t = useMessages(messages);
  const addButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const editor = useAddressBookEditor(uid, initial, { addButton, heading });
  const { book } = editor;
  const defaultKey = defaultEntry(book)?.key ?? null;
  return (
    <>
      <h2 ref={heading} tabIndex={-1} className="account-card__title address-book__count">
        {book.entries.length === 0
          ? t('No saved addresses yet')
          : t('{count} of {max} addresses saved', {
              count: book.entries.length,
              max: ADDRESS_BOOK_SIZE,
            })}
      </h2>
      {book.entries.length > 0 ? (
        <ul className="address-book__list" aria-label={t('Saved addresses')}>
          {book.entries.map((entry) => (
            <AddressBookEntry
              key={entry.key}
              entry={entry}
              isDefault={entry.key === defaultKey}
              editor={editor}
            />
          ))}
        </ul>
      ) : null}
      {editor.editing.kind === 'add' ? (
        <section className="account-card address-book__new" aria-labelledby="address-book-new">
          <h3 id="address-book-new" className="address-book__editing">
            {t('New address')}
          </h3>
          <AddressForm
            offerDefault={book.entries.length > 0}
            submitLabel={t('Save address')}
            onSave={editor.add}
            onCancel={editor.cancelAdd}
          />
        </section>
      ) : (
        <AddAddressButton editor={editor} buttonRef={addButton} />
      )}
    </>
  );
}

/** "Add an address", and why it is off when the book is full. */
function AddAddressButton({
  editor,
  buttonRef,
}: {
  editor: AddressBookEditorState;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const t = useMessages(messages);
  const full = freeAddressKey(editor.book) === null;
  return (
    <div className="address-book__add">
      <Button
        ref={buttonRef}
        onClick={editor.openAdd}
        disabled={full || editor.busyKey !== null}
        aria-describedby={full ? 'address-book-full' : undefined}
      >
        {t('Add an address')}
      </Button>
      {full ? (
        <p id="address-book-full" className="address-book__full">
          {t('Your address book is full. Delete an address to add another.')}
        </p>
      ) : null}
    </div>
  );
}
