/**
 * An item's version history in a modal, for every kind of item: the versions kept (RevisionList), two of them
 * compared (RevisionCompare), and any but the live one restored as the item's draft after asking.
 * It may open over the item's own form: both are modal <dialog>s in the top layer, the later one above, and Escape
 * cancels only the one on top. Render it beside the form's dialog, not inside its <form>.
 * Usage: <RevisionsDialog itemPath={open ? `/api/admin/blogs/${encodeURIComponent(id)}` : null}
 *   title={`History of "${title}"`} onClose onRestored={(message) => close, then reload the item's draft} />.
 */
import { useCallback, useId, useState } from 'react';
import { fetchRevisions, restoreRevision } from '../../../../lib/api/admin/revisions.ts';
import { errorMessage } from '../../../../lib/api/auth.ts';
import type { RevisionSummary } from '../../../../shared/revisions.ts';
import { useRemote } from '../../dashboard/use-remote.ts';
import { LoadError } from '../../dashboard/Panel.tsx';
import ModalDialog from '../../ui/ModalDialog.tsx';
import Spinner from '../../ui/Spinner.tsx';
import RevisionCompare from './RevisionCompare.tsx';
import RevisionList, { type RestoreFailure } from './RevisionList.tsx';

interface Props {
  /** The item's admin API path; null: closed. */
  itemPath: string | null;
  title: string;
  onClose: () => void;
  /** A version became the item's draft (the server's message): the parent closes this and shows the draft. */
  onRestored: (message: string) => void;
}

interface HistoryProps {
  itemPath: string;
  restoring: string | null;
  failure: RestoreFailure | null;
  onRestore: (revision: RevisionSummary) => void;
}

function History({ itemPath, restoring, failure, onRestore }: HistoryProps) {
  const listId = useId();
  const load = useCallback(() => fetchRevisions(itemPath), [itemPath]);
  const { remote, reload } = useRemote(load, 'The history could not be loaded. Please try again.');
  if (remote.state === 'loading') return <Spinner compact label="Loading the history" />;
  if (remote.state === 'error') return <LoadError message={remote.message} onRetry={() => void reload()} />;
  const { revisions, limit } = remote.data;
  return (
    <>
      <section aria-labelledby={listId} className="grid min-w-0 gap-3">
        <h3 id={listId} className="m-0 text-base font-semibold">
          Versions
        </h3>
        <RevisionList
          revisions={revisions}
          limit={limit}
          restoring={restoring}
          failure={failure}
          onRestore={onRestore}
        />
      </section>
      <RevisionCompare itemPath={itemPath} revisions={revisions} />
    </>
  );
}

export default function RevisionsDialog({ itemPath, title, onClose, onRestored }: Props) {
  const titleId = useId();
  const [restoring, setRestoring] = useState<string | null>(null);
  const [failure, setFailure] = useState<RestoreFailure | null>(null);
  // The next opening starts without this one's refusal.
  const close = () => {
    setFailure(null);
    onClose();
  };

  async function restore(revision: RevisionSummary) {
    if (!itemPath || restoring) return;
    setRestoring(revision.id);
    setFailure(null);
    try {
      const { message } = await restoreRevision(itemPath, revision.id);
      onRestored(message);
    } catch (error) {
      setFailure({
        id: revision.id,
        message: errorMessage(error, 'The version could not be restored. Please try again.'),
      });
    } finally {
      setRestoring(null);
    }
  }

  return (
    <ModalDialog
      open={itemPath !== null}
      busy={restoring !== null}
      onCancel={close}
      labelledBy={titleId}
      className="max-h-[calc(100dvh-2rem)] w-[min(60rem,calc(100vw-1rem))] overflow-y-auto p-0"
    >
      {itemPath !== null && (
        <div className="flex min-w-0 flex-col gap-5 p-4 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h2 id={titleId} className="m-0 min-w-0 flex-1 break-words text-lg font-bold">
              {title}
            </h2>
            <button
              type="button"
              disabled={restoring !== null}
              onClick={close}
              className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-100 disabled:opacity-60 dark:border-white/20 dark:hover:bg-white/10"
            >
              Close
            </button>
          </div>
          <History
            key={itemPath}
            itemPath={itemPath}
            restoring={restoring}
            failure={failure}
            onRestore={(revision) => void restore(revision)}
          />
        </div>
      )}
    </ModalDialog>
  );
}
