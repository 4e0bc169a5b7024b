/**
 * The contact form's rules: POST /api/contact checks its JSON with them; the page's inputs carry the
 * same limits. Refusals are sentences a visitor can act on, with the field they are about.
 */
import { codePoints } from '../code-points.ts';
import { hasControlCharacters } from './control-characters.ts';
import type { FieldCheck } from './refusal.ts';
import { isObject } from './refusal.ts';

export const CONTACT_LIMITS = { name: 200, email: 254, subject: 200, message: 5000 } as const;

export type ContactField = keyof typeof CONTACT_LIMITS;

/** A message as the form sends it; `website` is the honeypot, empty for a person. */
export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** What the form shows once the server has stored the message (site-spec: Contact). */
export const CONTACT_SENT = 'Message sent successfully!';
export const CONTACT_TOO_MANY =
  'You have sent several messages in a short time. Please wait a few minutes and try again.';
/** A sender whose address the company blocked (blocked_senders) hears this, and nothing is kept or sent. */
export const SENDER_BLOCKED = 'Messages from this email address are not accepted. Please contact us another way.';

/** How each field is named in a sentence. */
const NOUN: Record<ContactField, string> = {
  name: 'Your name',
  email: 'Your email address',
  subject: 'The subject',
  message: 'Your message',
};
const MISSING: Record<ContactField, string> = {
  name: 'Please enter your name.',
  email: 'Please enter your email address.',
  subject: 'Please enter a subject.',
  message: 'Please write your message.',
};

/** One @, no spaces, a dot in the domain: what a reply can be sent to. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

const FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

const refuse = (field: ContactField, message: string) => ({ ok: false as const, field, message });

/** True when the honeypot field was filled in: a bot, answered like a person but never stored or mailed. */
export function isHoneypotFilled(body: unknown): boolean {
  if (!isObject(body)) return false;
  const website = body['website'];
  return typeof website === 'string' ? website.trim() !== '' : website !== undefined && website !== null;
}

/** One field of a message trimmed (CRLF as LF in the message), or its refusal as a sentence naming what to fix. */
export function checkContactField(field: ContactField, raw: unknown): FieldCheck<string> {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') return refuse(field, MISSING[field]);
  const multiline = field === 'message';
  const text = (raw ?? '').replace(/\r\n?/g, '\n').trim();
  if (text === '') return refuse(field, MISSING[field]);
  if (codePoints(text).length > CONTACT_LIMITS[field])
    return refuse(field, `${NOUN[field]} must be at most ${CONTACT_LIMITS[field]} characters.`);
  if (!text.isWellFormed() || hasControlCharacters(text, { multiline, header: !multiline })) {
    return refuse(
      field,
      multiline
        ? 'Your message contains characters that cannot be sent.'
        : `${NOUN[field]} must be on one line, without special characters.`,
    );
  }
  if (field === 'email' && !EMAIL.test(text))
    return refuse(field, 'Please enter a valid email address, like name@example.com.');
  return { ok: true, value: text };
}

/** The message's four fields trimmed, or the first refused one with a sentence naming what to fix. */
export function checkContactMessage(body: unknown): FieldCheck<ContactInput> {
  if (!isObject(body)) return { ok: false, field: 'body', message: 'The message could not be read. Please try again.' };
  const value: Partial<ContactInput> = {};
  for (const field of FIELDS) {
    const check = checkContactField(field, body[field]);
    if (!check.ok) return check;
    value[field] = check.value;
  }
  return { ok: true, value: value as ContactInput };
}
