/**
 * Scheduled publishing: a staff member sets a date and time, on the store's clocks, when an item is published or
 * unpublished. The server keeps each change in the database and makes it at its time (server/modules/schedule);
 * shared with the Scheduled screen, which shows the same rules and texts.
 */
import type { Permission } from '../staff-roles.ts';
import { zonedToUtc } from '../time-zone.ts';
import { checkWithSentences } from './refusal.ts';
import { z } from './zod.ts';

/** What can be scheduled: every content type with a publish state, by its admin API's name. */
export const SCHEDULE_TYPES = [
  'products',
  'blogs',
  'events',
  'photos',
  'videos',
  'audios',
  'pages',
  'plans',
  'documents',
] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

export const SCHEDULE_TYPE_LABELS: Record<ScheduleType, string> = {
  products: 'Product',
  blogs: 'Blog post',
  events: 'Event',
  photos: 'Photo',
  videos: 'Video',
  audios: 'Audio',
  pages: 'Page',
  plans: 'Plan',
  documents: 'Document',
};

/**
 * The part of the admin that may publish each type, and so schedule it: the shop's products are the shop's, the rest
 * is content (an author, who may not publish, may not schedule either).
 */
export const SCHEDULE_PERMISSION: Record<ScheduleType, Permission> = {
  products: 'shop',
  blogs: 'content',
  events: 'content',
  photos: 'content',
  videos: 'content',
  audios: 'content',
  pages: 'content',
  plans: 'content',
  documents: 'content',
};

export const SCHEDULE_ACTIONS = ['publish', 'unpublish'] as const;
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number];

/** pending: waits for its time; running: being made now; done, failed (with its reason) or cancelled. */
export type ScheduleStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

/** The furthest ahead a change may be set. */
export const SCHEDULE_MAX_DAYS = 2 * 366;

export const SCHEDULE_AT_INVALID = 'must be a date and time such as 2027-03-01T09:00';
export const SCHEDULE_AT_PAST = 'must be in the future';
export const SCHEDULE_AT_TOO_FAR = `must be within ${SCHEDULE_MAX_DAYS} days`;
export const SCHEDULE_ITEM_GONE = 'The item no longer exists';
export const SCHEDULE_NOT_ALLOWED = 'Whoever scheduled this may no longer publish it';
export const SCHEDULE_CANCELLED = 'Scheduled change cancelled';
export const SCHEDULE_NOT_FOUND = 'Scheduled change not found';
export const SCHEDULE_NOT_WAITING = 'This change no longer waits: it was made or cancelled';

/**
 * POST /api/admin/schedule: the item, what happens to it, and when, as a wall-clock time on the store's clocks
 * ('YYYY-MM-DDTHH:mm', seconds allowed). `at` is checked against the zone and the present by checkScheduleTime.
 */
export const ScheduleBody = z.object({
  type: z.enum(SCHEDULE_TYPES, { error: `must be one of ${SCHEDULE_TYPES.join(', ')}` }),
  id: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  action: z.enum(SCHEDULE_ACTIONS, { error: 'must be publish or unpublish' }),
  at: z.string({ error: SCHEDULE_AT_INVALID }).trim().min(1, SCHEDULE_AT_INVALID),
});
export type ScheduleInput = z.infer<typeof ScheduleBody>;
export const checkSchedule = checkWithSentences(ScheduleBody);

/**
 * The UTC instant of `local` on the clocks of `zone`, or the rule it breaks: a time that is not one, one not after
 * `now`, or one more than SCHEDULE_MAX_DAYS ahead.
 */
export function checkScheduleTime(
  local: string,
  zone: string,
  now: Date,
): { ok: true; runAt: string } | { ok: false; rule: string } {
  const runAt = zonedToUtc(local, zone);
  if (runAt === null) return { ok: false, rule: SCHEDULE_AT_INVALID };
  const ms = Date.parse(runAt);
  if (ms <= now.getTime()) return { ok: false, rule: SCHEDULE_AT_PAST };
  if (ms > now.getTime() + SCHEDULE_MAX_DAYS * 86_400_000) return { ok: false, rule: SCHEDULE_AT_TOO_FAR };
  return { ok: true, runAt };
}

/** GET /api/admin/schedule/items?type=…: the type's items the form offers. */
export const ScheduleItemsQuery = z.object({
  type: z.enum(SCHEDULE_TYPES, { error: `must be one of ${SCHEDULE_TYPES.join(', ')}` }),
});
export const checkScheduleItemsQuery = checkWithSentences(ScheduleItemsQuery);

/** An item the form offers: its id, title and whether it is published now. */
export interface ScheduleItem {
  _id: string;
  title: string;
  published: boolean;
}

/** The most items the form offers per type (the newest titles past it are found by their id in the type's screen). */
export const SCHEDULE_ITEMS_MAX = 1000;

/** A scheduled change as the Scheduled screen lists it. */
export interface ScheduledChange {
  _id: string;
  type: ScheduleType;
  itemId: string;
  /** The item's title when the change was set. */
  itemTitle: string;
  action: ScheduleAction;
  /** The UTC instant it is made at. */
  runAt: string;
  status: ScheduleStatus;
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
  /** Why a failed change was not made. */
  error: string | null;
}

/** GET /api/admin/schedule: what waits, soonest first; what was made or failed lately, newest first; the zone. */
export interface ScheduleList {
  timeZone: string;
  upcoming: ScheduledChange[];
  recent: ScheduledChange[];
}

/** 'Blog post “Spring notes” will be published on 2027-03-01 at 09:00 (Europe/Paris).' */
export function scheduledMessage(
  change: Pick<ScheduledChange, 'type' | 'itemTitle' | 'action'>,
  local: string,
  zone: string,
) {
  const [day, time] = local.split('T');
  return `${SCHEDULE_TYPE_LABELS[change.type]} “${change.itemTitle}” will be ${change.action}ed on ${day} at ${(time ?? '').slice(0, 5)} (${zone}).`;
}
