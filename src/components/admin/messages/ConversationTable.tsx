/** The admin's list of conversations: sender, subject, preview and time; unread ones bold with their count. */
import type { AdminConversationSummary } from '../../../shared/messages.ts';
import { messageTime } from '../../messages/messages-view.ts';
import { unreadLabel } from './messages-list.ts';

interface Props {
  conversations: readonly AdminConversationSummary[];
  openId: string | null;
  onOpen: (conversation: AdminConversationSummary) => void;
}

const tag = 'rounded-full px-2 py-0.5 text-[11px] font-semibold leading-none';

export default function ConversationTable({ conversations, openId, onOpen }: Props) {
  return (
    <ul
      className="m-0 -mx-4 list-none divide-y divide-gray-200 p-0 sm:-mx-5 dark:divide-white/10"
      aria-label="Conversations"
    >
      {conversations.map((c) => {
        const unread = c.adminUnread > 0;
        const current = c._id === openId;
        return (
          <li key={c._id}>
            <button
              type="button"
              onClick={() => onOpen(c)}
              aria-current={current ? 'true' : undefined}
              className={`grid w-full grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 px-4 py-3 text-left text-inherit hover:bg-gray-500/5 sm:px-5 ${current ? 'bg-gray-500/10 dark:bg-white/10' : ''} ${unread ? 'border-l-4 border-[var(--color-primary)]' : 'border-l-4 border-transparent'}`}
            >
              <span className={`truncate ${unread ? 'font-bold' : 'font-medium'}`}>{c.name}</span>
              <span className="flex items-center gap-2 justify-self-end">
                {unread && (
                  <span
                    className="flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold text-white"
                    aria-hidden="true"
                  >
                    {c.adminUnread}
                  </span>
                )}
                <time dateTime={c.lastMessageAt} className="text-xs text-gray-500 tabular-nums dark:text-gray-400">
                  {messageTime(c.lastMessageAt, { short: true })}
                </time>
              </span>
              <span className={`col-span-2 truncate text-sm ${unread ? 'font-semibold' : ''}`}>{c.subject}</span>
              <span className="col-span-2 line-clamp-2 break-words text-sm text-gray-600 dark:text-gray-400">
                {c.lastAuthor === 'company' ? <span className="font-medium">You: </span> : null}
                {c.preview}
              </span>
              <span className="col-span-2 mt-1 flex flex-wrap gap-1.5">
                <span
                  className={`${tag} ${c.userId ? 'bg-sky-600/15 text-sky-800 dark:text-sky-200' : 'bg-gray-500/15 text-gray-700 dark:text-gray-300'}`}
                >
                  {c.userId ? 'Account' : 'Guest'}
                </span>
                {c.status === 'closed' && (
                  <span className={`${tag} bg-gray-500/15 text-gray-700 dark:text-gray-300`}>Closed</span>
                )}
                {c.blocked && <span className={`${tag} bg-red-600/15 text-red-800 dark:text-red-200`}>Blocked</span>}
              </span>
              {unread && <span className="sr-only">{unreadLabel(c.adminUnread)}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
