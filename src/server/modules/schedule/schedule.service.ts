/**
 * Scheduled publishing: a staff member who may publish a type sets when one of its items is published or
 * unpublished, as a time on the store's clocks; the change waits in the database (a restart loses none) until the
 * runner (schedule-runner.ts) makes it, through the type's own publish write, as the person who set it.
 */
import { randomUUID } from 'node:crypto';
import {
  checkScheduleTime,
  SCHEDULE_NOT_WAITING,
  SCHEDULE_CANCELLED,
  SCHEDULE_ITEM_GONE,
  SCHEDULE_ITEMS_MAX,
  SCHEDULE_NOT_ALLOWED,
  SCHEDULE_NOT_FOUND,
  SCHEDULE_PERMISSION,
  SCHEDULE_TYPE_LABELS,
  SCHEDULE_TYPES,
  scheduledMessage,
  type ScheduleAction,
  type ScheduledChange,
  type ScheduleInput,
  type ScheduleItem,
  type ScheduleList,
  type ScheduleStatus,
  type ScheduleType,
} from '../../../shared/schemas/schedule.ts';
import { can } from '../../../shared/staff-roles.ts';
import { utcToZoned } from '../../../shared/time-zone.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError, fieldError, notFound } from '../../http/errors.ts';
import { NOT_YOUR_PART_MESSAGE } from '../../middleware/auth.ts';
import { actorName, recordAudit } from '../audit/audit.repository.ts';
import { findUserById } from '../auth/accounts.repository.ts';
import { bool } from '../content/content.mappers.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { userFromRow } from '../auth/user-dto.ts';
import type { SiteChange } from '../../site/site-changed.ts';
import { readStore } from '../store/store.service.ts';
import { PUBLISHERS } from './schedule-publishers.ts';
import {
  cancelPendingFor,
  cancelScheduledChange,
  claimChange,
  dueChanges,
  findItem,
  findScheduledChange,
  finishChange,
  insertScheduledChange,
  listItems,
  recentChanges,
  releaseAbandonedClaims,
  upcomingChanges,
  type ScheduledChangeRow,
} from './schedule.repository.ts';

/** How many made or failed changes the list shows. */
const RECENT_MAX = 20;
/** How many due changes one pass of the runner makes (the next pass takes the rest at once). */
const DUE_BATCH = 50;

export interface ScheduleContext {
  db: Db;
  actor: AuthUser;
}

function changeFromRow(row: ScheduledChangeRow): ScheduledChange {
  return {
    _id: row.id,
    type: row.item_type as ScheduleType,
    itemId: row.item_id,
    itemTitle: row.item_title,
    action: row.action as ScheduleAction,
    runAt: row.run_at,
    status: row.status as ScheduleStatus,
    createdBy: row.created_by_name,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    error: row.error,
  };
}

/** The store's zone: the clocks scheduled times are set and shown on. */
const storeTimeZone = async (db: Db) => (await readStore(db)).time_zone || 'UTC';

/** The audit entry's target: the item, by the singular its own writes use ('blog', 'audio'). */
const auditTarget = (type: string, id: string) => ({ type: type.replace(/s$/, ''), id });

const mayPublish = (role: string, type: string) =>
  (SCHEDULE_TYPES as readonly string[]).includes(type) && can(role, SCHEDULE_PERMISSION[type as ScheduleType]);

/** POST /api/admin/schedule: one pending change per item and action, so a new time replaces the old one. */
export async function scheduleChange(
  ctx: ScheduleContext,
  input: ScheduleInput,
  now = new Date(),
): Promise<{ change: ScheduledChange; message: string }> {
  if (!mayPublish(ctx.actor.role, input.type)) throw new ApiError(403, NOT_YOUR_PART_MESSAGE);
  const zone = await storeTimeZone(ctx.db);
  const when = checkScheduleTime(input.at, zone, now);
  if (!when.ok) throw fieldError(400, `Date and time ${when.rule}.`, 'at');
  const item = await findItem(ctx.db, input.type, input.id);
  if (!item) throw fieldError(404, `${SCHEDULE_TYPE_LABELS[input.type]} not found`, 'id');
  const at = now.toISOString();
  const row = {
    id: randomUUID(),
    item_type: input.type,
    item_id: input.id,
    item_title: item.title,
    action: input.action,
    run_at: when.runAt,
    status: 'pending',
    created_by: ctx.actor.id,
    created_by_name: actorName(ctx.actor),
    created_at: at,
    claimed_at: null,
    finished_at: null,
    error: null,
  };
  const change = changeFromRow(row);
  const message = scheduledMessage(change, utcToZoned(when.runAt, zone), zone);
  await ctx.db.transaction().execute(async (trx) => {
    await cancelPendingFor(trx, row, at);
    await insertScheduledChange(trx, row);
    await recordAudit(trx, ctx.actor, {
      action: 'schedule.create',
      target: auditTarget(input.type, input.id),
      summary: message,
    });
  });
  return { change, message };
}

/** GET /api/admin/schedule/items: a type's items, for the form; only a type the person may publish. */
export async function scheduleItems(ctx: ScheduleContext, type: ScheduleType): Promise<ScheduleItem[]> {
  if (!mayPublish(ctx.actor.role, type)) throw new ApiError(403, NOT_YOUR_PART_MESSAGE);
  return listItems(ctx.db, type, SCHEDULE_ITEMS_MAX);
}

/** GET /api/admin/schedule: the changes of the types the person may publish. */
export async function listSchedule(ctx: ScheduleContext): Promise<ScheduleList> {
  const [timeZone, upcoming, recent] = await Promise.all([
    storeTimeZone(ctx.db),
    upcomingChanges(ctx.db),
    recentChanges(ctx.db, RECENT_MAX),
  ]);
  const theirs = (rows: ScheduledChangeRow[]) =>
    rows.filter((row) => mayPublish(ctx.actor.role, row.item_type)).map(changeFromRow);
  return { timeZone, upcoming: theirs(upcoming), recent: theirs(recent) };
}

/** DELETE /api/admin/schedule/:id: withdraws a change that still waits. */
export async function cancelChange(ctx: ScheduleContext, id: string, now = new Date()): Promise<void> {
  const row = id.length <= 100 ? await findScheduledChange(ctx.db, id) : undefined;
  if (!row || !mayPublish(ctx.actor.role, row.item_type)) throw notFound(SCHEDULE_NOT_FOUND);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await cancelScheduledChange(trx, id, now.toISOString()))) throw new ApiError(409, SCHEDULE_NOT_WAITING);
    await recordAudit(trx, ctx.actor, {
      action: 'schedule.cancel',
      target: auditTarget(row.item_type, row.item_id),
      summary: `${SCHEDULE_CANCELLED}: ${row.action} of ${SCHEDULE_TYPE_LABELS[row.item_type as ScheduleType]} “${row.item_title}”`,
    });
  });
}

/** The person who set a change, as its write's actor; null when the account is gone, disabled or may not publish. */
async function actorOf(db: Db, row: ScheduledChangeRow): Promise<AuthUser | null> {
  const user = await findUserById(db, row.created_by);
  if (!user || bool(user.disabled)) return null;
  const actor: AuthUser = { ...userFromRow(user), id: user.id, sessionId: '', mustChangePassword: false };
  return mayPublish(actor.role, row.item_type) ? actor : null;
}

/** Why a change could not be made, in words for the list (never a stack). */
function failure(error: unknown): string {
  if (error instanceof ApiError) return error.status === 404 ? SCHEDULE_ITEM_GONE : error.message;
  return error instanceof Error ? error.message : 'unknown error';
}

/**
 * Makes every change due at `now`: each claimed first (a change another runner claimed is left to it), made through
 * its type's publish write, then marked done or failed. Answers the public site's changes, for one rebuild.
 */
export async function runDueChanges(db: Db, dataDir: string, now = new Date()): Promise<Set<SiteChange>> {
  const changed = new Set<SiteChange>();
  const released = await releaseAbandonedClaims(db);
  if (released > 0) console.error(JSON.stringify({ level: 'info', event: 'schedule.resumed', changes: released }));
  for (;;) {
    const due = await dueChanges(db, now.toISOString(), DUE_BATCH);
    if (due.length === 0) return changed;
    for (const row of due) {
      if (!(await claimChange(db, row.id, new Date().toISOString()))) continue;
      const publisher = PUBLISHERS[row.item_type as ScheduleType];
      let outcome: { status: 'done' } | { status: 'failed'; error: string };
      try {
        const actor = await actorOf(db, row);
        if (!actor) outcome = { status: 'failed', error: SCHEDULE_NOT_ALLOWED };
        else {
          if (await publisher.publish({ db, dataDir, actor }, row.item_id, row.action === 'publish'))
            changed.add(publisher.change);
          outcome = { status: 'done' };
        }
      } catch (error) {
        outcome = { status: 'failed', error: failure(error) };
      }
      await finishChange(db, row.id, outcome, new Date().toISOString());
      console.error(
        JSON.stringify({
          level: outcome.status === 'done' ? 'info' : 'error',
          event: `schedule.${outcome.status}`,
          id: row.id,
        }),
      );
    }
  }
}
