/**
 * The queue's rows: who wrote it (name, address, guest, blocked), on what (linked), the text and stars, when; then the
 * actions: the other statuses (Approve / Reject / Spam), Edit, Delete and Block or Unblock sender. One card per
 * comment, so the six actions wrap under the text at any width.
 */
import { formatDateTime } from '../../../lib/format/dates.ts';
import { TYPE_LABELS, type AdminComment, type CommentStatus } from '../../../shared/comments.ts';
import { starLabel, starText } from '../../comments/comment-view.ts';
import { DANGER_ACTION, NEUTRAL_ACTION, PRIMARY_ACTION } from '../ui/row-actions.tsx';
import { canBlock, isGuest, rowName, statusActions } from './comments-list.ts';

interface Props {
  comments: readonly AdminComment[];
  /** The id of the comment whose change is being saved: its buttons wait. */
  busyId: string | null;
  /** The signed-in admin's account: their own comments offer no Block sender. */
  selfId: string;
  onStatus: (comment: AdminComment, status: CommentStatus) => void;
  onEdit: (comment: AdminComment) => void;
  onDelete: (comment: AdminComment) => void;
  onBlock: (comment: AdminComment) => void;
}

const TAG = 'rounded-full px-2 py-0.5 text-[11px] font-semibold leading-none';

export default function CommentQueue({ comments, busyId, selfId, onStatus, onEdit, onDelete, onBlock }: Props) {
  return (
    <ul className="m-0 list-none divide-y divide-gray-200 p-0 dark:divide-white/10" aria-label="Comments">
      {comments.map((c) => {
        const busy = busyId === c._id;
        const name = rowName(c);
        return (
          <li key={`${c.type}-${c._id}`} data-comment={c._id} aria-busy={busy} className="py-4 first:pt-1 last:pb-0">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <span className="font-semibold break-words">{c.author}</span>
              {c.authorEmail && (
                <span className="min-w-0 text-sm break-all text-gray-600 dark:text-gray-400">{c.authorEmail}</span>
              )}
              {isGuest(c) && <span className={`${TAG} bg-sky-600/15 text-sky-800 dark:text-sky-200`}>Guest</span>}
              {c.blocked && <span className={`${TAG} bg-red-600/15 text-red-800 dark:text-red-200`}>Blocked</span>}
              <time dateTime={c.createdAt} className="ml-auto text-xs text-gray-500 tabular-nums dark:text-gray-400">
                {formatDateTime(c.createdAt)}
              </time>
            </div>
            <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-400">
              <span className={`${TAG} mr-1.5 bg-gray-500/15 text-gray-700 dark:text-gray-300`}>
                {TYPE_LABELS[c.type]}
              </span>
              {c.itemUrl ? (
                <a
                  href={c.itemUrl}
                  className="break-words text-[var(--color-primary-ink)] underline-offset-2 hover:underline"
                >
                  {c.itemTitle}
                </a>
              ) : (
                <span className="break-words">{c.itemTitle}</span>
              )}
            </p>
            {c.rating !== null && (
              <p className="m-0 mt-2 text-amber-600 dark:text-amber-400">
                <span role="img" aria-label={starLabel(c.rating)}>
                  {starText(c.rating)}
                </span>
              </p>
            )}
            <p className="m-0 mt-1 whitespace-pre-line break-words">{c.comment}</p>
            {c.originalComment !== null && (
              <p className="m-0 mt-1 text-xs text-gray-500 dark:text-gray-400">Edited by an admin</p>
            )}
            <div className="mt-3 flex flex-wrap gap-2">
              {statusActions(c.status).map((a) => (
                <button
                  key={a.to}
                  type="button"
                  disabled={busy}
                  onClick={() => onStatus(c, a.to)}
                  aria-label={`${a.label} ${name}`}
                  className={a.to === 'approved' ? PRIMARY_ACTION : NEUTRAL_ACTION}
                >
                  {a.label}
                </button>
              ))}
              <button
                type="button"
                disabled={busy}
                onClick={() => onEdit(c)}
                aria-label={`Edit ${name}`}
                className={NEUTRAL_ACTION}
              >
                Edit
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => onDelete(c)}
                aria-label={`Delete ${name}`}
                className={DANGER_ACTION}
              >
                Delete
              </button>
              {canBlock(c, selfId) && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onBlock(c)}
                  aria-label={`${c.blocked ? 'Unblock' : 'Block'} ${c.author}`}
                  className={c.blocked ? NEUTRAL_ACTION : DANGER_ACTION}
                >
                  {c.blocked ? 'Unblock sender' : 'Block sender'}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
