/**
 * Counting with the real app and database: POST /api/activity counts a published item once per visitor, item, kind
 * and UTC day (bots, Do Not Track and Global Privacy Control never), bounded per address, written in batches that a
 * stopping server still writes; likes are one per visitor (an account, or a guest's signed key), undone by unliking,
 * and the counter stays equal to the likes' rows under parallel toggles; GET /api/activity/counts reads them back.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { LIKE_KEY_HEADER, type CountsAnswer, type LikeAnswer } from '../../src/shared/activity.ts';
import { createDb } from '../../src/server/db/connection.ts';
import {
  ACTIVITY_LIMIT,
  ACTIVITY_TOO_MANY,
  BAD_LIKE_KEY,
  ITEM_NOT_FOUND,
} from '../../src/server/modules/activity/activity.routes.ts';
import { flushActivity, newLikeKey } from '../../src/server/modules/activity/activity.service.ts';
import { makePdf } from '../helpers/document-files.ts';
import { jsonClient, type ApiBody, type CallOptions } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { dropTestDatabase } from '../helpers/test-database.ts';
import { startTestServer } from '../helpers/test-server.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type Body = ApiBody & Partial<LikeAnswer> & Partial<CountsAnswer>;

let t: TestApp;
let carol: string;
let carolId: string;
const client = jsonClient((path, init) => t.request(path, init));
const call = (method: string, path: string, options: CallOptions = {}) =>
  client<Body>(method, path, { ...options, headers: { 'user-agent': FIREFOX, ...options.headers } });

const count = (body: object, options: CallOptions = {}) => call('POST', '/api/activity', { ...options, body });

async function addPhoto(over: { published?: boolean } = {}): Promise<string> {
  const id = randomUUID();
  await t.db
    .insertInto('photos')
    .values({
      id,
      title: `Photo ${id.slice(0, 6)}`,
      image: '/media/p.webp',
      tags: '["harbour"]',
      published: over.published ?? true,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

async function addItem(type: 'product' | 'event' | 'audio' | 'video'): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const slug = `item-${id}`;
  if (type === 'product')
    await t.db.insertInto('products').values({ id, name: 'Lamp', slug, created_at: now, updated_at: now }).execute();
  if (type === 'event')
    await t.db
      .insertInto('events')
      .values({ id, name: 'Fair', slug, start_date: now, end_date: now, created_at: now, updated_at: now })
      .execute();
  if (type === 'audio')
    await t.db.insertInto('audios').values({ id, name: 'Song', created_at: now, updated_at: now }).execute();
  if (type === 'video')
    await t.db.insertInto('videos').values({ id, name: 'Film', created_at: now, updated_at: now }).execute();
  return id;
}

const photoRow = (id: string) =>
  t.db.selectFrom('photos').select(['views', 'likes', 'downloads']).where('id', '=', id).executeTakeFirstOrThrow();
const likeRows = (id: string) =>
  t.db.selectFrom('content_likes').selectAll().where('content_id', '=', id).orderBy('liker').execute();

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'off' } });
  carol = await t.customerToken('carol');
  carolId = (await t.db.selectFrom('users').select('id').where('username', '=', 'carol').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

describe('POST /api/activity', () => {
  it('counts a view once per visitor, item and day; another browser or an account counts again', async () => {
    const id = await addPhoto();
    const view = { kind: 'view', type: 'photo', id };
    for (let i = 0; i < 3; i++) expect((await count(view)).status).toBe(202);
    await flushActivity(t.db);
    expect((await photoRow(id)).views).toBe(1);

    expect((await count(view, { headers: { 'user-agent': CHROME } })).status).toBe(202);
    expect((await count(view, { token: carol })).status).toBe(202);
    expect((await count(view, { token: carol, headers: { 'user-agent': CHROME } })).status).toBe(202);
    await flushActivity(t.db);
    // The account is one visitor whatever its browser.
    expect((await photoRow(id)).views).toBe(3);
    // A signed-in viewer's view is remembered for 'For You', with the item's tags.
    expect(
      await t.db.selectFrom('user_views').select(['content_type', 'tags']).where('ref_id', '=', id).execute(),
    ).toEqual([{ content_type: 'photo', tags: '["harbour"]' }]);
  });

  it('counts each kind apart, into its own column, for every type', async () => {
    const photo = await addPhoto();
    await count({ kind: 'download', type: 'photo', id: photo });
    await count({ kind: 'view', type: 'photo', id: photo });
    const product = await addItem('product');
    const event = await addItem('event');
    const audio = await addItem('audio');
    const video = await addItem('video');
    for (const body of [
      { kind: 'view', type: 'product', id: product },
      { kind: 'view', type: 'event', id: event },
      { kind: 'play', type: 'audio', id: audio },
      { kind: 'download', type: 'audio', id: audio },
      { kind: 'view', type: 'video', id: video },
    ])
      expect((await count(body)).status, JSON.stringify(body)).toBe(202);
    await flushActivity(t.db);
    expect(await photoRow(photo)).toMatchObject({ views: 1, downloads: 1, likes: 0 });
    const one = async (table: 'products' | 'events' | 'videos', id: string) =>
      (await t.db.selectFrom(table).select('views').where('id', '=', id).executeTakeFirstOrThrow()).views;
    expect([await one('products', product), await one('events', event), await one('videos', video)]).toEqual([1, 1, 1]);
    expect(
      await t.db.selectFrom('audios').select(['plays', 'downloads']).where('id', '=', audio).executeTakeFirstOrThrow(),
    ).toEqual({ plays: 1, downloads: 1 });
  });

  it('answers bots, Do Not Track and Global Privacy Control 202 and counts none of them', async () => {
    const id = await addPhoto();
    const view = { kind: 'view', type: 'photo', id };
    for (const headers of [
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'user-agent': `${CHROME} HeadlessChrome/131.0.0.0` },
      { 'user-agent': '' },
      { dnt: '1' },
      { 'sec-gpc': '1' },
    ]) {
      const answer = await count(view, { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(202);
    }
    await flushActivity(t.db);
    expect((await photoRow(id)).views).toBe(0);
  });

  it('answers an unknown or unpublished item 404 and bad input 400 with the field', async () => {
    const draft = await addPhoto({ published: false });
    for (const id of [draft, 'no-such-photo']) {
      const answer = await count({ kind: 'view', type: 'photo', id });
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 404, body: { message: ITEM_NOT_FOUND } });
    }
    const refused = async (body: object, field: string) => {
      const answer = await count(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ message: expect.any(String) as unknown, field });
    };
    await refused({ kind: 'like', type: 'photo', id: 'x' }, 'kind');
    await refused({ kind: 'view', type: 'page', id: 'x' }, 'type');
    await refused({ kind: 'view', type: 'photo' }, 'id');
    await refused({ kind: 'view', type: 'photo', id: 'a/b' }, 'id');
    await refused({ kind: 'view', type: 'photo', id: 'x'.repeat(101) }, 'id');
    // A product has no plays.
    await refused({ kind: 'play', type: 'product', id: 'x' }, 'kind');
    await refused([1], 'body');
  });

  it('bounds the counts of one address, answering 429 past the bound', async () => {
    const limited = await createTestApp({ env: { RATE_LIMITS: 'on' } });
    try {
      const id = randomUUID();
      await limited.db
        .insertInto('photos')
        .values({ id, title: 'Bounded', image: '/media/b.webp', published: true, created_at: new Date().toISOString() })
        .execute();
      const send = (agent: string) =>
        limited.request('/api/activity', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': agent },
          body: JSON.stringify({ kind: 'view', type: 'photo', id }),
        });
      // Every in-process request comes from one address; distinct browsers make distinct visitors.
      const statuses = [];
      for (let i = 0; i < ACTIVITY_LIMIT.limit; i++) statuses.push((await send(`${FIREFOX} Probe/${i}`)).status);
      expect(statuses.every((s) => s === 202)).toBe(true);
      const over = await send(`${FIREFOX} Probe/over`);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await over.json()).toEqual({ message: ACTIVITY_TOO_MANY });
      await flushActivity(limited.db);
      const { views } = await limited.db
        .selectFrom('photos')
        .select('views')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(views).toBe(ACTIVITY_LIMIT.limit);
    } finally {
      await limited.close();
    }
  });

  it('counts a document download in the download route itself', async () => {
    const admin = await t.login('admin', TEST_ADMIN_PASSWORD);
    const form = new FormData();
    form.append('title', 'Price list');
    form.append('published', 'true');
    form.append('file', new Blob([makePdf().slice()], { type: 'application/pdf' }), 'prices.pdf');
    const uploaded = await client<{ document: { id: string } }>('POST', '/api/admin/documents', {
      token: admin,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { id } = uploaded.body.document;
    for (const agent of [FIREFOX, FIREFOX, CHROME]) {
      const res = await t.request(`/api/documents/${id}/download`, { headers: { 'user-agent': agent } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    await flushActivity(t.db);
    const counts = await call('GET', `/api/activity/counts?type=document&ids=${id}`);
    expect(counts.body.results).toEqual({ [id]: { downloads: 2 } });
  });
});

describe('a stopping server', () => {
  it('writes the counts still waiting before the database closes', async () => {
    const server = await startTestServer({ env: { RATE_LIMITS: 'off' } });
    const id = randomUUID();
    await server.db
      .insertInto('photos')
      .values({ id, title: 'Last', image: '/media/l.webp', published: true, created_at: new Date().toISOString() })
      .execute();
    const res = await fetch(`${server.url}/api/activity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': FIREFOX },
      body: JSON.stringify({ kind: 'view', type: 'photo', id }),
    });
    expect(res.status).toBe(202);
    // Stopped at once: the batch's timer has not fired yet.
    await server.stop();
    const db = createDb({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
    try {
      const { views } = await db.selectFrom('photos').select('views').where('id', '=', id).executeTakeFirstOrThrow();
      expect(views).toBe(1);
    } finally {
      await db.destroy();
      await dropTestDatabase(server.databaseUrl);
    }
  });
});

describe('likes', () => {
  const like = (id: string, options: CallOptions = {}, type = 'photo') =>
    call('PUT', `/api/likes/${type}/${id}`, options);
  const unlike = (id: string, options: CallOptions = {}, type = 'photo') =>
    call('DELETE', `/api/likes/${type}/${id}`, options);
  const withKey = (key: string): CallOptions => ({ headers: { [LIKE_KEY_HEADER]: key } });

  it('gives a guest a signed key with the first like; the same key likes once, and unliking undoes it', async () => {
    const id = await addPhoto();
    const first = await like(id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ liked: true, likes: 1 });
    const key = first.body.key;
    assert(key, 'a new key');
    const again = await like(id, withKey(key));
    expect(again.body).toEqual({ liked: true, likes: 1 });
    expect(await likeRows(id)).toHaveLength(1);
    const [row] = await likeRows(id);
    expect(row?.liker).toMatch(/^anon:/);
    // Only a hash of the key is kept.
    expect(row?.liker).not.toContain(key);
    expect(row?.user_id).toBeNull();

    expect((await unlike(id, withKey(key))).body).toEqual({ liked: false, likes: 0 });
    expect((await unlike(id, withKey(key))).body).toEqual({ liked: false, likes: 0 });
    expect(await likeRows(id)).toHaveLength(0);
  });

  it('lets an account like once, kept with its user id, apart from guests', async () => {
    const id = await addItem('video');
    expect((await like(id, { token: carol }, 'video')).body).toEqual({ liked: true, likes: 1 });
    expect((await like(id, { token: carol }, 'video')).body).toEqual({ liked: true, likes: 1 });
    const guest = await like(id, {}, 'video');
    expect(guest.body).toMatchObject({ liked: true, likes: 2 });
    expect((await likeRows(id)).map((r) => [r.content_type, r.liker, r.user_id])).toEqual([
      ['video', expect.stringMatching(/^anon:/) as unknown, null],
      ['video', `user:${carolId}`, carolId],
    ]);
    expect((await unlike(id, { token: carol }, 'video')).body).toEqual({ liked: false, likes: 1 });
  });

  it('refuses a key the server did not sign, and a guest without a key has nothing to unlike', async () => {
    const id = await addPhoto();
    const issued = (await like(id)).body.key;
    assert(issued);
    const [nonce] = issued.split('.');
    for (const forged of [
      `${nonce}.${'A'.repeat(32)}`,
      newLikeKey(Buffer.alloc(32, 7)),
      'not-a-key',
      'x'.repeat(500),
    ]) {
      const answer = await like(id, withKey(forged));
      expect(answer.status, forged).toBe(400);
      expect(answer.body).toEqual({ message: BAD_LIKE_KEY, field: 'key' });
    }
    expect((await unlike(id)).body).toEqual({ liked: false, likes: 1 });
    expect(await likeRows(id)).toHaveLength(1);
  });

  it('answers an unknown, unpublished or unlikeable item 404 or 400', async () => {
    const draft = await addPhoto({ published: false });
    expect((await like(draft)).status).toBe(404);
    expect((await like('nothing-here')).body).toEqual({ message: ITEM_NOT_FOUND });
    const product = await addItem('product');
    const refused = await like(product, {}, 'product');
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('type');
  });

  it('keeps the counter equal to the rows under parallel likes and unlikes', async () => {
    const id = await addPhoto();
    const keys = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const key = (await like(id)).body.key;
        assert(key);
        return key;
      }),
    );
    // Each key likes and unlikes at once, several times over; the account too.
    const toggles = keys.flatMap((key, i) => [
      like(id, withKey(key)),
      i % 2 ? unlike(id, withKey(key)) : like(id, withKey(key)),
      unlike(id, withKey(key)),
      like(id, withKey(key)),
    ]);
    toggles.push(like(id, { token: carol }), unlike(id, { token: carol }), like(id, { token: carol }));
    const answers = await Promise.all(toggles);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const rows = await likeRows(id);
    expect((await photoRow(id)).likes).toBe(rows.length);
    expect(new Set(rows.map((r) => r.liker)).size).toBe(rows.length);
  });
});

describe('GET /api/activity/counts', () => {
  it('answers the counts of the published items asked for and whether this visitor likes each', async () => {
    const a = await addPhoto();
    const b = await addPhoto();
    const draft = await addPhoto({ published: false });
    await count({ kind: 'view', type: 'photo', id: a });
    await flushActivity(t.db);
    await like(b, { token: carol });
    const ids = [a, b, draft, 'unknown'].join(',');
    const guest = await call('GET', `/api/activity/counts?type=photo&ids=${ids}`);
    expect(guest.status).toBe(200);
    expect(guest.headers.get('cache-control')).toBe('private, no-store');
    expect(guest.body.results).toEqual({
      [a]: { views: 1, likes: 0, downloads: 0, liked: false },
      [b]: { views: 0, likes: 1, downloads: 0, liked: false },
    });
    const mine = await call('GET', `/api/activity/counts?type=photo&ids=${ids}`, { token: carol });
    expect(mine.body.results?.[b]).toEqual({ views: 0, likes: 1, downloads: 0, liked: true });

    const audio = await addItem('audio');
    expect((await call('GET', `/api/activity/counts?type=audio&ids=${audio}`)).body.results).toEqual({
      [audio]: { plays: 0, downloads: 0 },
    });
  });

  it('refuses a bad type or too many ids with 400 and the field', async () => {
    const refused = async (query: string, field: string) => {
      const answer = await call('GET', `/api/activity/counts?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toEqual({ message: expect.any(String) as unknown, field });
    };
    await refused('type=page&ids=a', 'type');
    await refused('type=photo', 'ids');
    await refused('type=photo&ids=,', 'ids');
    await refused(`type=photo&ids=${Array.from({ length: 101 }, (_, i) => `p${i}`).join(',')}`, 'ids');
    await refused('type=photo&ids=a%2Fb', 'ids');
  });

  function like(id: string, options: CallOptions) {
    return call('PUT', `/api/likes/photo/${id}`, options);
  }
});
