/** Reads the .eml files the server writes to DATA_DIR/outbox/ and pulls out codes and reset links. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMail {
  file: string;
  headers: Record<string, string>;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every leaf part, decoded (attachments too: an event's .ics). */
  parts: MailPart[];
}

export interface MailPart {
  type: string;
  headers: Record<string, string>;
  content: string;
}

const outbox = (dataDir: string) => join(dataDir, 'outbox');

/** Finished mails only (the server renames a .tmp into place), oldest first. */
export function mailFiles(dataDir: string): string[] {
  const dir = outbox(dataDir);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
  // Escape bare % first so decodeURIComponent sees only our escapes.
  return Buffer.from(decodeURIComponent(bytes.replace(/%(?![0-9A-Fa-f]{2})/g, '%25')), 'utf8').toString('utf8');
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Text and HTML parts of a message, whether single-part or multipart/alternative (possibly nested). */
function parts(headers: Record<string, string>, body: string): MailPart[] {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary)
    return [{ type: type.replace(/;.*/s, '').trim().toLowerCase(), headers, content: decodeBody(headers, body) }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => {
      const part = splitHead(chunk.replace(/^\r?\n/, ''));
      return parts(part.headers, part.body.replace(/\r?\n$/, ''));
    });
}

export function parseMail(dataDir: string, file: string): OutboxMail {
  const { headers, body } = splitHead(readFileSync(join(outbox(dataDir), file), 'utf8'));
  const all = parts(headers, body);
  return {
    file,
    headers,
    to: decodeWords(headers['to'] ?? ''),
    subject: decodeWords(headers['subject'] ?? ''),
    text: all.find((p) => p.type === 'text/plain')?.content ?? '',
    html: all.find((p) => p.type === 'text/html')?.content ?? '',
    parts: all,
  };
}

/** Waits for a mail to `to` that is not among `after` (the file list taken before the request). */
export async function waitForMail(
  dataDir: string,
  options: { to: string; after?: string[]; timeoutMs?: number; subject?: string },
): Promise<OutboxMail> {
  const seen = new Set(options.after ?? []);
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const fresh = mailFiles(dataDir)
      .filter((f) => !seen.has(f))
      .map((f) => parseMail(dataDir, f));
    // `subject`: a mail sent after an earlier request's answer (after the commit) may land after `after` was taken.
    const match = fresh
      .reverse()
      .find(
        (m) =>
          m.to.toLowerCase().includes(options.to.toLowerCase()) &&
          (options.subject === undefined || m.subject.includes(options.subject)),
      );
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no mail to ${options.to} within ${options.timeoutMs ?? 5000} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The six-digit code of a code mail. */
export function codeFrom(mail: OutboxMail): string {
  const code = /Your code: (\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail ${mail.file}`);
  return code;
}

/** The token of the reset link in a forgot-password mail. */
export function resetTokenFrom(mail: OutboxMail): string {
  const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in mail ${mail.file}`);
  return token;
}

/** The token of the link in a staff invitation mail (it travels in the fragment). */
export function invitationTokenFrom(mail: OutboxMail): string {
  const token = /\/accept-invitation#([A-Za-z0-9_-]{43})\b/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in mail ${mail.file}`);
  return token;
}
