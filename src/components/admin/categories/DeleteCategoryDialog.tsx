/**
 * Asks before a category goes. One with items names how many move, and to which category of the same type (a
 * select, the first other category chosen); one without items only asks.
 */
import { useId, useState } from 'react';
import type { AdminCategory } from '../../../shared/schemas/category.ts';
import { FIELD_CLASS } from '../ui/FilterFields.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
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
    <ConfirmDialog
      open={category !== null}
      title={`Remove ${category?.name ?? 'category'}?`}
      confirmLabel={items > 0 ? 'Move and remove' : 'Remove'}
      busyLabel="Removing..."
      busy={busy}
      blocked={blocked}
      onCancel={onCancel}
      onConfirm={() => category && onConfirm(category, items > 0 ? chosen : '')}
      details={
        <>
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
          {error && (
            <p role="alert" className="m-0 mt-3 break-words text-sm font-medium text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
        </>
      }
    >
      {category ? removalSentence(category.name, items, target?.name) : ''}
    </ConfirmDialog>
  );
}
