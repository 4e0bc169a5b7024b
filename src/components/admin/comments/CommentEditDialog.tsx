/** Edit a comment's text in a modal dialog; the original stays kept beside it on the server. */
import { useId, useState, type SubmitEvent } from 'react';
import { COMMENT_MAX, type AdminComment } from '../../../shared/comments.ts';
import { checkCommentText } from '../../../shared/schemas/comments.ts';
import { FIELD_CLASS } from '../ui/FilterFields.tsx';
import ModalDialog from '../ui/ModalDialog.tsx';

interface Props {
  comment: AdminComment;
  busy: boolean;
  /** The refusal of the last save, if any. */
  error: string | null;
  onCancel: () => void;
  onSave: (text: string) => void;
}

export default function CommentEditDialog({ comment, busy, error, onCancel, onSave }: Props) {
  const id = useId();
  const [text, setText] = useState(comment.comment);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkCommentText(text);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(null);
    onSave(checked.value);
  }

  return (
    <ModalDialog
      open
      busy={busy}
      onCancel={onCancel}
      labelledBy={`${id}-title`}
      className="w-[min(36rem,calc(100vw-2rem))] p-6"
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="m-0 text-lg font-bold break-words">
          Edit comment by {comment.author}
        </h2>
        <p className="m-0 mt-1 text-sm text-gray-600 break-words dark:text-gray-400">On {comment.itemTitle}</p>
        <label htmlFor={`${id}-text`} className="mt-4 block text-sm font-medium">
          Text
        </label>
        <textarea
          id={`${id}-text`}
          className={`${FIELD_CLASS} resize-y`}
          rows={6}
          maxLength={COMMENT_MAX}
          value={text}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {comment.originalComment !== null && (
          <p className="m-0 mt-2 text-xs text-gray-600 break-words dark:text-gray-400">
            As sent: {comment.originalComment}
          </p>
        )}
        {shown && (
          <p id={`${id}-error`} role="alert" className="m-0 mt-2 text-sm font-medium text-red-700 dark:text-red-300">
            {shown}
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
            type="submit"
            disabled={busy}
            className="brand-button rounded-md px-4 py-2 font-semibold disabled:opacity-60"
          >
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
