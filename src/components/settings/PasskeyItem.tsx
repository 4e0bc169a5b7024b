/**
 * One row of Settings › Passkeys: its name, when it was added and last used, 'Synced' when its provider keeps a copy,
 * and Rename (the name becomes a field, with Save and Cancel) and Remove (asked first, by the list).
 */
import { useEffect, useRef, useState } from 'react';
import { PASSKEY_NAME_MAX, type PasskeySummary } from '../../shared/passkeys.ts';
import { inputClass, type FieldAria } from '../auth/fields.tsx';
import { addedText, usedText } from './passkey-rules.ts';
import { OUTLINE_BUTTON, PRIMARY_BUTTON } from './SettingsSection.tsx';

const LINK_BUTTON =
  'rounded px-2 py-1 text-sm font-medium text-[var(--color-primary-ink)] underline disabled:opacity-60';

interface Props {
  passkey: PasskeySummary;
  /** Its name is being changed (one row at a time). */
  editing: boolean;
  busy: boolean;
  /** The name field's tie to the list's message (a refused name is marked and described by it). */
  aria: FieldAria;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSave: (name: string) => void;
  /** The row form's onChange: an edited field is no longer marked. */
  onEdited: (event: { target: EventTarget }) => void;
  onRemove: () => void;
}

export default function PasskeyItem({
  passkey,
  editing,
  busy,
  aria,
  onEdit,
  onCancelEdit,
  onSave,
  onEdited,
  onRemove,
}: Props) {
  const [value, setValue] = useState(passkey.name);
  const field = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  // Only a row that was being edited takes the focus back: not every row on the first render.
  const wasEditing = useRef(false);

  useEffect(() => {
    if (editing) field.current?.focus();
    else if (wasEditing.current) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) {
    return (
      <li className="px-3 py-2.5">
        <form
          method="post"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            onSave(value);
          }}
          onChange={onEdited}
          noValidate
        >
          <label className="block min-w-[12rem] flex-1 text-sm font-medium">
            New name
            <input
              ref={field}
              className={inputClass}
              name="name"
              autoComplete="off"
              maxLength={PASSKEY_NAME_MAX}
              value={value}
              {...aria}
              onChange={(e) => setValue(e.target.value)}
            />
          </label>
          <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
          <button
            type="button"
            className={OUTLINE_BUTTON}
            disabled={busy}
            onClick={() => {
              setValue(passkey.name);
              onCancelEdit();
            }}
          >
            Cancel
          </button>
        </form>
      </li>
    );
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2.5">
      <span className="min-w-0">
        <span className="block break-words text-sm font-medium">{passkey.name}</span>
        <span className="block text-xs text-gray-600 dark:text-gray-400">
          {addedText(passkey)} · {usedText(passkey)}
        </span>
      </span>
      <span className="flex items-center gap-2">
        {passkey.backedUp && (
          <span
            className="rounded-full bg-emerald-600/15 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:text-emerald-300"
            title="Kept by your password manager or phone account, so a lost device does not lose it"
          >
            Synced
          </span>
        )}
        <button
          ref={renameButton}
          type="button"
          className={LINK_BUTTON}
          disabled={busy}
          aria-label={`Rename ${passkey.name}`}
          onClick={() => {
            setValue(passkey.name);
            onEdit();
          }}
        >
          Rename
        </button>
        <button
          type="button"
          className={LINK_BUTTON}
          disabled={busy}
          aria-label={`Remove ${passkey.name}`}
          onClick={onRemove}
        >
          Remove
        </button>
      </span>
    </li>
  );
}
