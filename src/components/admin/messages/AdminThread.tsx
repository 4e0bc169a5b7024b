/**
 * One conversation on the admin Messages screen: who wrote (name, email, account or guest), Close/Reopen and
 * Block/Unblock sender (asked first), the messages, and the reply box (the reply is mailed to the visitor).
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import {
  changeConversation,
  fetchAdminConversation,
  replyToConversation,
  type AdminConversationChange,
} from '../../../lib/api/admin/messages.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import type { AdminConversationThread } from '../../../shared/messages.ts';
import ComposeBox from '../../messages/ComposeBox.tsx';
import MessageBubbles from '../../messages/MessageBubbles.tsx';
import { LoadError, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { NoticeLine, type Notice } from '../ui/PagedList.tsx';
import { senderKind } from './messages-list.ts';
import { refreshUnreadConversations } from './unread-count.ts';

interface Props {
  id: string;
  /** The thread was read or changed: the list and the top bar's count follow. */
  onChanged: () => void;
  /** Phones: back to the list. */
  onBack: () => void;
}

const actionButton =
  'rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-100 disabled:opacity-50 dark:border-white/20 dark:hover:bg-white/10';

export default function AdminThread({ id, onChanged, onBack }: Props) {
  // The latest callback, so a parent's new one (a new filter) does not read the thread again.
  const changed = useRef(onChanged);
  useLayoutEffect(() => {
    changed.current = onChanged;
  });
  const load = useCallback(async () => {
    const thread = await fetchAdminConversation(id);
    // Reading it marked it read: the badge and the list's bold row follow.
    void refreshUnreadConversations();
    changed.current();
    return thread;
  }, [id]);
  const { remote, reload, set } = useRemote<AdminConversationThread>(load, 'The conversation could not be loaded.');
  const [notice, setNotice] = useState<Notice>(null);
  const [replyError, setReplyError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirmBlock, setConfirmBlock] = useState(false);

  function applied(answer: AdminConversationChange) {
    set({ conversation: answer.conversation, messages: answer.messages });
    changed.current();
  }

  async function reply(text: string): Promise<boolean> {
    setReplyError(undefined);
    setNotice(null);
    try {
      const answer = await replyToConversation(id, text);
      applied(answer);
      setNotice({ tone: 'ok', text: `${answer.message}; it was emailed to ${answer.conversation.email}.` });
      return true;
    } catch (error) {
      setReplyError(errorMessage(error, 'The reply could not be sent. Please try again.'));
      return false;
    }
  }

  async function change(input: { status?: 'open' | 'closed'; blocked?: boolean }) {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await changeConversation(id, input);
      applied(answer);
      setNotice({ tone: 'ok', text: `${answer.message}.` });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'The change could not be saved. Please try again.') });
    } finally {
      setBusy(false);
      setConfirmBlock(false);
    }
  }

  const back = (
    <button type="button" onClick={onBack} className={`${actionButton} inline-flex items-center gap-1 lg:hidden`}>
      <svg
        viewBox="0 0 24 24"
        width="16"
        height="16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M15 18l-6-6 6-6" />
      </svg>
      Back to conversations
    </button>
  );

  if (remote.state === 'loading') return <PanelLoading label="Loading the conversation" />;
  if (remote.state === 'error') {
    return (
      <div className="flex flex-col gap-3">
        <div>{back}</div>
        <LoadError message={remote.message} onRetry={() => void reload()} />
      </div>
    );
  }
  const { conversation: c, messages } = remote.data;
  const closed = c.status === 'closed';
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div>{back}</div>
      <header className="flex flex-col gap-3 border-b border-gray-200 pb-4 dark:border-white/10">
        <div className="min-w-0">
          <h3 className="m-0 text-lg font-semibold [overflow-wrap:anywhere]">{c.subject}</h3>
          <p className="m-0 mt-1 text-sm [overflow-wrap:anywhere]">
            <span className="font-medium">{c.name}</span>{' '}
            <a href={`mailto:${c.email}`} className="text-[var(--color-primary-ink)]">
              &lt;{c.email}&gt;
            </a>
          </p>
          <p className="m-0 mt-1 text-xs text-gray-600 dark:text-gray-400">
            {senderKind(c)} · {c.source === 'contact' ? 'Started on the contact form' : 'Started on Messages'} ·{' '}
            {closed ? 'Closed' : 'Open'}
            {c.blocked ? ' · Sender blocked' : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={actionButton}
            disabled={busy}
            onClick={() => void change({ status: closed ? 'open' : 'closed' })}
          >
            {closed ? 'Reopen' : 'Close'}
          </button>
          {c.blocked ? (
            <button
              type="button"
              className={actionButton}
              disabled={busy}
              onClick={() => void change({ blocked: false })}
            >
              Unblock sender
            </button>
          ) : (
            <button
              type="button"
              className={`${actionButton} text-red-700 dark:text-red-300`}
              disabled={busy}
              onClick={() => setConfirmBlock(true)}
            >
              Block sender
            </button>
          )}
        </div>
      </header>
      <MessageBubbles messages={messages} own="company" names={{ company: 'You (company)', visitor: c.name }} />
      <NoticeLine notice={notice} />
      <ComposeBox
        key={c._id}
        label={`Reply to ${c.name}`}
        placeholder={
          c.userId
            ? `Reply to ${c.name}: emailed, and shown on their Messages page`
            : `Reply to ${c.name}: sent by email`
        }
        sendLabel="Send reply"
        error={replyError}
        onSend={reply}
      />
      <ConfirmDialog
        open={confirmBlock}
        title="Block this sender?"
        confirmLabel="Block sender"
        busyLabel="Blocking..."
        busy={busy}
        onCancel={() => setConfirmBlock(false)}
        onConfirm={() => void change({ blocked: true })}
      >
        Messages from {c.email} will be refused, on the contact form and on Messages, until you unblock the address.
        This conversation stays here.
      </ConfirmDialog>
    </div>
  );
}
