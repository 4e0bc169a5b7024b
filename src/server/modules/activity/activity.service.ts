/**
 * Counting without making anyone wait: a counted request only puts its count in an in-memory batch, written about
 * once a second (sooner when the batch is full, and when the server stops) in one transaction that keeps the first
 * count per visitor, item, kind and day (activity_seen) and adds those to the items' counters. Likes are written at
 * once, each toggle in a transaction that moves the counter only when the like row really came or went.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ActivityKind, ActivityType, ItemCounts, LikeAnswer, LikedType } from '../../../shared/activity.ts';
import { LIKED_TYPES } from '../../../shared/activity.ts';
import { utcDay } from '../../../shared/analytics.ts';
import type { Db } from '../../db/connection.ts';
import { settleSalt } from '../analytics/analytics.repository.ts';
import { recordView } from '../recommendations/user-views.repository.ts';
import {
  addToCounter,
  addToLikes,
  deleteLike,
  deleteSeenBefore,
  findPublishedItem,
  insertLike,
  insertSeen,
  likedAmong,
  readCounts,
} from './activity.repository.ts';
import {
  incrementsOf,
  mergeBatches,
  mergeCount,
  oldestKeptDay,
  seenKey,
  visitorOf,
  type Batch,
  type PendingCount,
} from './activity.rules.ts';

/** How long a count waits in memory at most before it is written. */
export const FLUSH_MS = 1000;
/** A batch this large is written at once. */
export const BATCH_MAX = 500;
/** While writes fail, at most this many counts wait; more are dropped (a count is never worth the server's memory). */
export const PENDING_MAX = 20_000;
/** A batch that failed this many times in a row is dropped, so a lost database cannot keep it forever. */
const TRIES_MAX = 3;

/** The buffer of one database's counts. */
export interface ActivityBuffer {
  add(count: PendingCount): void;
  /** Writes what is waiting (after a write already under way); resolves when it is written or given up. */
  flush(): Promise<void>;
  readonly pending: number;
}

export function createActivityBuffer(db: Db, now: () => Date = () => new Date()): ActivityBuffer {
  let batch: Batch = new Map();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let failures = 0;
  let purgedBefore = '';

  const write = async (counts: Batch) => {
    const keepFrom = oldestKeptDay(utcDay(now()));
    await db.transaction().execute(async (trx) => {
      if (purgedBefore !== keepFrom) await deleteSeenBefore(trx, keepFrom);
      const fresh = [...counts.values()].filter((c) => c.day >= keepFrom);
      const added = await insertSeen(
        trx,
        fresh.map((c) => ({ day: c.day, seen_key: c.seenKey })),
      );
      const counted = fresh.filter((c) => added.has(`${c.day}\n${c.seenKey}`));
      for (const increment of incrementsOf(counted)) await addToCounter(trx, increment);
      for (const c of counted)
        if (c.viewer && c.kind === 'view') await recordView(trx, c.viewer.userId, c.type, c.id, c.viewer.tags);
    });
    purgedBefore = keepFrom;
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing = writing.then(async () => {
      if (batch.size === 0) return;
      const counts = batch;
      batch = new Map();
      try {
        await write(counts);
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures < TRIES_MAX) {
          batch = mergeBatches(counts, batch);
          schedule();
        } else {
          failures = 0;
        }
        console.error(
          `activity: writing ${counts.size} counts failed${failures === 0 ? '; they are dropped' : ', tried again shortly'}:`,
          error instanceof Error ? error.message : error,
        );
      }
    });
    return writing;
  };

  const schedule = () => {
    if (timer || batch.size === 0) return;
    timer = setTimeout(() => void flush(), FLUSH_MS);
    // A count never keeps a process alive; a server that stops writes its batch (flushActivity).
    timer.unref();
  };

  return {
    add(count) {
      if (batch.size >= PENDING_MAX) return;
      mergeCount(batch, count);
      if (batch.size >= BATCH_MAX) void flush();
      else schedule();
    },
    flush,
    get pending() {
      return batch.size;
    },
  };
}

const buffers = new WeakMap<Db, ActivityBuffer>();

/** The buffer of this database, one per process, made on first use. */
export function activityBuffer(db: Db): ActivityBuffer {
  let buffer = buffers.get(db);
  if (!buffer) {
    buffer = createActivityBuffer(db);
    buffers.set(db, buffer);
  }
  return buffer;
}

/** Writes the counts still waiting for this database (graceful shutdown, tests). */
export async function flushActivity(db: Db): Promise<void> {
  await buffers.get(db)?.flush();
}

/** The day's salt of each database, kept in memory for the rest of the day (the page-view analytics' own salt). */
const salts = new WeakMap<Db, { day: string; salt: Promise<string> }>();

function daySalt(db: Db, day: string): Promise<string> {
  const known = salts.get(db);
  if (known?.day === day) return known.salt;
  const salt = settleSalt(db, day, randomBytes(32).toString('base64url'));
  salts.set(db, { day, salt });
  // A failed read is asked again by the next count.
  salt.catch(() => salts.delete(db));
  return salt;
}

/** Who is counted: the signed-in account, else the address and browser. */
export type Visitor = { userId: string } | { ip: string; userAgent: string };

/**
 * Puts one count of a published item in the batch; answers false for an unknown or unpublished item. The database is
 * read (the item, the day's salt once a day), never written, before the answer.
 */
export async function recordCount(
  db: Db,
  event: { kind: ActivityKind; type: ActivityType; id: string },
  visitor: Visitor,
  known?: { tags: string },
): Promise<boolean> {
  const item = known ?? (await findPublishedItem(db, event.type, event.id));
  if (!item) return false;
  const day = utcDay(new Date());
  const who = visitorOf(await daySalt(db, day), visitor);
  activityBuffer(db).add({
    day,
    seenKey: seenKey(who, event.kind, event.type, event.id),
    ...event,
    ...('userId' in visitor ? { viewer: { userId: visitor.userId, tags: item.tags } } : {}),
  });
  return true;
}

/** The counts of the published items among `ids`, and for likeable types whether `liker` likes each. */
export async function itemCounts(
  db: Db,
  type: ActivityType,
  ids: readonly string[],
  liker: string | null,
): Promise<Record<string, ItemCounts>> {
  const rows = await readCounts(db, type, ids);
  const liked = isLiked(type) && liker ? await likedAmong(db, type, liker, ids) : undefined;
  const results: Record<string, ItemCounts> = {};
  for (const { id, ...counts } of rows)
    results[id] = isLiked(type) ? { ...counts, liked: liked?.has(id) ?? false } : counts;
  return results;
}

export const isLiked = (type: string): type is LikedType => (LIKED_TYPES as readonly string[]).includes(type);

/** Likes or unlikes the item for `liker`; the counter moves only when the row came or went. Undefined: no such item. */
export async function setLike(
  db: Db,
  like: { type: LikedType; id: string; liker: string; userId: string | null },
  liked: boolean,
): Promise<Omit<LikeAnswer, 'key'> | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await findPublishedItem(trx, like.type, like.id))) return undefined;
    const changed = liked ? await insertLike(trx, like) : await deleteLike(trx, like);
    const likes = await addToLikes(trx, like.type, like.id, changed ? (liked ? 1 : -1) : 0);
    return { liked, likes };
  });
}

/** A guest's like key: random, signed with the server's key, so one cannot be made up or guessed. */
export function newLikeKey(secret: Buffer): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${likeKeyMac(secret, nonce)}`;
}

const likeKeyMac = (secret: Buffer, nonce: string) =>
  createHmac('sha256', secret).update(`like-key\n${nonce}`).digest('base64url').slice(0, 32);

/** Longest like key read; a longer one is refused without hashing it. */
export const LIKE_KEY_MAX = 80;

/** The liker a signed key stands for ('anon:<hash>'), or null for a key the server did not sign. */
export function likerOfKey(secret: Buffer, key: string): string | null {
  if (key.length > LIKE_KEY_MAX) return null;
  const [nonce, mac, ...rest] = key.split('.');
  if (!nonce || !mac || rest.length > 0 || !/^[\w-]{16,40}$/.test(nonce)) return null;
  const expected = Buffer.from(likeKeyMac(secret, nonce));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return `anon:${createHash('sha256').update(key).digest('base64url')}`;
}
