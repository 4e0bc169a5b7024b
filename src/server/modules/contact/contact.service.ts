/**
 * The contact form (issue 18 item 5): a message is stored first, then the company is emailed about it (the company's
 * address, else the first admin's); the visitor is told it was sent once it is stored. A filled honeypot is answered
 * alike and leaves no trace.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { ContactInput, ContactMessage, ContactMessagePage } from '../../../shared/schemas/contact.ts';
import type { Db } from '../../db/connection.ts';
import type { ContactMessagesTable } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import { contactMail } from './contact-mail.ts';
import { companyEmail, firstAdminEmail, insertContactMessageRow, listContactMessageRows } from './contact.repository.ts';

export interface ContactContext {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
}

export function contactMessageFromRow(row: Selectable<ContactMessagesTable>): ContactMessage {
  return { _id: row.id, name: row.name, email: row.email, subject: row.subject, message: row.message, createdAt: row.created_at, readAt: row.read_at };
}

/** Where the company reads its messages: its own address, else the first admin's; '' when neither exists. */
export async function contactRecipient(db: Db): Promise<string> {
  return (await companyEmail(db)) || (await firstAdminEmail(db));
}

/** How long the answer waits for the mail: a slow SMTP server must not make a stored message look failed. */
export const MAIL_WAIT_MS = 8_000;

/** Mails the company about a stored message; a failure is logged, never thrown. */
async function notifyCompany(ctx: ContactContext, id: string, input: ContactInput): Promise<void> {
  try {
    const to = await contactRecipient(ctx.db);
    if (to) await ctx.mailer.send(contactMail(await mailBrand(ctx.db, ctx.siteUrl), to, input, ctx.siteUrl));
    else console.error(`contact message ${id}: stored, but no company or admin email to send it to`);
  } catch (error) {
    console.error(`contact message ${id}: stored, but the mail to the company failed:`, error instanceof Error ? error.message : error);
  }
}

/**
 * Stores the message, then mails the company, waiting for the mail at most MAIL_WAIT_MS (it goes on after that).
 * A mail that fails is not the visitor's problem: the message is stored, and the admin reads it there.
 */
export async function receiveContactMessage(ctx: ContactContext, input: ContactInput): Promise<ContactMessage> {
  const id = randomUUID();
  const row = { id, ...input, created_at: new Date().toISOString(), read_at: null };
  await insertContactMessageRow(ctx.db, row);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([notifyCompany(ctx, id, input), new Promise<void>((resolve) => (timer = setTimeout(resolve, MAIL_WAIT_MS)))]);
  clearTimeout(timer);
  return contactMessageFromRow(row);
}

/** GET /api/admin/contact-messages. */
export async function listContactMessages(db: Db, page: number, pageSize: number): Promise<ContactMessagePage> {
  const { rows, total } = await listContactMessageRows(db, page, pageSize);
  return { results: rows.map(contactMessageFromRow), total, page, pageSize };
}
