/**
 * /messages: the signed-in visitor's conversations with the company. The inbox beside the open
 * thread (bubbles, the company's answers set apart) with a compose box under it, and 'New message'; on phones the
 * list and the thread take turns, with a back button. A visitor without a session signs in first and comes back.
 */
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api/auth.ts';
import { fetchMyConversation, fetchMyConversations, sendMessage } from '../../lib/api/messages.ts';
import type { ConversationSummary, ConversationThread } from '../../shared/messages.ts';
import LoadFailure from '../account/LoadFailure.tsx';
import { isSignedOut, useSignedInLoad } from '../account/use-signed-in-load.ts';
import Spinner from '../admin/ui/Spinner.tsx';
import ComposeBox from './ComposeBox.tsx';
import ConversationList from './ConversationList.tsx';
import MessageBubbles from './MessageBubbles.tsx';
import { searchWithThread, threadIdFrom, withSummary } from './messages-view.ts';
import NewMessageForm from './NewMessageForm.tsx';

/** What the right-hand pane shows: nothing chosen, the new-message form, or a thread. */
type Pane = { kind: 'none' } | { kind: 'new' } | { kind: 'thread'; id: string };
type Thread =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; thread: ConversationThread };
type Refusal = { message: string; field?: string } | null;

const statusOf = (error: unknown) => (error as { status?: number }).status;
const fieldOf = (error: unknown) => {
  const field = ((error as { data?: unknown }).data as { field?: unknown } | undefined)?.field;
  return typeof field === 'string' ? field : undefined;
};

const card = 'rounded-2xl border border-gray-200 bg-white shadow-sm dark:border-white/10 dark:bg-[#111821]';
const backButton =
  'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-gray-700 hover:bg-black/5 md:hidden dark:text-gray-200 dark:hover:bg-white/10';

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" className={backButton} onClick={onBack} aria-label="Back to conversations">
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M15 18l-6-6 6-6" />
      </svg>
    </button>
  );
}

export default function MessagesInbox({ companyName }: { companyName: string }) {
  const {
    load,
    setLoad,
    read: readList,
    leave,
  } = useSignedInLoad(fetchMyConversations, 'Your messages could not be loaded. Please try again.');
  const [pane, setPane] = useState<Pane>(() => {
    const id = threadIdFrom(location.search);
    return id ? { kind: 'thread', id } : { kind: 'none' };
  });
  const [thread, setThread] = useState<Thread>({ state: 'loading' });
  const [refusal, setRefusal] = useState<Refusal>(null);

  /** Puts a thread's newest summary into the inbox. */
  const remember = useCallback(
    (summary: ConversationSummary) => {
      setLoad((current) =>
        current.state === 'ready' ? { state: 'ready', data: withSummary(current.data, summary) } : current,
      );
    },
    [setLoad],
  );

  const threadId = pane.kind === 'thread' ? pane.id : null;
  // Another pane: no refusal of the last one stays, and a thread not shown yet is loading.
  const [shownId, setShownId] = useState(threadId);
  if (shownId !== threadId) {
    setShownId(threadId);
    setRefusal(null);
    if (threadId) {
      setThread((current) =>
        current.state === 'ready' && current.thread.conversation._id === threadId ? current : { state: 'loading' },
      );
    }
  }
  useEffect(() => {
    history.replaceState(history.state, '', `${location.pathname}${searchWithThread(location.search, threadId)}`);
    if (!threadId) return;
    let live = true;
    fetchMyConversation(threadId)
      .then((answer) => {
        if (!live) return;
        setThread({ state: 'ready', thread: answer });
        remember(answer.conversation);
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (isSignedOut(error)) {
          leave();
          return;
        }
        setThread({
          state: 'error',
          message:
            statusOf(error) === 404
              ? 'This conversation could not be found.'
              : errorMessage(error, 'The conversation could not be loaded. Please try again.'),
        });
      });
    return () => {
      live = false;
    };
  }, [threadId, remember, leave]);

  /** Sends a new thread or an answer; a refusal is shown beside the box and the text kept. */
  async function send(input: { message: string; subject?: string; conversationId?: string }): Promise<boolean> {
    setRefusal(null);
    try {
      const answer = await sendMessage(input);
      remember(answer.conversation);
      setThread({ state: 'ready', thread: answer });
      setPane({ kind: 'thread', id: answer.conversation._id });
      return true;
    } catch (error) {
      if (isSignedOut(error)) {
        leave();
        return false;
      }
      const field = fieldOf(error);
      setRefusal({
        message: errorMessage(error, 'Your message could not be sent. Please try again.'),
        ...(field ? { field } : {}),
      });
      return false;
    }
  }

  if (load.state === 'leaving') return null;
  if (load.state === 'loading') return <Spinner compact label="Loading your messages" />;
  if (load.state === 'error') return <LoadFailure message={load.message} onRetry={readList} />;

  const newForm = (
    <NewMessageForm
      onSend={(input) => send({ message: input.message, ...(input.subject ? { subject: input.subject } : {}) })}
      error={refusal?.message}
      errorField={refusal?.field}
    />
  );

  if (load.data.length === 0 && pane.kind !== 'thread') {
    return (
      <div className={`${card} max-w-3xl px-5 py-8 sm:px-8`}>
        <h2 className="m-0 text-xl font-semibold">No messages yet</h2>
        <p className="m-0 mb-6 mt-2 text-gray-600 dark:text-gray-400">
          Questions about an order, a product or anything else? Write to {companyName} here, and the answer will be
          waiting for you on this page.
        </p>
        {newForm}
      </div>
    );
  }

  const showPane = pane.kind !== 'none';
  const unread = load.data.filter((c) => c.unread > 0).length;
  return (
    <div
      className={`${card} grid grid-cols-[minmax(0,1fr)] overflow-hidden md:h-[min(72vh,46rem)] md:grid-cols-[minmax(16rem,20rem)_minmax(0,1fr)]`}
    >
      <aside
        className={`${showPane ? 'hidden md:flex' : 'flex'} min-h-0 flex-col border-gray-200 md:border-r dark:border-white/10`}
        aria-label="Inbox"
      >
        <div className="flex items-center justify-between gap-2 border-b border-gray-200 px-4 py-3 dark:border-white/10">
          <h2 className="m-0 text-base font-semibold">
            Inbox
            {unread > 0 && (
              <span className="ml-2 rounded-full bg-[var(--color-primary)] px-2 py-0.5 text-xs font-bold text-[var(--color-on-primary)]">
                {unread} new
              </span>
            )}
          </h2>
          <button
            type="button"
            onClick={() => setPane({ kind: 'new' })}
            className="brand-button px-3 py-1.5 text-sm font-semibold"
          >
            New message
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ConversationList
            conversations={load.data}
            openId={threadId}
            onOpen={(id) => setPane({ kind: 'thread', id })}
          />
        </div>
      </aside>

      <section className={`${showPane ? 'flex' : 'hidden md:flex'} min-h-0 min-w-0 flex-col`} aria-label="Conversation">
        {pane.kind === 'none' && (
          <div className="m-auto max-w-sm px-6 py-12 text-center">
            <p className="m-0 text-lg font-semibold">Choose a conversation</p>
            <p className="m-0 mt-2 text-gray-600 dark:text-gray-400">Or start a new one with {companyName}.</p>
            <button
              type="button"
              onClick={() => setPane({ kind: 'new' })}
              className="brand-button mt-5 px-4 py-2 font-semibold"
            >
              New message
            </button>
          </div>
        )}

        {pane.kind === 'new' && (
          <>
            <div className="flex items-center gap-2 border-b border-gray-200 px-3 py-3 sm:px-5 dark:border-white/10">
              <BackButton onBack={() => setPane({ kind: 'none' })} />
              <h2 className="m-0 text-base font-semibold">New message to {companyName}</h2>
            </div>
            <div className="overflow-y-auto px-4 py-5 sm:px-6">{newForm}</div>
          </>
        )}

        {pane.kind === 'thread' && (
          <>
            <div className="flex items-center gap-2 border-b border-gray-200 px-3 py-3 sm:px-5 dark:border-white/10">
              <BackButton onBack={() => setPane({ kind: 'none' })} />
              <div className="min-w-0">
                <h2 className="m-0 truncate text-base font-semibold">
                  {thread.state === 'ready' ? thread.thread.conversation.subject : 'Conversation'}
                </h2>
                {thread.state === 'ready' && thread.thread.conversation.status === 'closed' && (
                  <p className="m-0 text-xs text-gray-600 dark:text-gray-400">Closed: writing again reopens it.</p>
                )}
              </div>
            </div>
            <div className="min-h-[12rem] flex-1 overflow-y-auto px-3 py-4 sm:px-5">
              {thread.state === 'loading' && <Spinner compact label="Loading the conversation" />}
              {thread.state === 'error' && (
                <p role="alert" className="m-0 py-8 text-center text-gray-700 dark:text-gray-300">
                  {thread.message}
                </p>
              )}
              {thread.state === 'ready' && (
                <MessageBubbles
                  messages={thread.thread.messages}
                  own="visitor"
                  names={{ visitor: 'You', company: companyName }}
                />
              )}
            </div>
            {thread.state === 'ready' && (
              <div className="border-t border-gray-200 px-3 py-3 sm:px-5 dark:border-white/10">
                <ComposeBox
                  key={thread.thread.conversation._id}
                  label="Your answer"
                  placeholder="Write a message…"
                  sendLabel="Send"
                  rows={2}
                  error={refusal?.message}
                  onSend={(message) => send({ message, conversationId: thread.thread.conversation._id })}
                />
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
