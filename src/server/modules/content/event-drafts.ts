/**
 * An event as its drafts and versions see it (drafts/draft.service.ts), and its draft and history calls under
 * /api/admin/events/:id (the guard's `content` part: whoever may change an event may keep a draft of it and publish
 * it). A draft holds every field the event's PUT takes, its ticket price and capacity among them: they reach the
 * event, its ticket product and its waiting list only when the draft is published, through the event's own write.
 */
import { omit } from '../../../shared/omit.ts';
import { checkEvent, type AdminEvent, type EventDraftFields } from '../../../shared/schemas/event-admin.ts';
import type { SiteEvent } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { passed } from '../../http/valid-input.ts';
import { withKnownCategory } from '../categories/category-check.ts';
import type { DraftRoutes } from '../drafts/draft.routes.ts';
import { previewFields, type Draftable } from '../drafts/draft.service.ts';
import { findEventRow } from './content.admin.repository.ts';
import { bool, eventFromRow } from './content.mappers.ts';
import { eventFieldsOfValues, eventVersioned, type EventRow } from './event-versions.ts';
import { eventLabel, findAdminEvent, foundEvent, writeEventChanges } from './events.admin.ts';

/** Sent changes checked as the event's PUT checks them (every field), its category one of the company's. */
const checkedChanges = (db: Db, input: Record<string, unknown>) =>
  withKnownCategory(db, 'event', passed(checkEvent(input)));

export const eventDraftable: Draftable<EventRow, EventDraftFields> = {
  ...eventVersioned,
  label: (fields) => eventLabel(fields.name),
  upload: { purpose: 'event', removable: false },
  find: findEventRow,
  visible: (_actor, row) => foundEvent(row),
  changeable: (_actor, row) => foundEvent(row),
  mayPublish: () => undefined,
  prepare: async (ctx, input) => omit(eventFieldsOfValues(await checkedChanges(ctx.db, input), ''), 'image'),
  publish: async (ctx, id, fields, picture, also) => {
    const values = await checkedChanges(ctx.db, { ...omit(fields, 'image'), published: true });
    const { publicChange } = await writeEventChanges(ctx, id, values, picture.image, {
      what: 'published from its draft',
      action: 'publish',
      also,
    });
    return { publicChange };
  },
};

export const eventDrafts: DraftRoutes<EventRow, EventDraftFields, AdminEvent> = {
  draftable: eventDraftable,
  path: '/admin/events/:id',
  site: 'events',
  item: (db, _actor, id) => findAdminEvent(db, id),
};

/**
 * The event as its page will show it: the draft applied when it has one (a preview link's view). Its registrations
 * are the published event's.
 */
export async function eventPreview(
  db: Db,
  id: string,
): Promise<{ item: SiteEvent; draft: boolean; published: boolean } | null> {
  const found = await previewFields(db, eventDraftable, id);
  if (!found) return null;
  const { row, fields, draft } = found;
  // Checked when the draft was saved: read again as the event's PUT reads them, to its stored columns.
  const v = passed(checkEvent({ ...omit(fields, 'image'), published: bool(row.published) }));
  const item = eventFromRow({
    ...row,
    name: v.name,
    title: v.title,
    description: v.description,
    image: fields.image,
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
  });
  return { item, draft, published: bool(row.published) };
}
