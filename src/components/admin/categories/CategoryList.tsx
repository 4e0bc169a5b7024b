/**
 * One kind's categories in their order, as an ordered list: each one's place, name, item count and filter address,
 * arrows to move it, Rename (inline: name and address, Enter saves, Escape cancels) and Delete. One row on a wide
 * screen; below 640 px the controls wrap under the name.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { CATEGORY_NAME_MAX, type AdminCategory } from '../../../shared/schemas/category.ts';
import { SLUG_MAX } from '../../../shared/slug.ts';
import { FIELD_CLASS } from '../ui/FilterFields.tsx';
import { DANGER_ACTION, MoveButtons, NEUTRAL_ACTION, PRIMARY_ACTION } from '../ui/row-actions.tsx';

interface Props {
  categories: readonly AdminCategory[];
  /** The kind's filter link up to the address ('/shop?category='), to show each one as a link. */
  address: string;
  /** A change is being saved: every control waits. */
  busy: boolean;
  onMove: (from: number, step: -1 | 1) => void;
  /** Resolves true once saved (the editor closes), false when refused (it stays open). */
  onRename: (category: AdminCategory, changes: { name: string; slug: string }) => Promise<boolean>;
  onDelete: (category: AdminCategory) => void;
}

const [neutral, primary, danger] = [NEUTRAL_ACTION, PRIMARY_ACTION, DANGER_ACTION];

function RenameEditor({
  category,
  busy,
  onSave,
  onCancel,
}: {
  category: AdminCategory;
  busy: boolean;
  onSave: (changes: { name: string; slug: string }) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(category.name);
  const [slug, setSlug] = useState(category.slug);
  const nameField = useRef<HTMLInputElement>(null);
  // The editor opens on the name, ready to type.
  useEffect(() => {
    nameField.current?.focus();
    nameField.current?.select();
  }, []);
  const escape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Escape closes the editor, not the page's dialog or menu around it.
    event.stopPropagation();
    onCancel();
  };
  return (
    <form
      className="flex min-w-0 flex-1 basis-56 flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ name, slug });
      }}
    >
      <div className="min-w-0 flex-1 basis-40">
        <label htmlFor={`${id}-name`} className="block text-sm font-medium">
          Name
        </label>
        <input
          id={`${id}-name`}
          className={FIELD_CLASS}
          value={name}
          maxLength={CATEGORY_NAME_MAX}
          disabled={busy}
          ref={nameField}
          onKeyDown={escape}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="min-w-0 flex-1 basis-40">
        <label htmlFor={`${id}-slug`} className="block text-sm font-medium">
          Address
        </label>
        <input
          id={`${id}-slug`}
          className={FIELD_CLASS}
          value={slug}
          maxLength={SLUG_MAX}
          disabled={busy}
          aria-describedby={`${id}-hint`}
          onKeyDown={escape}
          onChange={(e) => setSlug(e.target.value)}
        />
      </div>
      <p id={`${id}-hint`} className="m-0 basis-full text-xs text-gray-600 dark:text-gray-400">
        Filter links name the address; keep it and links shared before a rename still work.
      </p>
      <div className="flex gap-2">
        <button type="submit" className={primary} disabled={busy}>
          Save
        </button>
        <button type="button" className={neutral} disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export default function CategoryList({ categories, address, busy, onMove, onRename, onDelete }: Props) {
  const [renaming, setRenaming] = useState<string | null>(null);
  return (
    <ol className="m-0 list-none divide-y divide-gray-200 p-0 dark:divide-white/10" aria-label="Categories">
      {categories.map((category, index) => (
        <li
          key={category._id}
          data-category={category._id}
          className="flex flex-wrap items-center gap-x-4 gap-y-3 py-3 first:pt-1 last:pb-0"
        >
          <span className="w-6 shrink-0 text-center text-sm font-semibold tabular-nums text-gray-500 dark:text-gray-400">
            {index + 1}
          </span>
          {renaming === category._id ? (
            <RenameEditor
              category={category}
              busy={busy}
              onCancel={() => setRenaming(null)}
              onSave={(changes) => void onRename(category, changes).then((saved) => saved && setRenaming(null))}
            />
          ) : (
            <>
              <div className="min-w-0 flex-1 basis-48">
                <p className="m-0 font-semibold break-words">{category.name}</p>
                <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
                  {category.items === 1 ? '1 item' : `${category.items} items`}
                  <span className="hidden sm:inline"> · </span>
                  {/* Its own line on a phone, broken only where it must be. */}
                  <span className="block font-mono text-xs [overflow-wrap:anywhere] sm:inline">
                    {address}
                    {category.slug}
                  </span>
                </p>
              </div>
              <div className="flex basis-full flex-wrap items-center gap-2 min-[360px]:pl-10 sm:basis-auto sm:pl-0">
                <MoveButtons
                  name={category.name}
                  index={index}
                  count={categories.length}
                  disabled={busy}
                  onMove={(by) => onMove(index, by)}
                />
                <button
                  type="button"
                  className={primary}
                  disabled={busy}
                  onClick={() => setRenaming(category._id)}
                  aria-label={`Rename ${category.name}`}
                >
                  Rename
                </button>
                <button
                  type="button"
                  className={danger}
                  disabled={busy}
                  onClick={() => onDelete(category)}
                  aria-label={`Delete ${category.name}`}
                >
                  Delete
                </button>
              </div>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
