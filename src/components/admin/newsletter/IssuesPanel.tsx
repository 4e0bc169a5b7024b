/**
 * The Issues tab: New issue (the compose dialog), and each issue with its state: a draft to edit, send (after a
 * confirmation naming the number of recipients) or delete; one being sent with its progress, read again every two
 * seconds; one sent with what became of its mails.
 */
import { useEffect, useState } from 'react';
import {
  deleteIssue,
  fetchAudience,
  fetchIssue,
  fetchIssues,
  sendIssue,
  type IssueSaved,
} from '../../../lib/api/admin/newsletter.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import { formatDateTime } from '../../../lib/format/dates.ts';
import {
  ISSUES_PAGE_DEFAULT,
  type NewsletterIssue,
  type NewsletterIssueSummary,
} from '../../../shared/schemas/newsletter-admin.ts';
import { Panel, PanelAction } from '../dashboard/Panel.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { NoticeLine, PagedListBody, type ListTexts, type Notice } from '../ui/PagedList.tsx';
import { onPage, type PageAction } from '../ui/paged-list.ts';
import ProgressTrack from '../ui/ProgressTrack.tsx';
import { DANGER_ACTION, NEUTRAL_ACTION, PRIMARY_ACTION } from '../ui/row-actions.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import IssueDialog from './IssueDialog.tsx';
import { progressText } from './subscribers-list.ts';

const TEXTS: ListTexts = {
  loading: 'Loading issues',
  empty: 'No issues yet. Write the first one with New issue.',
  pager: 'Pages of issues',
  count: (n) => (n === 1 ? '1 issue' : `${n} issues`),
};

/** While an issue is being sent, the list is read again this often. */
const REFRESH_MS = 2_000;

const issuesReducer = (query: { page: number; pageSize: number }, action: PageAction) => onPage(query, action.page);

const STATE_BADGE: Record<NewsletterIssueSummary['status'], { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-gray-500/10 text-gray-700 dark:text-gray-300' },
  sending: { label: 'Sending', className: 'bg-sky-500/10 text-sky-800 dark:text-sky-300' },
  sent: { label: 'Sent', className: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300' },
};

function IssueRow({
  issue,
  busy,
  onEdit,
  onSend,
  onDelete,
}: {
  issue: NewsletterIssueSummary;
  busy: boolean;
  onEdit: () => void;
  onSend: () => void;
  onDelete: () => void;
}) {
  const badge = STATE_BADGE[issue.status];
  const { counts } = issue;
  const done = counts.total - counts.queued;
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-3 py-4 first:pt-1 last:pb-0" data-issue={issue._id}>
      <div className="min-w-0 flex-1 basis-64">
        <p className="m-0 flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words">{issue.subject}</span>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}>{badge.label}</span>
        </p>
        <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-400">
          {issue.status === 'draft'
            ? `Last saved ${formatDateTime(issue.updatedAt)}`
            : issue.status === 'sent'
              ? `Sent ${formatDateTime(issue.sentAt)}`
              : `Started ${formatDateTime(issue.sendStartedAt)}`}
        </p>
        {issue.status !== 'draft' && (
          <div className="mt-2 grid max-w-md gap-1">
            {issue.status === 'sending' && (
              <ProgressTrack
                label={`Sending ${issue.subject}`}
                percent={counts.total ? Math.round((done / counts.total) * 100) : null}
              />
            )}
            <p className="m-0 text-sm tabular-nums" data-progress>
              {progressText(counts)}
            </p>
            {counts.interrupted > 0 && (
              <p className="m-0 text-xs text-amber-800 dark:text-amber-300">
                The server stopped while sending to{' '}
                {counts.interrupted === 1 ? 'one address' : `${counts.interrupted} addresses`}: the mail may or may not
                have arrived, and it is not sent again, so no one gets this issue twice.
              </p>
            )}
          </div>
        )}
      </div>
      {issue.status === 'draft' && (
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          {(
            [
              ['Edit', NEUTRAL_ACTION, onEdit],
              ['Send', PRIMARY_ACTION, onSend],
              ['Delete', DANGER_ACTION, onDelete],
            ] as const
          ).map(([label, className, onClick]) => (
            <button
              key={label}
              type="button"
              className={className}
              disabled={busy}
              onClick={onClick}
              aria-label={`${label} ${issue.subject}`}
            >
              {label}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}

export default function IssuesPanel() {
  const list = usePagedList(
    issuesReducer,
    { page: 1, pageSize: ISSUES_PAGE_DEFAULT },
    fetchIssues,
    'Could not load the issues.',
  );
  const [editing, setEditing] = useState<NewsletterIssue | 'new' | null>(null);
  const [sending, setSending] = useState<{ issue: NewsletterIssueSummary; recipients: number } | null>(null);
  const [deleting, setDeleting] = useState<NewsletterIssueSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const issues = list.remote.state === 'ready' ? list.remote.data.results : [];
  const anySending = issues.some((i) => i.status === 'sending');
  const { reload } = list;

  useEffect(() => {
    if (!anySending) return;
    const timer = setInterval(() => void reload(true), REFRESH_MS);
    return () => clearInterval(timer);
  }, [anySending, reload]);

  async function act(work: () => Promise<string>, fallback: string) {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ tone: 'ok', text: await work() });
      void reload(true);
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, fallback) });
    } finally {
      setBusy(false);
    }
  }

  const edit = (issue: NewsletterIssueSummary) =>
    void act(async () => {
      setEditing(await fetchIssue(issue._id));
      return '';
    }, 'The issue could not be opened. Please try again.');

  const askToSend = (issue: NewsletterIssueSummary) =>
    void act(async () => {
      const { confirmed } = await fetchAudience();
      setSending({ issue, recipients: confirmed });
      return '';
    }, 'The number of subscribers could not be read. Please try again.');

  const saved = (answer: IssueSaved) => {
    setEditing(null);
    setNotice({ tone: 'ok', text: `${answer.message} Send it from the list when it is ready.` });
    void reload(true);
  };

  const newButton = (
    <PanelAction
      label="New issue"
      onClick={() => {
        setNotice(null);
        setEditing('new');
      }}
    />
  );

  return (
    <Panel title="Issues" id="newsletter-issues" action={newButton}>
      <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
        Write an issue, look at its preview and send a test to yourself; then send it once to every confirmed
        subscriber. Each mail carries the subscriber&apos;s own unsubscribe link.
      </p>
      <NoticeLine notice={notice} />
      <PagedListBody list={list} texts={TEXTS}>
        {(rows) => (
          <ul className="m-0 list-none divide-y divide-gray-200 p-0 dark:divide-white/10" aria-label="Issues">
            {rows.map((issue) => (
              <IssueRow
                key={issue._id}
                issue={issue}
                busy={busy}
                onEdit={() => edit(issue)}
                onSend={() => askToSend(issue)}
                onDelete={() => setDeleting(issue)}
              />
            ))}
          </ul>
        )}
      </PagedListBody>
      <IssueDialog issue={editing} onClose={() => setEditing(null)} onSaved={saved} />
      <ConfirmDialog
        open={sending !== null}
        title={`Send "${sending?.issue.subject ?? ''}"?`}
        confirmLabel={sending ? `Send to ${sending.recipients}` : 'Send'}
        busyLabel="Sending..."
        tone="safe"
        busy={busy}
        blocked={sending?.recipients === 0}
        onCancel={() => setSending(null)}
        onConfirm={() => {
          const issue = sending?.issue;
          if (!issue) return;
          void act(
            async () => (await sendIssue(issue._id)).message,
            'The issue could not be sent. Please try again.',
          ).then(() => setSending(null));
        }}
      >
        {sending?.recipients === 0
          ? 'No subscriber has confirmed yet, so there is no one to send it to.'
          : `It goes to ${sending?.recipients === 1 ? 'the 1 confirmed subscriber' : `all ${sending?.recipients ?? 0} confirmed subscribers`} now, a few each second. An issue is sent once and cannot be changed afterwards.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete draft?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const issue = deleting;
          if (!issue) return;
          void act(async () => (await deleteIssue(issue._id)).message, 'The draft could not be deleted.').then(() =>
            setDeleting(null),
          );
        }}
      >
        {`"${deleting?.subject ?? ''}" is deleted for good.`}
      </ConfirmDialog>
    </Panel>
  );
}
