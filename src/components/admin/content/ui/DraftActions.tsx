/**
 * The buttons beside an item form's submit that keep its changes another way: Save draft (an item that keeps drafts),
 * Preview (saves, then shows a link to share) and History (the versions kept).
 * Usage: <DraftActions keepsDraft={drafts.keepsDraft} busy onSaveDraft onPreview onHistory={drafts.openHistory} />.
 */
interface Props {
  keepsDraft: boolean;
  busy: boolean;
  onSaveDraft: () => void;
  onPreview: () => void;
  onHistory: () => void;
}

const secondary =
  'rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-100 disabled:opacity-60 dark:border-white/20 dark:hover:bg-white/10';

export default function DraftActions({ keepsDraft, busy, onSaveDraft, onPreview, onHistory }: Props) {
  return (
    <>
      {keepsDraft && (
        <button type="button" disabled={busy} className={secondary} onClick={onSaveDraft}>
          Save draft
        </button>
      )}
      <button type="button" disabled={busy} className={secondary} onClick={onPreview}>
        Preview
      </button>
      <button type="button" disabled={busy} className={secondary} onClick={onHistory}>
        History
      </button>
    </>
  );
}
