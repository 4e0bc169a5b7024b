/** Outgoing mail through nodemailer: SMTP_URL when set, otherwise RFC 822 files in DATA_DIR/outbox/ (contract). */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { storageFailure } from '../db/storage-errors.ts';
import { reportStorageFull } from '../db/storage-health.ts';
import { writeFileAtomically } from '../durable-file.ts';
import type { Env } from '../env.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Display name of the sender, e.g. the company name. */
  fromName: string;
  /** Where a reply goes (the visitor of the contact form); CR/LF are dropped from both parts. */
  replyTo?: { name: string; address: string };
  /** The address's unsubscribe page, sent as a List-Unsubscribe header (newsletter mail). */
  unsubscribeUrl?: string;
  /** More header fields (List-Unsubscribe-Post); CR/LF are dropped from names and values. */
  headers?: Record<string, string>;
  /** Files sent with the mail (an event's .ics); text content, with its media type. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Outbound SMTP never hangs a request for long (security.md R32). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** CR/LF never reach a header, whatever the caller passed. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export function senderAddress(env: Pick<Env, 'MAIL_FROM' | 'SITE_URL'>): string {
  return env.MAIL_FROM ?? `no-reply@${new URL(env.SITE_URL).hostname}`;
}

/** One .eml file (mode 0600, R67), whole or not at all; a full disk is reported to health (R72). */
async function writeOutboxFile(dataDir: string, raw: Buffer): Promise<void> {
  const dir = join(dataDir, 'outbox');
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFileAtomically(join(dir, name), raw, 0o600);
  } catch (error) {
    if (storageFailure(error) === 'full') reportStorageFull(dataDir, 'the mail outbox');
    throw error;
  }
}

export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'SITE_URL' | 'DATA_DIR'>): Mailer {
  const from = senderAddress(env);
  const envelope = (m: MailMessage) => ({
    from: { name: oneLine(m.fromName), address: from },
    to: m.to,
    subject: oneLine(m.subject),
    text: m.text,
    html: m.html,
    ...(m.replyTo ? { replyTo: { name: oneLine(m.replyTo.name), address: oneLine(m.replyTo.address) } } : {}),
    ...(m.unsubscribeUrl ? { list: { unsubscribe: oneLine(m.unsubscribeUrl) } } : {}),
    ...(m.headers
      ? { headers: Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [oneLine(k), oneLine(v)])) }
      : {}),
    ...(m.attachments?.length
      ? { attachments: m.attachments.map((a) => ({ ...a, filename: oneLine(a.filename) })) }
      : {}),
  });
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS });
    return {
      async send(message) {
        await transport.sendMail(envelope(message));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(message));
      await writeOutboxFile(env.DATA_DIR, info.message as Buffer);
    },
  };
}
