// One address of the address book: its card with Edit, "Set as default" and Delete, or its form
// while it is edited.
import { Button } from '@shop/shared';
import { addressSummary, type AddressEntry } from '@shop/shared/address-book';
import { AddressForm } from './AddressForm';
import { editButtonId } from './addressFocus';
import type { AddressBookEditorState } from './useAddressBookEditor';

interface AddressBookEntryProps {
  entry: AddressEntry;
  isDefault: boolean;
  editor: AddressBookEditorState;
}

export function AddressBookEntry({ entry, isDefault, editor }: AddressBookEntryProps) {
  const { editing } = editor;
  return (
    <li
      className={`account-card address-book__entry${isDefault ? ' address-book__entry--default' : ''}`}
    >
      {editing.kind === 'edit' && editing.key === entry.key ? (
        <>
          <h3 className="address-book__editing">Edit address</h3>
          <AddressForm
            initial={entry.address}
            offerDefault={!isDefault}
            submitLabel="Save address"
            onSave={(address, asDefault) => editor.edit(entry, address, asDefault)}
            onCancel={() => editor.cancelEdit(entry.key)}
          />
        </>
      ) : (
        <SavedAddressCard entry={entry} isDefault={isDefault} editor={editor} />
      )}
    </li>
  );
}

function SavedAddressCard({ entry, isDefault, editor }: AddressBookEntryProps) {
  const { busyKey } = editor;
  const summary = addressSummary(entry.address);
  return (
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
          id={editButtonId(entry.key)}
          variant="secondary"
          size="small"
          aria-label={`Edit ${summary}`}
          disabled={busyKey !== null}
          onClick={() => editor.openEdit(entry.key)}
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
            onClick={() => void editor.makeDefault(entry)}
          >
            Set as default
          </Button>
        )}
        <Button
          variant="ghost"
          size="small"
          aria-label={`Delete ${summary}`}
          disabled={busyKey !== null}
          onClick={() => void editor.remove(entry)}
        >
          Delete
        </Button>
      </span>
    </>
  );
}
