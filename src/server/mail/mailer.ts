/** Outgoing mail through nodemailer: SMTP_URL when set, otherwise RFC 822 files in DATA_DIR/outbox/ (contract). */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { storageFailure } from '../db/storage-errors.ts';
import { reportStorageFull } from '../db/storage-health.ts';
import type { Env } from '../env.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Display name of the sender, e.g. the company name. */
  fromName: string;
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

/** Writes the bytes to a new file (mode 0600, R67) and flushes them to disk before returning. */
async function writeDurably(file: string, data: Buffer): Promise<void> {
  const handle = await open(file, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a rename to disk; some platforms cannot open or sync a directory, and the file itself is already safe. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null);
  await handle?.sync().catch(() => {});
  await handle?.close();
}

/**
 * Writes the message to a temporary name, syncs it, then renames it, so readers never see half a file; on failure
 * (a full disk above all, R72) the temporary file is removed, so nothing empty or partial is left behind.
 */
async function writeOutboxFile(dataDir: string, raw: Buffer): Promise<void> {
  const dir = join(dataDir, 'outbox');
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}`;
  const temp = join(dir, `.${name}.tmp`);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeDurably(temp, raw);
    await rename(temp, join(dir, `${name}.eml`));
  } catch (error) {
    await rm(temp, { force: true }).catch(() => {});
    if (storageFailure(error) === 'full') reportStorageFull(dataDir, 'the mail outbox');
    throw error;
  }
  await syncDirectory(dir);
}

export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'SITE_URL' | 'DATA_DIR'>): Mailer {
  const from = senderAddress(env);
  const envelope = (m: MailMessage) => ({ from: { name: oneLine(m.fromName), address: from }, to: m.to, subject: oneLine(m.subject), text: m.text, html: m.html });
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
