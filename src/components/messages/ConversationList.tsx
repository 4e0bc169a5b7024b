/** The inbox: one row per thread (subject, preview, date, an unread dot), newest activity first; the open one marked. */
import type { ConversationSummary } from '../../shared/messages.ts';
import { messageTime } from './messages-view.ts';

interface Props {
  conversations: readonly ConversationSummary[];
  openId: string | null;
  onOpen: (id: string) => void;
}

export default function ConversationList({ conversations, openId, onOpen }: Props) {
  return (
    <ul className="m-0 list-none divide-y divide-gray-200 p-0 dark:divide-white/10" aria-label="Your conversations">
      {conversations.map((c) => {
        const current = c._id === openId;
        const unread = c.unread > 0;
        return (
          <li key={c._id}>
            <button
              type="button"
              onClick={() => onOpen(c._id)}
              aria-current={current ? 'true' : undefined}
              className={`grid w-full grid-cols-[0.625rem_minmax(0,1fr)_auto] items-baseline gap-x-2 gap-y-0.5 px-4 py-3 text-left text-inherit hover:bg-gray-500/5 ${current ? 'bg-gray-500/10 dark:bg-white/10' : ''}`}
            >
              <span
                className={`h-2.5 w-2.5 self-center rounded-full ${unread ? 'bg-[var(--color-primary)]' : ''}`}
                aria-hidden="true"
              />
              <span className={`truncate ${unread ? 'font-bold' : 'font-semibold'}`}>{c.subject}</span>
              <time dateTime={c.lastMessageAt} className="text-xs text-gray-500 tabular-nums dark:text-gray-400">
                {messageTime(c.lastMessageAt, { short: true })}
              </time>
              <span
                className={`col-start-2 col-span-2 line-clamp-2 break-words text-sm ${unread ? 'text-gray-800 dark:text-gray-200' : 'text-gray-600 dark:text-gray-400'}`}
              >
                {c.lastAuthor === 'company' ? <span className="font-medium">Reply: </span> : null}
                {c.preview}
              </span>
              {unread && (
                <span className="sr-only">{c.unread === 1 ? '1 unread reply' : `${c.unread} unread replies`}</span>
              )}
              {c.status === 'closed' && (
                <span className="col-start-2 text-xs text-gray-500 dark:text-gray-400">Closed</span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
