/**
 * Asks before a category goes. One with items names how many move, and to which category of the same type (a
 * select, the first other category chosen); one without items only asks.
 */
import { useId, useState } from 'react';
import type { AdminCategory } from '../../../shared/schemas/category.ts';
import { FIELD_CLASS } from '../ui/FilterFields.tsx';
import ModalDialog from '../ui/ModalDialog.tsx';
import { removalSentence } from './categories-screen.ts';

interface Props {
  /** The category to remove; null: closed. */
  category: AdminCategory | null;
  /** The kind's categories (the one removed among them). */
  siblings: readonly AdminCategory[];
  busy: boolean;
  /** Why the last attempt was refused ('' for none), shown in the dialog, which covers the status line. */
  error: string;
  onCancel: () => void;
  /** `moveTo`: the id of the category its items go to ('' when it has none). */
  onConfirm: (category: AdminCategory, moveTo: string) => void;
}

export default function DeleteCategoryDialog({ category, siblings, busy, error, onCancel, onConfirm }: Props) {
  const titleId = useId();
  const selectId = useId();
  const others = siblings.filter((c) => c._id !== category?._id);
  const [chosen, setChosen] = useState('');
  // Each opening starts from the first other category.
  const [opened, setOpened] = useState<string | null>(null);
  if ((category?._id ?? null) !== opened) {
    setOpened(category?._id ?? null);
    setChosen(others[0]?._id ?? '');
  }
  const items = category?.items ?? 0;
  const target = others.find((c) => c._id === chosen);
  const blocked = items > 0 && !target;

  return (
    <ModalDialog
      open={category !== null}
      busy={busy}
      onCancel={onCancel}
      labelledBy={titleId}
      className="w-[min(28rem,calc(100vw-2rem))] p-6"
    >
      <h2 id={titleId} className="m-0 text-lg font-bold break-words">
        Remove {category?.name ?? 'category'}?
      </h2>
      {category && (
        <>
          <p className="m-0 mt-2 break-words text-sm text-gray-700 dark:text-gray-300">
            {removalSentence(category.name, items, target?.name)}
          </p>
          {items > 0 &&
            (others.length > 0 ? (
              <div className="mt-4">
                <label htmlFor={selectId} className="block text-sm font-medium">
                  Move {items === 1 ? 'its item' : `its ${items} items`} to
                </label>
                <select
                  id={selectId}
                  className={FIELD_CLASS}
                  value={chosen}
                  disabled={busy}
                  onChange={(e) => setChosen(e.target.value)}
                >
                  {others.map((c) => (
                    <option key={c._id} value={c._id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <p role="alert" className="m-0 mt-3 text-sm font-medium text-red-700 dark:text-red-300">
                Add another category first: its items need one to move to.
              </p>
            ))}
        </>
      )}
      {error && (
        <p role="alert" className="m-0 mt-3 break-words text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          disabled={busy}
          onClick={onCancel}
          className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10"
        >
          Cancel
        </button>
        <button
          type="button"
          disabled={busy || blocked}
          onClick={() => category && onConfirm(category, items > 0 ? chosen : '')}
          className="rounded-md bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60"
        >
          {busy ? 'Removing...' : items > 0 ? 'Move and remove' : 'Remove'}
        </button>
      </div>
    </ModalDialog>
  );
}
