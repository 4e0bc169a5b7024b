/**
 * The newsletter's admin side: the bodies of the issue, preview, test and import routes under
 * /api/admin/newsletter, what they answer, and the sentences the server and the screen share.
 */
import { checkAgainst } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

export const ISSUE_SUBJECT_MAX = 150;
/** Rich-text HTML before sanitising; JSON bodies are capped at 100 KiB anyway (security.md R38). */
export const ISSUE_BODY_MAX = 90_000;
/** An import's text: at most this many characters and rows (split a longer list into several files). */
export const IMPORT_MAX_CHARS = 90_000;
export const IMPORT_MAX_ROWS = 5_000;
/** Issues per page of the admin list. */
export const ISSUES_PAGE_MAX = 50;
export const ISSUES_PAGE_DEFAULT = 10;

export const ISSUE_NOT_FOUND = 'Newsletter issue not found';
export const SUBSCRIBER_NOT_FOUND = 'Subscriber not found';
export const ISSUE_ALREADY_SENT = 'This issue has already been sent and can no longer be changed.';
export const NO_RECIPIENTS = 'There are no confirmed subscribers to send to.';
export const IMPORT_EMPTY = 'Paste or choose a CSV file with at least one email address.';
export const IMPORT_TOO_LONG = `The list is too long: at most ${IMPORT_MAX_CHARS.toLocaleString('en-US')} characters and ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows at a time. Split it into several files.`;

/** POST /api/admin/newsletter/issues, PUT …/issues/{id}, POST …/preview and …/test. */
export const IssueFields = z.object({
  subject: formText(ISSUE_SUBJECT_MAX).refine((v) => v !== '', 'is required'),
  body: formText(ISSUE_BODY_MAX, { multiline: true }).default(''),
});
export type IssueInput = z.input<typeof IssueFields>;
export type IssueValues = z.output<typeof IssueFields>;
export const checkIssue = checkAgainst(IssueFields, 'subject');

/** POST /api/admin/newsletter/subscribers/import: the CSV's text (an uploaded file is read in the browser). */
export const SubscriberImport = z.object({
  csv: z
    .string({ error: IMPORT_EMPTY })
    .max(IMPORT_MAX_CHARS, IMPORT_TOO_LONG)
    .refine((v) => v.isWellFormed(), IMPORT_EMPTY)
    .refine((v) => v.trim() !== '', IMPORT_EMPTY),
});
export const checkSubscriberImport = checkAgainst(SubscriberImport, 'csv');

/** GET /api/admin/newsletter/issues query. */
export const IssuesQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ISSUES_PAGE_MAX).default(ISSUES_PAGE_DEFAULT),
});
export const checkIssuesQuery = checkAgainst(IssuesQuery, 'page');

export const ISSUE_STATUSES = ['draft', 'sending', 'sent'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/** Where an issue's deliveries stand. */
export interface DeliveryCounts {
  /** Deliveries made when sending began (less any subscriber removed since). */
  total: number;
  /** Waiting for their turn, or being sent right now. */
  queued: number;
  sent: number;
  /** The mail server refused the mail (after the retries). */
  failed: number;
  /**
   * The server stopped while these were being sent: they may or may not have gone out, and are never sent again, so
   * that no one gets an issue twice.
   */
  interrupted: number;
  /** Unsubscribed (or removed) before their turn came. */
  skipped: number;
}

/** An issue as the admin list shows it (without its body). */
export interface NewsletterIssueSummary {
  _id: string;
  subject: string;
  status: IssueStatus;
  createdAt: string;
  updatedAt: string;
  sendStartedAt: string | null;
  /** When the last delivery was done. */
  sentAt: string | null;
  counts: DeliveryCounts;
}

export interface NewsletterIssue extends NewsletterIssueSummary {
  body: string;
}

export interface NewsletterIssuePage {
  results: NewsletterIssueSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/newsletter/audience: the subscribers per status (a send goes to the confirmed ones). */
export interface NewsletterAudience {
  pending: number;
  confirmed: number;
  unsubscribed: number;
}

/** POST …/subscribers/import: what became of the list's addresses. */
export interface ImportReport {
  message: string;
  /** New addresses, now pending, each mailed the confirmation link. */
  added: number;
  /** Already pending or confirmed (or twice in the list): left as they are. */
  existing: number;
  /** Rows without a valid address. */
  invalid: number;
  /** Addresses that unsubscribed: never subscribed again by an import. */
  unsubscribed: number;
}

/** POST …/preview: the mail as subscribers get it (with a placeholder unsubscribe link). */
export interface IssuePreview {
  subject: string;
  html: string;
  text: string;
}

/** The sentence an import answers with. */
export function importMessage({ added, existing, invalid, unsubscribed }: Omit<ImportReport, 'message'>): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return [
    `${n(added, 'address', 'addresses')} added (each asked to confirm)`,
    `${n(existing, 'was', 'were')} already there`,
    `${n(invalid, 'row', 'rows')} skipped as invalid`,
    `${n(unsubscribed, 'unsubscribed address', 'unsubscribed addresses')} skipped`,
  ]
    .join(', ')
    .concat('.');
}
