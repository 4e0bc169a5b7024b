/**
 * What a count is, decided without the database: which requests count (the page-view analytics' rules), what each
 * type counts and in which column, the key that makes a count once per visitor, item, kind and UTC day, and how a
 * batch of counts merges before it is written.
 */
import { createHash } from 'node:crypto';
import { addDays } from '../../../shared/analytics.ts';
import { COUNTED_KINDS, type ActivityKind, type ActivityType } from '../../../shared/activity.ts';
import { isBot, optsOut } from '../analytics/view-rules.ts';

/** The headers that decide whether a request is counted at all. */
export interface CountingHeaders {
  userAgent: string | undefined;
  dnt: string | undefined;
  gpc: string | undefined;
}

/** False for bots (and requests without a user agent), Do Not Track and Global Privacy Control: answered, never counted. */
export const isCounted = ({ userAgent, dnt, gpc }: CountingHeaders): boolean => !optsOut(dnt, gpc) && !isBot(userAgent);

/** Whether `type` counts `kind` at all (a product has views, no plays). */
export const countsKind = (type: ActivityType, kind: ActivityKind): boolean => COUNTED_KINDS[type].includes(kind);

/** The table each type lives in. */
export const TABLE_OF = {
  product: 'products',
  blog: 'blogs',
  photo: 'photos',
  video: 'videos',
  audio: 'audios',
  event: 'events',
  document: 'documents',
} as const satisfies Record<ActivityType, string>;

export type CounterColumn = 'views' | 'plays' | 'downloads';

/** The column a kind adds to. */
export const COLUMN_OF: Readonly<Record<ActivityKind, CounterColumn>> = {
  view: 'views',
  play: 'plays',
  download: 'downloads',
};

/**
 * The visitor of a day: an account by its id, else the address and browser; hashed with the day's salt, so the same
 * visitor within a day and nobody once the salt is gone.
 */
export function visitorOf(salt: string, who: { userId: string } | { ip: string; userAgent: string }): string {
  const hash = createHash('sha256').update(salt).update('\n');
  if ('userId' in who) hash.update(`user\n${who.userId}`);
  else hash.update(`${who.ip}\n${who.userAgent}`);
  return hash.digest('base64url');
}

/** The key of one count: a visitor, a kind and an item (kept with its day; unique per day). */
export const seenKey = (visitor: string, kind: ActivityKind, type: ActivityType, id: string): string =>
  createHash('sha256').update(`${visitor}\n${kind}\n${type}\n${id}`).digest('base64url');

/** One count waiting in the buffer. */
export interface PendingCount {
  day: string;
  seenKey: string;
  kind: ActivityKind;
  type: ActivityType;
  id: string;
  /** A signed-in viewer's view is also remembered for 'For You', with the item's tags (JSON text). */
  viewer?: { userId: string; tags: string };
}

/** A batch: counts by day and key, so a visitor's repeats within the batch are one. */
export type Batch = Map<string, PendingCount>;

const batchKey = (count: Pick<PendingCount, 'day' | 'seenKey'>) => `${count.day}\n${count.seenKey}`;

/** Adds a count to the batch unless the same visitor's count of the item and kind that day is in it; true if added. */
export function mergeCount(batch: Batch, count: PendingCount): boolean {
  const key = batchKey(count);
  if (batch.has(key)) return false;
  batch.set(key, count);
  return true;
}

/** A failed batch put back in front of what came since, without repeating a count. */
export function mergeBatches(older: Batch, newer: Batch): Batch {
  const merged: Batch = new Map(older);
  for (const count of newer.values()) mergeCount(merged, count);
  return merged;
}

/** What the counts found new add, per item and column: one update per item and column. */
export interface Increment {
  type: ActivityType;
  id: string;
  column: CounterColumn;
  by: number;
}

export function incrementsOf(counts: Iterable<Pick<PendingCount, 'kind' | 'type' | 'id'>>): Increment[] {
  const byItem = new Map<string, Increment>();
  for (const { kind, type, id } of counts) {
    const column = COLUMN_OF[kind];
    const key = `${type}\n${id}\n${column}`;
    const found = byItem.get(key);
    if (found) found.by += 1;
    else byItem.set(key, { type, id, column, by: 1 });
  }
  return [...byItem.values()];
}

/**
 * The earliest day whose counts are still remembered: yesterday too, so a count of yesterday still in a batch at
 * midnight meets its day's rows rather than counting again.
 */
export const oldestKeptDay = (today: string): string => addDays(today, -1);
