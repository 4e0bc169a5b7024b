/**
 * Events of Content Management: the admin list (drafts included), create and edit with an optional cover picture
 * (5 MiB, re-encoded), publish and delete. Times are stored as UTC instants with the event's time zone. Each create
 * and edit keeps a version (revisions/keep-revision.ts); an edit's ticket, price and capacity reach the event's
 * ticket product in the same transaction (events/event-tickets.service.ts).
 */
import { randomUUID } from 'node:crypto';
import type { DraftInfo } from '../../../shared/drafts.ts';
import type { AdminEvent, EventValues } from '../../../shared/schemas/event-admin.ts';
import { storeUploadedPicture, type UploadInput } from '../../media/upload-check.ts';
import { releaseEachIfUnused, writeNamingFile } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import { readBack } from '../../db/read-back.ts';
import type { Db } from '../../db/connection.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { ItemWriteNote } from '../drafts/draft.service.ts';
import { deleteDraftRow, draftInfo, draftInfos, findDraftRow } from '../drafts/drafts.repository.ts';
import { dropItemRevisions, keepItemVersion, pruneRevisions } from '../revisions/keep-revision.ts';
import {
  deleteEventRow,
  findEventRow,
  insertEventRow,
  listEventRows,
  updateEventRow,
} from './content.admin.repository.ts';
import { missing, type ContentWriteContext } from './content.admin.service.ts';
import { freeSlug } from '../../db/free-slug.ts';
import { bool, eventFromRow } from './content.mappers.ts';
import { withKnownCategory } from '../categories/category-check.ts';
import { syncEventTicket } from '../events/event-tickets.service.ts';
import { eventVersioned, type EventRow } from './event-versions.ts';

const NOT_FOUND = 'Event';

/** The event in the audit's words: `Event "Harbour festival"`. */
export const eventLabel = (name: string) => `Event "${name}"`;

const adminEvent = (row: EventRow, draft: DraftInfo | null): AdminEvent => ({
  ...eventFromRow(row),
  published: bool(row.published),
  timeZone: row.time_zone || 'UTC',
  capacity: row.capacity,
  createdAt: row.created_at,
  draft,
});

/** The row when there is one; else the event's 404. */
export function foundEvent<T>(row: T | undefined): T {
  if (!row) throw missing(NOT_FOUND);
  return row;
}

/** The event as the admin reads it, its draft included; 404 for none. */
export async function findAdminEvent(db: Db, id: string): Promise<AdminEvent> {
  const row = foundEvent(await findEventRow(db, id));
  const draft = await findDraftRow(db, 'event', id);
  return adminEvent(row, draft ? draftInfo(draft) : null);
}

/** What a write answers, and whether the public site shows a change. */
export interface EventWrite {
  event: AdminEvent;
  publicChange: boolean;
}

/** GET /api/admin/events: every event, drafts included, soonest first. */
export async function adminEvents(db: Db): Promise<AdminEvent[]> {
  const [rows, drafts] = await Promise.all([listEventRows(db), draftInfos(db, 'event')]);
  return rows.map((row) => adminEvent(row, drafts.get(row.id) ?? null));
}

function columns(v: EventValues) {
  return {
    name: v.name,
    title: v.title,
    description: v.description,
    start_date: v.startDate,
    end_date: v.endDate,
    time_zone: v.timeZone,
    event_type: v.eventType,
    is_virtual: v.isVirtual,
    location: v.location,
    address: v.address,
    city: v.city,
    category: v.category,
    price_cents: v.priceCents,
    capacity: v.capacity,
    published: v.published,
  };
}

/** POST /api/admin/events: the fields and an optional cover picture. */
export async function createEvent(
  ctx: ContentWriteContext,
  sent: EventValues,
  upload: UploadInput | undefined,
): Promise<EventWrite> {
  const values = await withKnownCategory(ctx.db, 'event', sent);
  const picture = upload ? (await storeUploadedPicture(ctx.db, ctx.dataDir, 'image', upload, 'event')).url : undefined;
  const id = randomUUID();
  await writeNamingFile(ctx, picture, () =>
    ctx.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const slug = await freeSlug(trx, 'events', values.name, 'event');
      await insertEventRow(trx, {
        id,
        slug,
        ...columns(values),
        image: picture ?? '',
        created_at: now,
        updated_at: now,
      });
      await claimMedia(trx, picture);
      await syncEventTicket(trx, id);
      const created = readBack(await findEventRow(trx, id), `event ${id}`);
      await keepItemVersion(trx, eventVersioned, ctx.actor, id, 'create', created);
      const summary = `${eventLabel(values.name)} created${values.published ? '' : ' as a draft'}`;
      await recordAudit(trx, ctx.actor, { action: 'event.create', target: { type: 'event', id }, summary });
    }),
  );
  return { event: await findAdminEvent(ctx.db, id), publicChange: values.published };
}

/** PUT /api/admin/events/:id: every field, a new picture optional. */
export async function updateEvent(
  ctx: ContentWriteContext,
  id: string,
  sent: EventValues,
  upload?: UploadInput,
): Promise<EventWrite> {
  const values = await withKnownCategory(ctx.db, 'event', sent);
  foundEvent(await findEventRow(ctx.db, id));
  const picture = upload ? (await storeUploadedPicture(ctx.db, ctx.dataDir, 'image', upload, 'event')).url : undefined;
  return writeEventChanges(ctx, id, values, picture, { what: 'edited', action: 'update' });
}

/**
 * Writes checked values and a stored picture to an event (a PUT, or a draft being published), its ticket product
 * brought in line in the same transaction, and keeps the version it made; a replaced picture leaves the media store
 * once nothing names it, and versions beyond the limit are pruned.
 */
export async function writeEventChanges(
  ctx: ContentWriteContext,
  id: string,
  values: EventValues,
  picture: string | undefined,
  { what, action, also }: ItemWriteNote,
): Promise<EventWrite> {
  const { before, after } = await writeNamingFile(
    ctx,
    picture,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = foundEvent(await findEventRow(trx, id));
        await updateEventRow(trx, id, {
          ...columns(values),
          ...(picture ? { image: picture } : {}),
          updated_at: new Date().toISOString(),
        });
        await claimMedia(trx, picture);
        if (picture && picture !== before.image) await unclaimMedia(trx, before.image);
        await syncEventTicket(trx, id);
        await also?.(trx);
        const after = readBack(await findEventRow(trx, id), `event ${id}`);
        await keepItemVersion(trx, eventVersioned, ctx.actor, id, action, after, before);
        const [was, is] = [bool(before.published), bool(after.published)];
        const summary =
          action === 'update' && was !== is
            ? `${eventLabel(after.name)} ${is ? 'published' : 'unpublished'}`
            : `${eventLabel(after.name)} ${what}${picture ? ' (new picture)' : ''}`;
        await recordAudit(trx, ctx.actor, { action: 'event.update', target: { type: 'event', id }, summary });
        return { before, after };
      }),
    (written) => (written.before.image !== written.after.image ? written.before.image : undefined),
  );
  await pruneRevisions(ctx, 'event', id);
  return {
    event: await findAdminEvent(ctx.db, id),
    publicChange: bool(before.published) || bool(after.published),
  };
}

/** PATCH /api/admin/events/:id: publishes the event or takes it back to a draft (no version: no field changes). */
export async function setEventPublished(ctx: ContentWriteContext, id: string, published: boolean): Promise<EventWrite> {
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const found = foundEvent(await findEventRow(trx, id));
    if (bool(found.published) === published) return false;
    await updateEventRow(trx, id, { published, updated_at: new Date().toISOString() });
    // An unpublished event sells no tickets; published again, they are on sale again.
    await syncEventTicket(trx, id);
    await recordAudit(trx, ctx.actor, {
      action: 'event.update',
      target: { type: 'event', id },
      summary: `${eventLabel(found.name)} ${published ? 'published' : 'unpublished'}`,
    });
    return true;
  });
  return { event: await findAdminEvent(ctx.db, id), publicChange: changed };
}

/** DELETE /api/admin/events/:id: the row, its draft and versions, then every picture only they named released. */
export async function deleteEvent(ctx: ContentWriteContext, id: string): Promise<{ publicChange: boolean }> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const found = foundEvent(await deleteEventRow(trx, id));
    const draft = await deleteDraftRow(trx, 'event', id);
    await unclaimMedia(trx, found.image, draft?.picture);
    const versionPictures = await dropItemRevisions(trx, 'event', id);
    await syncEventTicket(trx, id);
    await recordAudit(trx, ctx.actor, {
      action: 'event.delete',
      target: { type: 'event', id },
      summary: `${eventLabel(found.name)} deleted`,
    });
    return { ...found, dropped: [found.image, draft?.picture, ...versionPictures] };
  });
  await releaseEachIfUnused(ctx, row.dropped);
  return { publicChange: bool(row.published) };
}
