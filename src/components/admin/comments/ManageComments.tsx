/**
 * The /admin/comments screen: the queue of comments and reviews by status (Pending, Approved, Spam, Rejected tabs,
 * with counts) and type, each with its actions; and the site's moderation rule.
 */
import { useCallback, useId, useState } from 'react';
import { blockCommenter, changeComment, deleteComment, fetchCommentQueue } from '../../../lib/api/comments.ts';
import {
  COMMENT_TYPES,
  STATUS_LABELS,
  TYPE_LABELS,
  type AdminComment,
  type CommentStatus,
} from '../../../shared/comments.ts';
import { refusalText } from '../../comments/comment-view.ts';
import { Panel } from '../dashboard/Panel.tsx';
import AdminGate from '../ui/AdminGate.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { FilterSelect } from '../ui/FilterFields.tsx';
import { NoticeLine, PagedListBody, type ListTexts, type Notice } from '../ui/PagedList.tsx';
import TabList from '../ui/TabList.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import CommentEditDialog from './CommentEditDialog.tsx';
import CommentQueue from './CommentQueue.tsx';
import { changeNotice, commentsQueryReducer, INITIAL_COMMENTS_QUERY, parseTypeFilter } from './comments-list.ts';
import ModerationSetting from './ModerationSetting.tsx';

/** The tabs in the order the work comes: what waits, what shows, what was caught. */
const TABS: readonly CommentStatus[] = ['pending', 'approved', 'spam', 'rejected'];

const TEXTS: ListTexts = {
  loading: 'Loading comments',
  empty: 'No comments here.',
  pager: 'Pages of comments',
  count: (n) => (n === 1 ? '1 comment' : `${n} comments`),
};

type Asking = { kind: 'delete' | 'block'; comment: AdminComment } | null;

function CommentsScreen({ selfId }: { selfId: string }) {
  const id = useId();
  const list = usePagedList(
    commentsQueryReducer,
    INITIAL_COMMENTS_QUERY,
    fetchCommentQueue,
    'Could not load the comments.',
  );
  const { reload, query, dispatch } = list;
  const counts = list.remote.state === 'ready' ? list.remote.data.counts : null;
  const [notice, setNotice] = useState<Notice>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [editing, setEditing] = useState<AdminComment | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);

  /** Runs one change on `c`, says what happened, and reads the page again (the row may have left the tab). */
  const act = useCallback(
    async (c: AdminComment, run: () => Promise<string>): Promise<boolean> => {
      setBusyId(c._id);
      try {
        setNotice({ tone: 'ok', text: await run() });
        await reload(true);
        return true;
      } catch (error) {
        setNotice({ tone: 'error', text: refusalText(error, 'The change could not be saved.') });
        return false;
      } finally {
        setBusyId(null);
      }
    },
    [reload],
  );

  const onStatus = (c: AdminComment, status: CommentStatus) =>
    void act(c, async () => {
      const answer = await changeComment(c, { status });
      return changeNotice(answer.message, c.status, answer.comment.status);
    });

  async function saveEdit(text: string) {
    if (!editing) return;
    const c = editing;
    setBusyId(c._id);
    try {
      const answer = await changeComment(c, { comment: text });
      setNotice({
        tone: 'ok',
        text:
          c.status === 'approved'
            ? `${answer.message}. Visitors see the new text on their next visit.`
            : `${answer.message}.`,
      });
      setEditing(null);
      setEditError(null);
      await reload(true);
    } catch (error) {
      setEditError(refusalText(error, 'The comment could not be saved.'));
    } finally {
      setBusyId(null);
    }
  }

  async function confirm() {
    if (!asking) return;
    const { kind, comment: c } = asking;
    const done = await act(c, async () => {
      if (kind === 'delete') {
        await deleteComment(c);
        return c.status === 'approved' ? 'Comment deleted. It no longer shows to visitors.' : 'Comment deleted.';
      }
      return `${(await blockCommenter(c, !c.blocked)).message}.`;
    });
    if (done) setAsking(null);
  }

  const panelId = `${id}-queue`;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <Panel title="Comments and reviews" id={`${id}-title`}>
        <TabList
          label="Comment status"
          tabs={TABS}
          chosen={query.status}
          onChoose={(status, focus) => {
            dispatch({ type: 'status', status });
            if (focus) document.getElementById(`${id}-tab-${status}`)?.focus();
          }}
          tabId={(tab) => `${id}-tab-${tab}`}
          panelId={panelId}
          text={(tab) => (counts ? `${STATUS_LABELS[tab]} (${counts[tab]})` : STATUS_LABELS[tab])}
        />
        <div id={panelId} role="tabpanel" aria-labelledby={`${id}-tab-${query.status}`} className="mt-3">
          <FilterSelect
            id={`${id}-type`}
            label="Type"
            value={query.type}
            options={[
              { value: 'all', label: 'All types' },
              ...COMMENT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })),
            ]}
            onChange={(value) => dispatch({ type: 'kind', kind: parseTypeFilter(value) })}
            className="max-w-xs"
          />
          <NoticeLine notice={notice} />
          <PagedListBody list={list} texts={TEXTS}>
            {(rows) => (
              <CommentQueue
                comments={rows}
                busyId={busyId}
                selfId={selfId}
                onStatus={onStatus}
                onEdit={(c) => {
                  setEditError(null);
                  setEditing(c);
                }}
                onDelete={(c) => setAsking({ kind: 'delete', comment: c })}
                onBlock={(c) => setAsking({ kind: 'block', comment: c })}
              />
            )}
          </PagedListBody>
        </div>
      </Panel>
      <Panel title="Moderation" id={`${id}-moderation`}>
        <ModerationSetting />
      </Panel>
      {editing && (
        <CommentEditDialog
          key={editing._id}
          comment={editing}
          busy={busyId === editing._id}
          error={editError}
          onCancel={() => setEditing(null)}
          onSave={(text) => void saveEdit(text)}
        />
      )}
      <ConfirmDialog
        open={asking !== null}
        title={
          asking?.kind === 'delete'
            ? 'Delete this comment?'
            : asking?.comment.blocked
              ? `Unblock ${asking.comment.author}?`
              : `Block ${asking?.comment.author ?? ''}?`
        }
        confirmLabel={asking?.kind === 'delete' ? 'Delete' : asking?.comment.blocked ? 'Unblock' : 'Block sender'}
        busyLabel={asking?.kind === 'delete' ? 'Deleting…' : 'Saving…'}
        tone={asking?.kind === 'block' && asking.comment.blocked ? 'safe' : 'danger'}
        busy={asking !== null && busyId === asking.comment._id}
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirm()}
      >
        {asking?.kind === 'delete'
          ? 'The comment is removed for good; a review no longer counts towards the rating.'
          : asking?.comment.blocked
            ? `${asking.comment.userId === null ? 'Their email address' : 'Their account'} may comment and review again.`
            : `${asking?.comment.userId === null ? `Their email address (${asking.comment.authorEmail})` : 'Their account'} can no longer comment or review. What they sent before stays as it is.`}
      </ConfirmDialog>
    </div>
  );
}

export default function ManageComments() {
  return <AdminGate>{(user) => <CommentsScreen selfId={user._id} />}</AdminGate>;
}
