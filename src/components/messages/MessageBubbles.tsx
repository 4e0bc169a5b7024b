/** A conversation's messages as chat bubbles: the viewer's own on the right in the brand colour, the other side's on the left. */
import { useEffect, useRef } from 'react';
import type { ConversationMessage, MessageAuthor } from '../../shared/messages.ts';
import { messageTime } from './messages-view.ts';

interface Props {
  messages: readonly ConversationMessage[];
  /** Whose screen this is: their messages sit on the right. */
  own: MessageAuthor;
  /** How each side is named above its bubbles, e.g. { company: 'Northwind', visitor: 'You' }. */
  names: Record<MessageAuthor, string>;
}

export default function MessageBubbles({ messages, own, names }: Props) {
  const end = useRef<HTMLLIElement>(null);
  // The newest message is in view when the thread opens and when one is added.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);

  return (
    <ol className="m-0 flex list-none flex-col gap-3 p-0" aria-label="Messages">
      {messages.map((m) => {
        const mine = m.author === own;
        const company = m.author === 'company';
        return (
          <li
            key={m._id}
            className={`flex max-w-[88%] flex-col sm:max-w-[75%] ${mine ? 'items-end self-end' : 'items-start self-start'}`}
            data-author={m.author}
          >
            <span className="mb-1 px-1 text-xs font-semibold text-gray-600 dark:text-gray-400">{names[m.author]}</span>
            <div
              className={`min-w-0 max-w-full whitespace-pre-wrap rounded-2xl [overflow-wrap:anywhere] px-4 py-2.5 text-[0.95rem] leading-relaxed shadow-sm ${
                mine
                  ? 'rounded-br-md bg-[var(--color-primary)] text-[var(--color-on-primary)]'
                  : `rounded-bl-md bg-gray-100 text-gray-900 dark:bg-white/10 dark:text-gray-100 ${company ? 'border-l-4 border-[var(--color-primary)]' : 'border border-gray-200 dark:border-white/10'}`
              }`}
            >
              {m.body}
            </div>
            <time dateTime={m.createdAt} className="mt-1 px-1 text-xs text-gray-500 dark:text-gray-400">
              {messageTime(m.createdAt)}
            </time>
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" className="h-0" />
    </ol>
  );
}
