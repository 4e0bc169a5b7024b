/**
 * The newsletter's admin side: subscribers (export, removal, import with the double opt-in kept) and issues
 * (compose, preview, test, send). Sending only queues the deliveries, and an import only stores its addresses as owed
 * their confirmation mail; the send worker (newsletter-sender.ts) mails both.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { readImportList } from '../../../shared/newsletter-csv.ts';
import {
  IMPORT_EMPTY,
  IMPORT_MAX_ROWS,
  IMPORT_TOO_LONG,
  importMessage,
  ISSUE_ALREADY_SENT,
  ISSUE_NOT_FOUND,
  NO_RECIPIENTS,
  SUBSCRIBER_NOT_FOUND,
  type DeliveryCounts,
  type ImportReport,
  type IssuePreview,
  type IssueValues,
  type NewsletterAudience,
  type NewsletterIssue,
  type NewsletterIssuePage,
  type NewsletterIssueSummary,
} from '../../../shared/schemas/newsletter-admin.ts';
import type { SubscribersFilter } from '../../../shared/schemas/newsletter.ts';
import type { Db } from '../../db/connection.ts';
import type { NewsletterIssuesTable } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { ApiError, fieldError, notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { toCsv } from '../analytics/analytics-csv.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import { newOpaqueToken, sha256Hex } from '../auth/tokens.ts';
import { sanitizeRichText } from '../blogs/rich-text.ts';
import { issueContent } from './newsletter-html.ts';
import { issueMail } from './newsletter-mails.ts';
import { wakeNewsletterSenders } from './newsletter-sender.ts';
import {
  countDeliveries,
  countSubscribersByStatus,
  deleteDraftIssue,
  deleteSubscriber,
  exportSubscriberRows,
  findIssue,
  insertIssue,
  insertNewSubscribers,
  listIssueRows,
  queueIssue,
  subscriberStatuses,
  updateDraftIssue,
} from './newsletter.repository.ts';

export interface AdminDeps {
  db: Db;
  env: Pick<Env, 'SITE_URL'>;
  mailer: Mailer;
}

// Subscribers.

/** GET /api/admin/newsletter/audience. */
export async function audience(db: Db): Promise<NewsletterAudience> {
  const counts = await countSubscribersByStatus(db);
  return {
    pending: counts.get('pending') ?? 0,
    confirmed: counts.get('confirmed') ?? 0,
    unsubscribed: counts.get('unsubscribed') ?? 0,
  };
}

const day = (iso: string | null) => iso?.slice(0, 10) ?? '';

/** GET /api/admin/newsletter/subscribers/export: the matching subscribers as CSV (no cell runs as a formula). */
export async function subscribersCsv(db: Db, filter: Omit<SubscribersFilter, 'page' | 'pageSize'>): Promise<string> {
  const rows = await exportSubscriberRows(db, filter);
  return toCsv([
    ['Email', 'Status', 'Source', 'Signed up', 'Confirmed', 'Unsubscribed'],
    ...rows.map((r) => [r.email, r.status, r.source, day(r.created_at), day(r.confirmed_at), day(r.unsubscribed_at)]),
  ]);
}

/** DELETE /api/admin/newsletter/subscribers/{id}: the address and its deliveries (queued ones are never sent). */
export async function removeSubscriber(db: Db, id: string): Promise<string> {
  const email = await deleteSubscriber(db, id);
  if (email === null) throw notFound(SUBSCRIBER_NOT_FOUND);
  return email;
}

/**
 * POST /api/admin/newsletter/subscribers/import: each new address becomes pending and is owed the confirmation link
 * (the double opt-in stands: nobody is mailed an issue before confirming); pending and confirmed ones are left as
 * they are, and an address that unsubscribed is never subscribed again by an import. The rows are stored without a
 * confirmation token, which marks their mail as due: the send worker mails them at the newsletter's rate, and a
 * restart resumes where it stopped (newsletter-sender.ts).
 */
export async function importSubscribers(db: Db, csv: string, now = new Date()): Promise<ImportReport> {
  const list = readImportList(csv, IMPORT_MAX_ROWS);
  if (!list) throw fieldError(400, IMPORT_TOO_LONG, 'csv');
  if (list.emails.length === 0 && list.invalid === 0) throw fieldError(400, IMPORT_EMPTY, 'csv');
  const stored = await subscriberStatuses(db, list.emails);
  const at = now.toISOString();
  const inserted = await insertNewSubscribers(
    db,
    list.emails
      .filter((email) => !stored.has(email))
      .map((email) => ({
        id: randomUUID(),
        email,
        status: 'pending' as const,
        source: 'import',
        confirm_token_hash: null,
        confirm_expires_at: null,
        // Never mailed: the worker stores the hash of the token its mail carries when it claims the row.
        unsubscribe_token_hash: sha256Hex(newOpaqueToken()),
        created_at: at,
        confirmed_at: null,
        unsubscribed_at: null,
      })),
  );
  const unsubscribed = [...stored.values()].filter((status) => status === 'unsubscribed').length;
  const counts = {
    added: inserted.size,
    existing: list.emails.length - inserted.size - unsubscribed + list.duplicates,
    invalid: list.invalid,
    unsubscribed,
  };
  if (inserted.size > 0) wakeNewsletterSenders();
  return { message: importMessage(counts), ...counts };
}

// Issues.

const EMPTY_COUNTS: DeliveryCounts = { total: 0, queued: 0, sent: 0, failed: 0, interrupted: 0, skipped: 0 };

type IssueRow = Omit<Selectable<NewsletterIssuesTable>, 'body'>;

function summaryOf(row: IssueRow, counts: DeliveryCounts): NewsletterIssueSummary {
  return {
    _id: row.id,
    subject: row.subject,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sendStartedAt: row.send_started_at,
    sentAt: row.sent_at,
    counts,
  };
}

/** Each issue's deliveries counted the way the screen shows them. */
async function countsOf(db: Db, ids: readonly string[]): Promise<Map<string, DeliveryCounts>> {
  const counts = new Map<string, DeliveryCounts>();
  for (const row of await countDeliveries(db, ids)) {
    const c = counts.get(row.issue_id) ?? { ...EMPTY_COUNTS };
    c.total += row.n;
    if (row.status === 'queued' || row.status === 'sending') c.queued += row.n;
    else if (row.status === 'sent') c.sent += row.n;
    else if (row.status === 'skipped') c.skipped += row.n;
    else if (row.failure === 'interrupted') c.interrupted += row.n;
    else c.failed += row.n;
    counts.set(row.issue_id, c);
  }
  return counts;
}

/** GET /api/admin/newsletter/issues: newest first, each with its delivery counts. */
export async function listIssues(db: Db, page: number, pageSize: number): Promise<NewsletterIssuePage> {
  const { rows, total } = await listIssueRows(db, page, pageSize);
  const counts = await countsOf(
    db,
    rows.filter((r) => r.status !== 'draft').map((r) => r.id),
  );
  return { results: rows.map((r) => summaryOf(r, counts.get(r.id) ?? EMPTY_COUNTS)), total, page, pageSize };
}

/** GET /api/admin/newsletter/issues/{id}. */
export async function getIssue(db: Db, id: string): Promise<NewsletterIssue> {
  const row = await findIssue(db, id);
  if (!row) throw notFound(ISSUE_NOT_FOUND);
  const counts = row.status === 'draft' ? EMPTY_COUNTS : ((await countsOf(db, [id])).get(id) ?? EMPTY_COUNTS);
  return { ...summaryOf(row, counts), body: row.body };
}

/** The rich text as it is stored and mailed: the blog allow-list applied. */
const sanitized = async (input: IssueValues) => ({ subject: input.subject, body: await sanitizeRichText(input.body) });

/** POST /api/admin/newsletter/issues: a new draft. */
export async function createIssue(db: Db, input: IssueValues): Promise<NewsletterIssue> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await insertIssue(db, { id, ...(await sanitized(input)), status: 'draft', created_at: at, updated_at: at });
  return getIssue(db, id);
}

/** 404 for no issue, 409 for one that is no longer a draft. */
async function refuseUnlessDraft(db: Db, id: string): Promise<never> {
  if (!(await findIssue(db, id))) throw notFound(ISSUE_NOT_FOUND);
  throw new ApiError(409, ISSUE_ALREADY_SENT);
}

/** PUT /api/admin/newsletter/issues/{id}: a draft's subject and body. */
export async function updateIssue(db: Db, id: string, input: IssueValues): Promise<NewsletterIssue> {
  const changed = await updateDraftIssue(db, id, { ...(await sanitized(input)), updated_at: new Date().toISOString() });
  if (!changed) await refuseUnlessDraft(db, id);
  return getIssue(db, id);
}

/** DELETE /api/admin/newsletter/issues/{id}: drafts only (a sent issue is the record of what went out). */
export async function removeIssue(db: Db, id: string): Promise<void> {
  if (!(await deleteDraftIssue(db, id))) await refuseUnlessDraft(db, id);
}

/** POST /api/admin/newsletter/preview: the mail as a subscriber gets it, with a placeholder unsubscribe link. */
export async function previewIssue(deps: AdminDeps, input: IssueValues): Promise<IssuePreview> {
  const content = issueContent(await sanitized(input), deps.env.SITE_URL);
  const brand = await mailBrand(deps.db, deps.env.SITE_URL);
  const mail = issueMail(brand, 'preview@example.com', content, {
    unsubscribeUrl: `${deps.env.SITE_URL}/newsletter/unsubscribe`,
  });
  return { subject: mail.subject, html: mail.html, text: mail.text };
}

/** POST /api/admin/newsletter/test: the mail to the signed-in admin alone, its subject marked as a test. */
export async function sendTestIssue(deps: AdminDeps, to: string, input: IssueValues): Promise<void> {
  const content = issueContent(await sanitized(input), deps.env.SITE_URL);
  const brand = await mailBrand(deps.db, deps.env.SITE_URL);
  await deps.mailer.send(
    issueMail(
      brand,
      to,
      { ...content, subject: `[Test] ${content.subject}` },
      {
        unsubscribeUrl: `${deps.env.SITE_URL}/newsletter/unsubscribe`,
      },
    ),
  );
}

/**
 * POST /api/admin/newsletter/issues/{id}/send: queues one delivery per confirmed subscriber and wakes the send
 * worker. 409 when the issue was sent already, 400 when there is nobody to send to.
 */
export async function sendIssue(db: Db, id: string): Promise<NewsletterIssue> {
  const recipients = await queueIssue(db, id, new Date().toISOString());
  if (recipients === null) await refuseUnlessDraft(db, id);
  if (recipients === 0) throw new ApiError(400, NO_RECIPIENTS);
  wakeNewsletterSenders();
  return getIssue(db, id);
}
