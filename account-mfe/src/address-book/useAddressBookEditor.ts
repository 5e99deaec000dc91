// The address book's state and its writes: the book as last saved, which form is open, which
// address is being written, and where focus goes after each change (a control still on the page).
import { MESSAGES, raiseError, toast, useMessages } from '@shop/shared';
import { messages } from '../messages';
import {
  addAddress,
  deleteAddress,
  saveAddress,
  setDefaultAddress,
  type AddressBook,
  type AddressBookResult,
  type AddressEntry,
  type SavedAddress,
} from '@shop/shared/address-book';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { editButtonId, neighbourAfterRemoval } from './addressFocus';

export type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; key: string };

const focusEditButton = (key: string) => () => document.getElementById(editButtonId(key))?.focus();

/** The controls focus may go to that the page renders: "Add an address" and the list's heading. */
export interface AddressBookFocusTargets {
  addButton: RefObject<HTMLButtonElement | null>;
  heading: RefObject<HTMLHeadingElement | null>;
}

/** `focusAfterRender(f)`: f moves focus once the next render is on the page (once). */
function useFocusAfterRender(): (focus: () => void) => void {
  const focusNext = useRef<(() => void) | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    next?.();
  });
  return (focus) => {
    focusNext.current = focus;
  };
}

export function useAddressBookEditor(
  uid: string,
  initial: AddressBook,
  { addButton, heading }: AddressBookFocusTargets,
) {
  const t = useMessages(messages);
  const [book, setBook] = useState(initial);
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [busyKey, setBusyKey] = useState<string | null>(null);
  // Where focus goes once a form closes or an address goes: a button that is still there.
  const focusAfterRender = useFocusAfterRender();

  /** Closes the open form; focus then goes to `focus`. */
  function close(focus: () => void) {
    focusAfterRender(focus);
    setEditing({ kind: 'none' });
  }
  const focusAddButton = () => addButton.current?.focus();

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
    const saved = settle(await addAddress(uid, book, address, makeDefault), t('Address saved.'));
    if (saved) close(focusAddButton);
    return saved;
  }

  async function edit(entry: AddressEntry, address: SavedAddress, makeDefault: boolean) {
    const result = await saveAddress(uid, book, entry.key, address, makeDefault);
    const saved = settle(result, t('Address saved.'));
    if (saved) close(focusEditButton(entry.key));
    return saved;
  }

  async function remove(entry: AddressEntry) {
    setBusyKey(entry.key);
    const neighbour = neighbourAfterRemoval(book.entries, entry.key);
    const removed = settle(await deleteAddress(uid, book, entry.key), t('Address deleted.'));
    setBusyKey(null);
    // The next address's first button, else the previous one's, else the heading of the list.
    if (removed)
      focusAfterRender(neighbour ? focusEditButton(neighbour.key) : () => heading.current?.focus());
  }

  async function makeDefault(entry: AddressEntry) {
    setBusyKey(entry.key);
    const done = settle(
      await setDefaultAddress(uid, book, entry.key),
      t('Your default address has been changed.'),
    );
    setBusyKey(null);
    if (done) focusAfterRender(focusEditButton(entry.key));
  }

  return {
    book,
    editing,
    busyKey,
    add,
    edit,
    remove,
    makeDefault,
    openAdd: () => setEditing({ kind: 'add' }),
    openEdit: (key: string) => setEditing({ kind: 'edit', key }),
    cancelAdd: () => close(focusAddButton),
    cancelEdit: (key: string) => close(focusEditButton(key)),
  };
}

export type AddressBookEditorState = ReturnType<typeof useAddressBookEditor>;
