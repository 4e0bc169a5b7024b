/**
 * Deleting a file, asked a second time in place. While a record uses it the server refuses (409) with a message
 * that names the uses, shown here; the uses it sends replace the list above.
 */
import { useEffect, useRef, useState } from 'react';
import { deleteMedia } from '../../../lib/api/admin/media.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import { inUseMessage, type MediaItem, type MediaUse } from '../../../shared/media-library.ts';

interface Props {
  item: MediaItem;
  /** The uses as last read (null while they are read). */
  uses: readonly MediaUse[] | null;
  disabled: boolean;
  onRunning: (running: boolean) => void;
  onDeleted: (message: string) => void;
  /** The uses a refusal named. */
  onUses: (uses: MediaUse[]) => void;
}

/** The uses a 409 answer carries, when it carries a list of them. */
function refusedUses(error: unknown): MediaUse[] | null {
  const data = (error as { data?: unknown } | null)?.data;
  const uses = data && typeof data === 'object' ? (data as { uses?: unknown }).uses : undefined;
  return Array.isArray(uses) ? (uses as MediaUse[]) : null;
}

const BUTTON = 'rounded-md px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

export default function MediaDelete({ item, uses, disabled, onRunning, onDeleted, onUses }: Props) {
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState('');
  const cancel = useRef<HTMLButtonElement>(null);
  // The question takes the focus, its safe answer first.
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  const blocking = uses ?? [];
  const name = item.title || 'this file';

  async function remove() {
    setRunning(true);
    setError('');
    onRunning(true);
    try {
      const { message } = await deleteMedia(item.id);
      onRunning(false);
      onDeleted(message);
      return;
    } catch (failure) {
      const named = refusedUses(failure);
      if (named) onUses(named);
      setError(errorMessage(failure, named ? inUseMessage(named) : 'The file could not be deleted. Please try again.'));
      setAsking(false);
    }
    setRunning(false);
    onRunning(false);
  }

  return (
    <div className="flex min-w-0 flex-col gap-2">
      {blocking.length > 0 && !error && (
        <p className="m-0 text-sm text-gray-700 dark:text-gray-300">
          While it is used it cannot be deleted: remove it from the records above first.
        </p>
      )}
      {asking ? (
        <div
          role="group"
          aria-label="Confirm the delete"
          className="rounded-lg border border-red-500/40 bg-red-500/5 p-3"
        >
          <p className="m-0 break-words text-sm text-gray-900 dark:text-gray-100">
            Delete “{name}” from the media library? Its address stops working. This cannot be undone.
          </p>
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <button
              ref={cancel}
              type="button"
              disabled={running}
              onClick={() => setAsking(false)}
              className={`${BUTTON} border border-gray-300 font-medium text-gray-900 hover:bg-gray-100 dark:border-white/20 dark:text-gray-100 dark:hover:bg-white/10`}
            >
              Cancel
            </button>
            <button
              type="button"
              disabled={running}
              onClick={() => void remove()}
              className={`${BUTTON} bg-red-600 text-white hover:bg-red-700`}
            >
              {running ? 'Deleting…' : 'Delete for good'}
            </button>
          </div>
        </div>
      ) : (
        <div>
          <button
            type="button"
            disabled={disabled}
            onClick={() => {
              setError('');
              setAsking(true);
            }}
            className={`${BUTTON} border border-red-600/60 text-red-700 hover:bg-red-500/10 dark:border-red-400/60 dark:text-red-300`}
          >
            Delete file
          </button>
        </div>
      )}
      {error && (
        <p
          role="alert"
          className="m-0 break-words rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm font-medium text-red-700 dark:text-red-300"
        >
          {error}
        </p>
      )}
    </div>
  );
}
