/**
 * Counting what visitors do: views, likes, plays and downloads of every content type.
 * POST /api/activity { kind, type, id }: 202 whether counted or not (bots, Do Not Track, Global Privacy Control,
 * a visitor's repeat that day), 404 for an item that is not published, 429 past the address's bound.
 * GET /api/activity/counts?type=&ids=a,b: the current counts (and whether this visitor likes each likeable one).
 * PUT and DELETE /api/likes/{type}/{id}: like and unlike a photo or video, as the account or with a guest's signed key.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  ACTIVITY_ID_MAX,
  ACTIVITY_KINDS,
  ACTIVITY_TYPES,
  COUNTS_MAX_IDS,
  LIKE_KEY_HEADER,
  LIKED_TYPES,
  type ActivityEvent,
  type LikeAnswer,
  type LikedType,
} from '../../../shared/activity.ts';
import { checkBody, checkAgainst, type FieldCheck } from '../../../shared/schemas/refusal.ts';
import { z } from '../../../shared/schemas/zod.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Db } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { addressLimit } from '../../http/address-limit.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { windowDecision, windowLive, windowRecord, type WindowRule, type WindowState } from '../../http/rate-limit.ts';
import { jsonBody, validParam, validQuery } from '../../http/valid-input.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { countsKind, isCounted } from './activity.rules.ts';
import { itemCounts, likerOfKey, newLikeKey, recordCount, setLike, type Visitor } from './activity.service.ts';

/** Counts one address may send per minute (an office behind one address included); more are answered 429. */
export const ACTIVITY_LIMIT = { limit: 300, windowMs: 60_000 } as const;
/** Likes and unlikes one address may send per minute. */
export const LIKE_LIMIT = { limit: 60, windowMs: 60_000 } as const;
export const ACTIVITY_TOO_MANY = 'Too many counts from this address; try again in a minute.';
export const LIKE_TOO_MANY = 'Too many likes from this address; try again in a minute.';
export const ITEM_NOT_FOUND = 'No such item';
export const BAD_LIKE_KEY = 'The like key is not one this site gave; forget it and like again.';
/** Addresses remembered by the count bound before the idle ones are forgotten. */
const ADDRESSES_MAX = 10_000;

const ItemId = z
  .string()
  .min(1, 'is required')
  .max(ACTIVITY_ID_MAX, `must be at most ${ACTIVITY_ID_MAX} characters`)
  .regex(/^[\w-]+$/, 'must be an item id');

const ActivityBody = z.object({
  kind: z.enum(ACTIVITY_KINDS, { error: `must be one of ${ACTIVITY_KINDS.join(', ')}` }),
  type: z.enum(ACTIVITY_TYPES, { error: `must be one of ${ACTIVITY_TYPES.join(', ')}` }),
  id: ItemId,
});

/** The body as counted: its kind must be one its type counts. */
function checkActivity(body: unknown): FieldCheck<z.output<typeof ActivityBody>> {
  const checked = checkBody(ActivityBody, body);
  if (checked.ok && !countsKind(checked.value.type, checked.value.kind))
    return { ok: false, field: 'kind', message: `A ${checked.value.type} has no ${checked.value.kind}s counted.` };
  return checked;
}

const CountsQuery = z.object({
  type: z.enum(ACTIVITY_TYPES, { error: `must be one of ${ACTIVITY_TYPES.join(', ')}` }),
  ids: z
    .string({ error: 'is required' })
    .transform((text) => [...new Set(text.split(',').filter((id) => id !== ''))])
    .pipe(
      z
        .array(ItemId)
        .min(1, 'must name at least one item')
        .max(COUNTS_MAX_IDS, `must name at most ${COUNTS_MAX_IDS} items`),
    ),
});

const LikeParam = z.object({
  type: z.enum(LIKED_TYPES, { error: `must be one of ${LIKED_TYPES.join(', ')}` }),
  id: ItemId,
});

/** The addresses' recent counts, in this process: a database write per count would undo the batching. */
function countBound(rule: WindowRule) {
  const hits = new Map<string, WindowState>();
  return (address: string): boolean => {
    const now = Date.now();
    const state = hits.get(address) ?? [];
    if (!windowDecision(state, rule, now).allowed) return false;
    hits.set(address, windowRecord(state, rule, now));
    if (hits.size > ADDRESSES_MAX)
      for (const [key, value] of hits) if (windowLive(value, rule, now).length === 0) hits.delete(key);
    return true;
  };
}

/** The request's visitor: the signed-in account, else its address and browser. */
const visitorOf = (c: Context<AppEnv>): Visitor => {
  const user = c.get('user');
  return user ? { userId: user.id } : { ip: clientIp(c), userAgent: c.req.header('user-agent') ?? '' };
};

/** One bound per database in this process, shared by every route that counts. */
const bounds = new WeakMap<Db, (address: string) => boolean>();
function withinBound(db: Db, address: string): boolean {
  let bound = bounds.get(db);
  if (!bound) {
    bound = countBound({ kind: 'window', ...ACTIVITY_LIMIT });
    bounds.set(db, bound);
  }
  return bound(address);
}

/**
 * Counts what the request did, as every count is: not at all for bots, Do Not Track or Global Privacy Control
 * ('skipped'), refused past the address's bound ('limited'); 'unknown' for an item that is not published. `item`
 * skips the read of an item the caller has just read.
 */
export async function countRequest(
  c: Context<AppEnv>,
  event: ActivityEvent,
  item?: { tags: string },
): Promise<'counted' | 'skipped' | 'limited' | 'unknown'> {
  const headers = { userAgent: c.req.header('user-agent'), dnt: c.req.header('dnt'), gpc: c.req.header('sec-gpc') };
  if (!isCounted(headers)) return 'skipped';
  if (c.get('env').RATE_LIMITS === 'on' && !withinBound(c.get('db'), clientIp(c))) return 'limited';
  return (await recordCount(c.get('db'), event, visitorOf(c), item)) ? 'counted' : 'unknown';
}

export function activityRoutes(deps: Deps) {
  const router = new Hono<AppEnv>();
  const secretOf = () => deps.keys.likeKey;
  const likeLimit = addressLimit('likes.ip', LIKE_LIMIT, LIKE_TOO_MANY);

  /** The signed-in account's liker, else the guest key's; a key the server did not sign is refused. */
  const likerOf = (c: Context<AppEnv>, refuseForged: boolean): string | null => {
    const user = c.get('user');
    if (user) return `user:${user.id}`;
    const key = c.req.header(LIKE_KEY_HEADER);
    if (!key) return null;
    const liker = likerOfKey(secretOf(), key);
    if (!liker && refuseForged) throw fieldError(400, BAD_LIKE_KEY, 'key');
    return liker;
  };

  router.post('/activity', jsonBody(checkActivity), async (c) => {
    const outcome = await countRequest(c, c.req.valid('json'));
    if (outcome === 'limited') throw new ApiError(429, ACTIVITY_TOO_MANY, { headers: { 'Retry-After': '60' } });
    if (outcome === 'unknown') throw new ApiError(404, ITEM_NOT_FOUND);
    return c.body(null, 202);
  });

  router.get('/activity/counts', validQuery(checkAgainst(CountsQuery, 'ids')), async (c) => {
    const { type, ids } = c.req.valid('query');
    // Whether this visitor likes each item is theirs alone, and counts move all the time.
    c.header('Cache-Control', 'private, no-store');
    c.header('Vary', 'Authorization', { append: true });
    return c.json({ results: await itemCounts(c.get('db'), type, ids, likerOf(c, false)) });
  });

  const toggle = (liked: boolean) => async (c: Context<AppEnv>, type: LikedType, id: string) => {
    const db = c.get('db');
    c.header('Cache-Control', 'no-store');
    let liker = likerOf(c, true);
    let key: string | undefined;
    if (!liker && liked) {
      // A guest's first like makes their key, which they send from then on.
      key = newLikeKey(secretOf());
      liker = likerOfKey(secretOf(), key);
    }
    if (!liker) {
      // A guest without a key has nothing to undo.
      const counts = (await itemCounts(db, type, [id], null))[id];
      if (!counts) throw new ApiError(404, ITEM_NOT_FOUND);
      return c.json({ liked: false, likes: counts.likes ?? 0 } satisfies LikeAnswer);
    }
    const answer = await setLike(db, { type, id, liker, userId: c.get('user')?.id ?? null }, liked);
    if (!answer) throw new ApiError(404, ITEM_NOT_FOUND);
    return c.json({ ...answer, ...(key ? { key } : {}) } satisfies LikeAnswer);
  };
  const like = toggle(true);
  const unlike = toggle(false);
  const likeParam = validParam(checkAgainst(LikeParam, 'id'));

  router.put('/likes/:type/:id', likeLimit, likeParam, (c) =>
    like(c, c.req.valid('param').type, c.req.valid('param').id),
  );
  router.delete('/likes/:type/:id', likeLimit, likeParam, (c) =>
    unlike(c, c.req.valid('param').type, c.req.valid('param').id),
  );

  return router;
}
