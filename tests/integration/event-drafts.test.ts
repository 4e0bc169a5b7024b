/**
 * Drafts, preview links and versions of events, with the real app, database and DATA_DIR (SQLite and PostgreSQL): a
 * draft of a published event (its fields, ticket price, capacity and picture) changes nothing visitors see or book
 * until it is published, checked as the event's own PUT; the preview shows the draft; publishing goes through the
 * event's own write, so its ticket product and waiting list follow; every save keeps a version that can be restored;
 * only the content roles reach any of it; a deleted event takes its draft, its versions and every picture only they
 * named.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_PUBLISHED, type PreviewAnswer, type PreviewLink } from '../../src/shared/drafts.ts';
import type { EventAvailability } from '../../src/shared/events.ts';
import { REVISION_RESTORED, type RevisionComparison, type RevisionHistory } from '../../src/shared/revisions.ts';
import type { AdminEvent, EventDraft } from '../../src/shared/schemas/event-admin.ts';
import type { SiteEvent } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { isStored, pngBlob } from '../helpers/pictures.ts';
import { staffToken } from '../helpers/staff.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const tokens = { admin: '', editor: '', author: '', shop: '', support: '' };

type Body = ApiBody & { event?: AdminEvent; item?: AdminEvent; draft?: EventDraft; link?: PreviewLink };
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => tokens.editor,
);
const call = <B = Body>(method: string, path: string, options?: CallOptions) => client<B>(method, path, options);

const picture = (background: string) => pngBlob(background, 80, 60);
const stored = (url: string) => isStored(t.dataDir, url);
const form = (fields: Record<string, string>, files: Record<string, [Blob, string]> = {}) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, [blob, fileName]] of Object.entries(files)) data.append(name, blob, fileName);
  return data;
};

/** Every field the event's PUT takes, for an event next year in Paris. */
const FIELDS = {
  name: 'Harbour festival',
  start: '2030-07-01T18:00',
  end: '2030-07-01T21:00',
  timeZone: 'Europe/Paris',
  eventType: 'local',
  location: 'The old dock',
  address: '1 Quay Street',
  city: 'Portsmouth',
  price: '0',
  capacity: '',
};

const create = async (fields: Record<string, string>) => {
  const body = form({ ...FIELDS, ...fields }, { image: [await picture('#336699'), 'cover.png'] });
  const answer = await call('POST', '/api/admin/events', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  assert(answer.body.event, 'created');
  return answer.body.event;
};
/** The event as visitors read it, or undefined while it is not published. */
const publicEvent = async (slug: string) => {
  const answer = await client<SiteEvent>('GET', `/api/events/${slug}`, { token: null });
  return answer.status === 200 ? answer.body : undefined;
};
const availability = async (slug: string) =>
  (await client<EventAvailability>('GET', `/api/events/${slug}/availability`, { token: null })).body;
const register = (slug: string, email: string) =>
  client<ApiBody & { status?: string }>('POST', `/api/events/${slug}/registrations`, {
    token: null,
    body: { name: email.split('@')[0], email, seats: 1 },
  });
const ticketOf = (eventId: string) =>
  t.db
    .selectFrom('products')
    .select(['price_cents', 'stock', 'image'])
    .where('event_id', '=', eventId)
    .executeTakeFirst();
const history = async (id: string) =>
  (await call<RevisionHistory>('GET', `/api/admin/events/${id}/revisions`)).body.revisions;
const rebuildAsked = () => ['scheduled', 'building'].includes(t.deps.rebuilds.status().state);

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.editor = await staffToken(t, tokens.admin, 'eddie', 'editor');
  tokens.author = await staffToken(t, tokens.admin, 'aria', 'author');
  tokens.shop = await staffToken(t, tokens.admin, 'sam', 'shop_manager');
  tokens.support = await staffToken(t, tokens.admin, 'sue', 'support');
  return () => t.close();
});

describe('a draft of a published event', () => {
  let event: AdminEvent;
  let draftImage = '';

  it('is saved without changing what visitors see or book, checked as the event’s own edit', async () => {
    event = await create({ published: 'true', capacity: '1' });
    expect((await register(event.slug, 'ada@example.com')).body.status).toBe('confirmed');
    expect((await register(event.slug, 'bo@example.com')).body.status).toBe('waiting');
    const draftPath = `/api/admin/events/${event._id}/draft`;
    for (const [body, field] of [
      [{ ...FIELDS, name: '' }, 'name'],
      [{ ...FIELDS, end: '2030-07-01T17:00' }, 'end'],
      [{ ...FIELDS, address: '' }, 'address'],
      [{ ...FIELDS, price: '-1' }, 'price'],
      [{ ...FIELDS, capacity: 'many' }, 'capacity'],
      [{ ...FIELDS, category: 'No such category' }, 'category'],
    ] as const) {
      const refused = await call('PUT', draftPath, { body });
      expect([refused.status, refused.body.field], JSON.stringify(body)).toEqual([400, field]);
    }
    expect((await call('GET', draftPath)).status).toBe(404);

    await t.deps.rebuilds.settled();
    const saved = await call('PUT', draftPath, {
      body: form(
        { ...FIELDS, name: 'Harbour festival, night', description: 'Lanterns at dusk', capacity: '3' },
        { image: [await picture('#993311'), 'night.png'] },
      ),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    assert(saved.body.draft, 'a draft');
    expect(saved.body.draft.fields).toMatchObject({
      name: 'Harbour festival, night',
      description: 'Lanterns at dusk',
      start: '2030-07-01T18:00',
      timeZone: 'Europe/Paris',
      price: 0,
      capacity: 3,
    });
    draftImage = saved.body.draft.fields.image;
    expect(draftImage).not.toBe(event.image);
    expect(await stored(draftImage)).toBe(true);
    expect(rebuildAsked()).toBe(false);
    expect(await publicEvent(event.slug)).toMatchObject({ name: 'Harbour festival', image: event.image });
    // The waiting list waits for the larger capacity until it is published.
    expect(await availability(event.slug)).toMatchObject({ capacity: 1, confirmedSeats: 1, waiting: 1 });
    const listed = (await call<{ results: AdminEvent[] }>('GET', '/api/admin/events')).body.results.find(
      (e) => e._id === event._id,
    );
    expect(listed).toMatchObject({
      name: 'Harbour festival',
      published: true,
      capacity: 1,
      draft: { savedBy: 'Carol Customer' },
    });
  });

  it('is shown by its preview link with the draft’s fields and picture, never cached', async () => {
    const link = await call('POST', `/api/admin/events/${event._id}/preview-link`);
    assert(link.body.link, 'a link');
    const token = new URL(link.body.link.url).searchParams.get('token') ?? '';
    const preview = await call<PreviewAnswer>('GET', `/api/preview/${token}`, { token: null });
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.body).toMatchObject({
      type: 'event',
      draft: true,
      published: true,
      item: {
        _id: event._id,
        slug: event.slug,
        name: 'Harbour festival, night',
        image: draftImage,
        start_date: '2030-07-01T16:00:00.000Z',
        timeZone: 'Europe/Paris',
        registrations: 1,
      },
    });
  });

  it('becomes the live event when published, its waiting list moved up, and every step is a version', async () => {
    await t.deps.rebuilds.settled();
    const published = await call('POST', `/api/admin/events/${event._id}/draft/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({
      message: DRAFT_PUBLISHED,
      item: { name: 'Harbour festival, night', image: draftImage, capacity: 3, draft: null },
    });
    expect(rebuildAsked()).toBe(true);
    expect(await publicEvent(event.slug)).toMatchObject({ name: 'Harbour festival, night', image: draftImage });
    expect(await availability(event.slug)).toMatchObject({ capacity: 3, confirmedSeats: 2, waiting: 0 });
    // The first picture stays while a version names it.
    expect(await stored(event.image)).toBe(true);
    const revisions = await history(event._id);
    expect(revisions.map((r) => [r.number, r.action, r.changed, r.current])).toEqual([
      [3, 'publish', [], true],
      [2, 'draft', ['Name', 'Capacity', 'Picture', 'Description'], false],
      [1, 'create', [], false],
    ]);
    const [newest, , first] = revisions;
    assert(newest && first, 'kept');
    const compared = await call<RevisionComparison>(
      'GET',
      `/api/admin/events/${event._id}/revisions/compare?from=${first.id}&to=${newest.id}`,
    );
    expect(compared.body.fields.find((f) => f.name === 'image')).toMatchObject({
      changed: true,
      before: event.image,
      after: draftImage,
    });
  });

  it('restores a version as the draft, its picture with it, while visitors keep the live event', async () => {
    const first = (await history(event._id)).find((r) => r.number === 1);
    assert(first, 'kept');
    const restored = await call('POST', `/api/admin/events/${event._id}/revisions/${first.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.message).toBe(REVISION_RESTORED);
    expect(restored.body.draft?.fields).toMatchObject({ name: 'Harbour festival', capacity: 1, image: event.image });
    expect(await publicEvent(event.slug)).toMatchObject({ name: 'Harbour festival, night', image: draftImage });
    expect(await availability(event.slug)).toMatchObject({ capacity: 3 });
  });

  it('discards a draft, the live event kept and the draft’s picture kept only while a version names it', async () => {
    const saved = await call('PUT', `/api/admin/events/${event._id}/draft`, {
      body: form({ ...FIELDS, name: 'Harbour festival, summer' }, { image: [await picture('#117733'), 's.png'] }),
    });
    const summerImage = saved.body.draft?.fields.image ?? '';
    expect(await stored(summerImage)).toBe(true);
    const discarded = await call('DELETE', `/api/admin/events/${event._id}/draft`);
    expect(discarded.body).toMatchObject({ item: { name: 'Harbour festival, night', draft: null } });
    // A version (the draft's save) still names it, so it stays until that version goes.
    expect(await stored(summerImage)).toBe(true);
    expect((await call('GET', `/api/admin/events/${event._id}/draft`)).status).toBe(404);
  });

  it('is deleted with the event, its versions and every picture only they named', async () => {
    const pictures = (await t.db.selectFrom('revisions').select('picture').where('item_id', '=', event._id).execute())
      .map((r) => r.picture)
      .filter(Boolean);
    expect(pictures.length).toBeGreaterThan(1);
    expect((await call('DELETE', `/api/admin/events/${event._id}`)).status).toBe(200);
    for (const url of pictures) expect(await stored(url)).toBe(false);
    expect(await t.db.selectFrom('revisions').select('id').where('item_id', '=', event._id).execute()).toEqual([]);
    expect(await t.db.selectFrom('drafts').select('item_id').where('item_id', '=', event._id).execute()).toEqual([]);
  });
});

describe('a paid event’s draft', () => {
  it('leaves its ticket’s price and seats as they are until it is published', async () => {
    const event = await create({ name: 'Lantern walk', price: '12.50', capacity: '10', published: 'true' });
    expect(await ticketOf(event._id)).toMatchObject({ price_cents: 1250, stock: 10 });
    const saved = await call('PUT', `/api/admin/events/${event._id}/draft`, {
      body: { ...FIELDS, name: 'Lantern walk', price: '15', capacity: '4' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await ticketOf(event._id)).toMatchObject({ price_cents: 1250, stock: 10 });
    expect((await call('POST', `/api/admin/events/${event._id}/draft/publish`)).status).toBe(200);
    expect(await ticketOf(event._id)).toMatchObject({ price_cents: 1500, stock: 4 });
    expect((await publicEvent(event.slug))?.price).toBe(15);
  });
});

describe('the event’s own writes', () => {
  it('keep a version at each save, none for a change of its state alone', async () => {
    const event = await create({ name: 'Quiet quay' });
    const edited = await call('PUT', `/api/admin/events/${event._id}`, {
      body: { ...FIELDS, name: 'Quiet quay (late)' },
    });
    expect(edited.body.event).toMatchObject({ name: 'Quiet quay (late)', image: event.image });
    expect((await call('PATCH', `/api/admin/events/${event._id}`, { body: { published: true } })).status).toBe(200);
    expect((await history(event._id)).map((r) => [r.action, r.changed])).toEqual([
      ['update', ['Name']],
      ['create', []],
    ]);
  });

  it('preview an unpublished event as it is saved', async () => {
    const event = await create({ name: 'Foggy dawn' });
    const link = await call('POST', `/api/admin/events/${event._id}/preview-link`);
    const token = new URL(link.body.link?.url ?? 'http://x').searchParams.get('token') ?? '';
    const preview = await call<PreviewAnswer>('GET', `/api/preview/${token}`, { token: null });
    expect(preview.body).toMatchObject({ type: 'event', draft: false, published: false, item: { name: 'Foggy dawn' } });
    expect(await publicEvent(event.slug)).toBeUndefined();
  });
});

describe('who reaches an event’s drafts', () => {
  it('is the content roles alone: an author, the shop manager and support are refused', async () => {
    const event = await create({ name: 'Regatta', published: 'true' });
    const draft = { ...FIELDS, name: 'Regatta, day two' };
    const paths: [string, string, object?][] = [
      ['GET', `/api/admin/events/${event._id}/revisions`],
      ['GET', `/api/admin/events/${event._id}/draft`],
      ['PUT', `/api/admin/events/${event._id}/draft`, draft],
      ['POST', `/api/admin/events/${event._id}/draft/publish`],
      ['DELETE', `/api/admin/events/${event._id}/draft`],
      ['POST', `/api/admin/events/${event._id}/preview-link`],
    ];
    for (const token of [tokens.author, tokens.shop, tokens.support])
      for (const [method, path, body] of paths) expect((await call(method, path, { token, body })).status).toBe(403);
    expect(
      (await call('PUT', `/api/admin/events/${event._id}/draft`, { token: tokens.admin, body: draft })).status,
    ).toBe(200);
    expect((await call('POST', `/api/admin/events/${event._id}/draft/publish`, { token: tokens.admin })).status).toBe(
      200,
    );
    expect((await publicEvent(event.slug))?.name).toBe('Regatta, day two');
    expect((await call('GET', '/api/admin/events/nope/revisions')).status).toBe(404);
  });
});
