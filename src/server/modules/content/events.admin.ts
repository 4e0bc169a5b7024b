/**
 * Events of Content Management: the admin list (drafts included), create and edit with an optional
 * cover picture (5 MiB, re-encoded), publish and delete. Times are stored as UTC instants with the event's time zone.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AdminEvent, EventValues } from '../../../shared/schemas/event-admin.ts';
import type { Db } from '../../db/connection.ts';
import type { EventsTable } from '../../db/schema.ts';
import { storeUploadedPicture, type UploadInput } from '../../media/upload-check.ts';
import { releaseMediaIfUnused, writeNamingFile } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import { readBack } from '../../db/read-back.ts';
import { recordAudit } from '../audit/audit.repository.ts';
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

const NOT_FOUND = 'Event';

const adminEvent = (row: Selectable<EventsTable>): AdminEvent => ({
  ...eventFromRow(row),
  published: bool(row.published),
  timeZone: row.time_zone || 'UTC',
  capacity: row.capacity,
  createdAt: row.created_at,
});

/** What a write answers, and whether the public site shows a change. */
export interface EventWrite {
  event: AdminEvent;
  publicChange: boolean;
}

/** GET /api/admin/events: every event, drafts included, soonest first. */
export async function adminEvents(db: Db): Promise<AdminEvent[]> {
  return (await listEventRows(db)).map(adminEvent);
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
  return writeNamingFile(ctx, picture, () =>
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
      const summary = `Event "${values.name}" created${values.published ? '' : ' as a draft'}`;
      await recordAudit(trx, ctx.actor, { action: 'event.create', target: { type: 'event', id }, summary });
      return {
        event: adminEvent(readBack(await findEventRow(trx, id), `event ${id}`)),
        publicChange: values.published,
      };
    }),
  );
}

/** PUT (every field, a new picture optional) or PATCH (publish state only) of /api/admin/events/:id. */
export async function updateEvent(
  ctx: ContentWriteContext,
  id: string,
  sent: EventValues | { published: boolean },
  upload?: UploadInput,
): Promise<EventWrite> {
  const values = await withKnownCategory(ctx.db, 'event', sent);
  if (!(await findEventRow(ctx.db, id))) throw missing(NOT_FOUND);
  const picture = upload ? (await storeUploadedPicture(ctx.db, ctx.dataDir, 'image', upload, 'event')).url : undefined;
  const result = await writeNamingFile(
    ctx,
    picture,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await findEventRow(trx, id);
        if (!before) throw missing(NOT_FOUND);
        const changes = 'name' in values ? columns(values) : values;
        await updateEventRow(trx, id, {
          ...changes,
          ...(picture ? { image: picture } : {}),
          updated_at: new Date().toISOString(),
        });
        await claimMedia(trx, picture);
        if (picture) await unclaimMedia(trx, before.image);
        await syncEventTicket(trx, id);
        const row = readBack(await findEventRow(trx, id), `event ${id}`);
        const was = bool(before.published);
        const is = bool(row.published);
        const summary =
          was === is
            ? `Event "${row.name}" edited${picture ? ' (new picture)' : ''}`
            : `Event "${row.name}" ${is ? 'published' : 'unpublished'}`;
        await recordAudit(trx, ctx.actor, { action: 'event.update', target: { type: 'event', id }, summary });
        return { event: adminEvent(row), publicChange: was || is, oldImage: before.image };
      }),
    (written) => (picture ? written.oldImage : undefined),
  );
  return { event: result.event, publicChange: result.publicChange };
}

/** DELETE /api/admin/events/:id, then its picture released. */
export async function deleteEvent(ctx: ContentWriteContext, id: string): Promise<{ publicChange: boolean }> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const found = await deleteEventRow(trx, id);
    if (!found) throw missing(NOT_FOUND);
    await unclaimMedia(trx, found.image);
    await syncEventTicket(trx, id);
    await recordAudit(trx, ctx.actor, {
      action: 'event.delete',
      target: { type: 'event', id },
      summary: `Event "${found.name}" deleted`,
    });
    return found;
  });
  await releaseMediaIfUnused(ctx.db, ctx.dataDir, row.image);
  return { publicChange: bool(row.published) };
}
