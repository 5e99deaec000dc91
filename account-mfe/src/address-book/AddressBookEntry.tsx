// One address of the address book: its card with Edit, "Set as default" and Delete, or its form
// while it is edited.
import { Button, useMessages } from '@shop/shared';
import { messages } from '../messages';
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
  const t = useMessages(messages);
  const { editing } = editor;
  return (
    <li
      className={`account-card address-book__entry${isDefault ? ' address-book__entry--default' : ''}`}
    >
      {editing.kind === 'edit' && editing.key === entry.key ? (
        <>
          <h3 className="address-book__editing">{t('Edit address')}</h3>
          <AddressForm
            initial={entry.address}
            offerDefault={!isDefault}
            submitLabel={t('Save address')}
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
  const t = useMessages(messages);
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
      {isDefault ? <p className="address-book__badge">{t('Default address')}</p> : null}
      <span className="account-field__actions">
        <Button
          id={editButtonId(entry.key)}
          variant="secondary"
          size="small"
          aria-label={t('Edit {address}', { address: summary })}
          disabled={busyKey !== null}
          onClick={() => editor.openEdit(entry.key)}
        >
          {t('Edit')}
        </Button>
        {isDefault ? null : (
          <Button
            variant="secondary"
            size="small"
            aria-label={t('Set as default: {address}', { address: summary })}
            disabled={busyKey !== null}
            busy={busyKey === entry.key}
            busyLabel={t('Saving...')}
            onClick={() => void editor.makeDefault(entry)}
          >
            {t('Set as default')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="small"
          aria-label={t('Delete {address}', { address: summary })}
          disabled={busyKey !== null}
          onClick={() => void editor.remove(entry)}
        >
          {t('Delete')}
        </Button>
      </span>
    </>
  );
}
