/**
 * The contact form: a message starts a conversation (source 'contact', unread by the
 * company) with it as the first visitor message, then the company is emailed about it (the company's address, else
 * the first admin's); the visitor is told it was sent once it is stored. A signed-in visitor's conversation belongs to
 * the account (read at /messages); a guest's has no account, and the reply is only mailed.
 */
import type { ContactInput } from '../../../shared/schemas/contact.ts';
import type { Db } from '../../db/connection.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import { insertConversation } from '../messages/messages.repository.ts';
import { contactMail } from './contact-mail.ts';
import { companyEmail, firstAdminEmail } from './contact.repository.ts';

export interface ContactContext {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
}

/** Where the company reads its messages: its own address, else the first admin's; '' when neither exists. */
export async function contactRecipient(db: Db): Promise<string> {
  return (await companyEmail(db)) || (await firstAdminEmail(db));
}

/** How long the answer waits for the mail: a slow SMTP server must not make a stored message look failed. */
export const MAIL_WAIT_MS = 8_000;

/** Mails the company about a stored message; a failure is logged, never thrown. */
async function mailCompany(
  ctx: ContactContext,
  id: string,
  input: ContactInput,
  via: 'contact' | 'account',
): Promise<void> {
  try {
    const to = await contactRecipient(ctx.db);
    if (to) await ctx.mailer.send(contactMail(await mailBrand(ctx.db, ctx.siteUrl), to, input, ctx.siteUrl, via));
    else console.error(`conversation ${id}: stored, but no company or admin email to send it to`);
  } catch (error) {
    console.error(
      `conversation ${id}: stored, but the mail to the company failed:`,
      error instanceof Error ? error.message : error,
    );
  }
}

/**
 * Mails the company about a new thread, waiting for the mail at most MAIL_WAIT_MS (it goes on after that). A mail
 * that fails is not the visitor's problem: the message is stored, and the admin reads it on the Messages screen.
 */
export async function notifyCompany(
  ctx: ContactContext,
  id: string,
  input: ContactInput,
  via: 'contact' | 'account',
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    mailCompany(ctx, id, input, via),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, MAIL_WAIT_MS))),
  ]);
  clearTimeout(timer);
}

/** Stores the message as a new conversation (the signed-in visitor's when `userId` is set), then mails the company. */
export async function receiveContactMessage(
  ctx: ContactContext,
  input: ContactInput,
  userId: string | null,
): Promise<string> {
  const id = await ctx.db.transaction().execute((trx) =>
    insertConversation(trx, {
      userId,
      name: input.name,
      email: input.email,
      subject: input.subject,
      source: 'contact',
      body: input.message,
      authorId: userId,
    }),
  );
  await notifyCompany(ctx, id, input, 'contact');
  return id;
}
