/** The pure rules of the two Messages screens: list order after a change, times, the open thread in the URL. */
import type { ConversationSummary } from '../../shared/messages.ts';

/** The list with `summary` put in (replacing the thread of its id), newest activity first. */
export function withSummary<T extends ConversationSummary>(list: readonly T[], summary: T): T[] {
  return [summary, ...list.filter((c) => c._id !== summary._id)].sort((a, b) =>
    a.lastMessageAt < b.lastMessageAt ? 1 : a.lastMessageAt > b.lastMessageAt ? -1 : 0,
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

interface Parts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

/** The instant's calendar parts in the browser's time zone, or in UTC (tests, and the same answer everywhere). */
function partsOf(date: Date, utc: boolean): Parts {
  return utc
    ? {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth(),
        day: date.getUTCDate(),
        hours: date.getUTCHours(),
        minutes: date.getUTCMinutes(),
      }
    : {
        year: date.getFullYear(),
        month: date.getMonth(),
        day: date.getDate(),
        hours: date.getHours(),
        minutes: date.getMinutes(),
      };
}

const clock = (p: Parts) => `${p.hours % 12 || 12}:${String(p.minutes).padStart(2, '0')} ${p.hours < 12 ? 'AM' : 'PM'}`;

/**
 * A message's time as a conversation shows it: '3:05 PM' today, 'Nov 22, 3:05 PM' this year, 'Nov 22, 2025' before;
 * '' for a time that is not one. `short` leaves the clock out of older days (the inbox's date column).
 */
export function messageTime(
  iso: string,
  { now = new Date(), utc = false, short = false }: { now?: Date; utc?: boolean; short?: boolean } = {},
): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const p = partsOf(new Date(at), utc);
  const today = partsOf(now, utc);
  if (p.year === today.year && p.month === today.month && p.day === today.day) return clock(p);
  const day = `${MONTHS[p.month]} ${p.day}`;
  if (p.year !== today.year) return `${day}, ${p.year}`;
  return short ? day : `${day}, ${clock(p)}`;
}

/** The thread id in a page's query (?id=…), when it is a plausible one. */
export function threadIdFrom(search: string): string | null {
  const id = new URLSearchParams(search).get('id');
  return id && /^[\w-]{1,100}$/.test(id) ? id : null;
}

/** The page's query with the open thread set (or removed for null), other parameters kept. */
export function searchWithThread(search: string, id: string | null): string {
  const params = new URLSearchParams(search);
  if (id) params.set('id', id);
  else params.delete('id');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** 'Message from Carol' when a new thread is sent without a subject: the composer's placeholder says so. */
export const NEW_THREAD_HINT = 'Optional: what is it about?';
