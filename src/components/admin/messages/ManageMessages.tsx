/**
 * The /admin/messages screen: every conversation (contact form and signed-in visitors), filtered
 * by open / closed / all and a search, unread first; the open thread beside the list (one at a time on smaller
 * screens) with the reply box, Close/Reopen and Block sender.
 */
import { useCallback, useState } from 'react';
import { fetchAdminConversations } from '../../../lib/api/admin/messages.ts';
import { Panel } from '../dashboard/Panel.tsx';
import AdminGate from '../ui/AdminGate.tsx';
import { PagedListBody, type ListTexts } from '../ui/PagedList.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import AdminThread from './AdminThread.tsx';
import ConversationTable from './ConversationTable.tsx';
import MessageFilters from './MessageFilters.tsx';
import { INITIAL_MESSAGES_QUERY, messagesQueryReducer } from './messages-list.ts';

const TEXTS: ListTexts = {
  loading: 'Loading conversations',
  empty: 'No conversations found.',
  pager: 'Pages of conversations',
  count: (n) => (n === 1 ? '1 conversation' : `${n} conversations`),
};

function MessagesScreen() {
  const list = usePagedList(
    messagesQueryReducer,
    INITIAL_MESSAGES_QUERY,
    fetchAdminConversations,
    'Could not load the conversations.',
  );
  const [openId, setOpenId] = useState<string | null>(null);
  const { reload } = list;
  // A read or a change may move the thread in the list (unread first) or out of the filter: read the page again quietly.
  const changed = useCallback(() => void reload(true), [reload]);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,21rem)_minmax(0,1fr)]">
      <div className={openId ? 'hidden lg:block' : ''}>
        <Panel title="Conversations" id="conversations-panel">
          <MessageFilters query={list.query} dispatch={list.dispatch} />
          <PagedListBody list={list} texts={TEXTS}>
            {(rows) => <ConversationTable conversations={rows} openId={openId} onOpen={(c) => setOpenId(c._id)} />}
          </PagedListBody>
        </Panel>
      </div>
      <div className={openId ? '' : 'hidden lg:block'}>
        <Panel title="Conversation" id="conversation-panel">
          {openId ? (
            <AdminThread key={openId} id={openId} onChanged={changed} onBack={() => setOpenId(null)} />
          ) : (
            <p className="m-0 py-10 text-center text-gray-600 dark:text-gray-400">
              Choose a conversation to read it and reply.
            </p>
          )}
        </Panel>
      </div>
    </div>
  );
}

export default function ManageMessages() {
  return <AdminGate>{() => <MessagesScreen />}</AdminGate>;
}
