/**
 * Version history of blog posts with the real app, database and DATA_DIR (SQLite and PostgreSQL): every save keeps a
 * version (who, when, what changed), any two compare field by field, any one is restored as a new draft without
 * touching what visitors read, and the oldest are pruned beyond the company's limit, never the version the post holds;
 * a picture is kept while a version names it and leaves with the last one.
 */
import { sql } from 'kysely';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import {
  REVISION_LIMIT_DEFAULT,
  REVISION_NOT_FOUND,
  REVISION_RESTORED,
  REVISION_SAME,
  type RevisionComparison,
  type RevisionHistory,
} from '../../src/shared/revisions.ts';
import { AUTHOR_POST_PUBLISHED, type AdminBlog, type BlogDraft } from '../../src/shared/schemas/blog-admin.ts';
import type { Blog } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { isStored, pngBlob } from '../helpers/pictures.ts';
import { staffToken } from '../helpers/staff.ts';
import { onPostgres } from '../helpers/test-database.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const tokens = { admin: '', editor: '', author: '', other: '' };

type Body = ApiBody & { blog?: AdminBlog; draft?: BlogDraft };
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => tokens.editor,
);
const call = <B = Body>(method: string, path: string, options?: CallOptions) => client<B>(method, path, options);
const as = (token: string, method: string, path: string, body?: object | FormData) =>
  call(method, path, { token, body });

const png = (background: string) => pngBlob(background, 80, 40);
const stored = (url: string) => isStored(t.dataDir, url);
const publicPost = async (slug: string) => (await client<Blog>('GET', `/api/blogs/${slug}`, { token: null })).body;
const history = async (id: string, token = tokens.editor) => {
  const answer = await call<RevisionHistory>('GET', `/api/admin/blogs/${id}/revisions`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.revisions;
};
const compare = (id: string, from: string, to: string) =>
  call<RevisionComparison & ApiBody>(
    'GET',
    `/api/admin/blogs/${id}/revisions/compare?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  );
const create = async (body: object | FormData, token = tokens.editor) => {
  const answer = await as(token, 'POST', '/api/admin/blogs', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  assert(answer.body.blog, 'the post is answered');
  return answer.body.blog;
};
const update = async (id: string, body: object | FormData) => {
  const answer = await as(tokens.editor, 'PUT', `/api/admin/blogs/${id}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.blog;
};
const setLimit = (limit: unknown, token = tokens.admin) => as(token, 'PUT', '/api/admin/revision-settings', { limit });

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.editor = await staffToken(t, tokens.admin, 'eddie', 'editor');
  tokens.author = await staffToken(t, tokens.admin, 'aria', 'author');
  tokens.other = await staffToken(t, tokens.admin, 'otto', 'author');
  return () => t.close();
});

describe('every save keeps a version', () => {
  let post: AdminBlog;

  it('records who saved what, newest first, the post’s own version marked', async () => {
    post = await create({ title: 'Tide tables', content: '<p>High water at noon.</p>', published: true });
    await update(post._id, { title: 'Tide tables for May', tags: ['sea', 'tides'] });
    // A save that changes nothing keeps no new version.
    await update(post._id, { title: 'Tide tables for May' });
    const revisions = await history(post._id);
    expect(revisions.map((r) => [r.number, r.action, r.changed, r.current])).toEqual([
      [2, 'update', ['Title', 'Tags'], true],
      [1, 'create', [], false],
    ]);
    expect(revisions[0]?.savedBy).toBe('Carol Customer');
    expect(Date.parse(revisions[0]?.savedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps draft saves apart from the post’s own version, and publishing the draft makes it current', async () => {
    await as(tokens.editor, 'PUT', `/api/admin/blogs/${post._id}/draft`, { content: '<p>High water at one.</p>' });
    let revisions = await history(post._id);
    expect(revisions[0]).toMatchObject({ number: 3, action: 'draft', changed: ['Content'], current: false });
    expect(revisions.find((r) => r.current)?.number).toBe(2);
    expect((await call('POST', `/api/admin/blogs/${post._id}/draft/publish`)).status).toBe(200);
    revisions = await history(post._id);
    expect(revisions[0]).toMatchObject({ number: 4, action: 'publish', changed: [], current: true });
  });

  it('compares any two field by field, whichever is named first', async () => {
    const revisions = await history(post._id);
    const first = revisions.find((r) => r.number === 1);
    const last = revisions.find((r) => r.number === 4);
    assert(first && last, 'both kept');
    const answer = await compare(post._id, last.id, first.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect([answer.body.older.number, answer.body.newer.number]).toEqual([1, 4]);
    const field = (name: string) => answer.body.fields.find((f) => f.name === name);
    expect(field('title')).toMatchObject({
      label: 'Title',
      changed: true,
      before: 'Tide tables',
      after: 'Tide tables for May',
    });
    expect(field('title')?.parts).toEqual([{ value: 'Tide tables' }, { value: ' for May', added: true }]);
    expect(field('tags')?.parts).toEqual([
      { value: 'sea', added: true },
      { value: 'tides', added: true },
    ]);
    expect(field('content')?.parts).toEqual(
      expect.arrayContaining([
        { value: 'noon', removed: true },
        { value: 'one', added: true },
      ]),
    );
    expect(field('caption')).toMatchObject({ changed: false, parts: [] });
  });

  it('refuses a bad pair naming the field', async () => {
    const [newest] = await history(post._id);
    assert(newest, 'kept');
    const other = await create({ title: 'Someone else' });
    const [foreign] = await history(other._id);
    assert(foreign, 'kept');
    const base = `/api/admin/blogs/${post._id}/revisions/compare`;
    const cases: [string, number, string, string?][] = [
      [`${base}?from=${newest.id}`, 400, 'to'],
      [`${base}?to=${newest.id}`, 400, 'from'],
      [`${base}?from=${newest.id}&to=${newest.id}`, 400, 'to', REVISION_SAME],
      [`${base}?from=${newest.id}&to=nope`, 404, 'to', REVISION_NOT_FOUND],
      // Another post's version is no version of this one.
      [`${base}?from=${foreign.id}&to=${newest.id}`, 404, 'from', REVISION_NOT_FOUND],
      [`${base}?from=${newest.id}&to=${'x'.repeat(65)}`, 400, 'to'],
      [`${base}?from=a&from=b&to=${newest.id}`, 400, 'from'],
    ];
    for (const [path, status, field, message] of cases) {
      const answer = await call('GET', path);
      expect([path, answer.status, answer.body.field]).toEqual([path, status, field]);
      if (message) expect(answer.body.message).toBe(message);
    }
    expect((await call('GET', `/api/admin/blogs/nope/revisions`)).status).toBe(404);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Statements waiting on another transaction's lock (PostgreSQL); 0 on SQLite, where writes take turns on one connection. */
async function waitingOnALock(): Promise<number> {
  if (!onPostgres) return 0;
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`.execute(t.db);
  return rows[0]?.n ?? 0;
}

describe('two saves of one item at the same moment', () => {
  it('never both take a version’s number: the later waits for the first (transactions take turns) and comes after it', async () => {
    const post = await create({ title: 'Slipway', published: true });
    const [first] = await history(post._id);
    assert(first, 'kept');
    // A rival save holds version 2 uncommitted while the API's own save reads the history.
    const held = Promise.withResolvers<undefined>();
    const rivalIn = Promise.withResolvers<undefined>();
    const rival = t.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('revisions')
        .values({
          id: `${first.id}-rival`,
          item_type: 'blog',
          item_id: post._id,
          number: 2,
          action: 'draft',
          item_write: false,
          fields: '{}',
          picture: '',
          changed: '[]',
          restored_from: null,
          saved_by: '',
          saved_by_name: 'Rival',
          saved_at: new Date().toISOString(),
        })
        .execute();
      rivalIn.resolve(undefined);
      await held.promise;
    });
    await rivalIn.promise;
    const save = as(tokens.editor, 'PUT', `/api/admin/blogs/${post._id}`, { caption: 'Mine' });
    // PostgreSQL: until the save waits on the rival's transaction lock; SQLite: the save waits for the connection.
    for (let tries = 0; tries < (onPostgres ? 50 : 3) && (await waitingOnALock()) === 0; tries++) await sleep(100);
    held.resolve(undefined);
    await rival;
    const answer = await save;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await history(post._id)).map((r) => [r.number, r.savedBy])).toEqual([
      [3, 'Carol Customer'],
      [2, 'Rival'],
      [1, 'Carol Customer'],
    ]);
  });
});

describe('restoring a version', () => {
  it('makes it the draft, leaves visitors the published post, and publishing the draft brings it back', async () => {
    const post = await create({ title: 'Ferry times', caption: 'Summer', published: true });
    await update(post._id, { title: 'Ferry times (winter)', caption: 'Winter' });
    const original = (await history(post._id)).find((r) => r.number === 1);
    assert(original, 'kept');
    const restored = await call('POST', `/api/admin/blogs/${post._id}/revisions/${original.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.message).toBe(REVISION_RESTORED);
    expect(restored.body.draft?.fields).toMatchObject({ title: 'Ferry times', caption: 'Summer' });
    expect((await publicPost('ferry-times')).caption).toBe('Winter');
    expect((await call('GET', `/api/admin/blogs/${post._id}/draft`)).body.draft?.fields.title).toBe('Ferry times');
    const [newest] = await history(post._id);
    expect(newest).toMatchObject({ number: 3, action: 'restore', restoredFrom: 1, current: false });

    expect((await call('POST', `/api/admin/blogs/${post._id}/draft/publish`)).status).toBe(200);
    expect(await publicPost('ferry-times')).toMatchObject({ title: 'Ferry times', caption: 'Summer' });
    expect((await call('POST', `/api/admin/blogs/${post._id}/revisions/nope/restore`)).status).toBe(404);
  });

  it('brings back the cover a version named, kept in the media store while a version names it', async () => {
    const first = new FormData();
    first.append('title', 'Lighthouse');
    first.append('published', 'true');
    first.append('image', await png('#aa3300'), 'old.png');
    const post = await create(first);
    const form = new FormData();
    form.append('image', await png('#00aa33'), 'new.png');
    const replaced = await update(post._id, form);
    assert(replaced, 'updated');
    expect(replaced.image).not.toBe(post.image);
    // Replaced on the post, still named by version 1.
    expect(await stored(post.image)).toBe(true);
    const original = (await history(post._id)).find((r) => r.number === 1);
    assert(original, 'kept');
    const restored = await call('POST', `/api/admin/blogs/${post._id}/revisions/${original.id}/restore`);
    expect(restored.body.draft?.fields.image).toBe(post.image);
    expect((await call('POST', `/api/admin/blogs/${post._id}/draft/publish`)).status).toBe(200);
    expect((await publicPost('lighthouse')).image).toBe(post.image);

    // Deleting the post takes its versions, and the pictures only they named.
    expect((await call('DELETE', `/api/admin/blogs/${post._id}`)).status).toBe(200);
    expect(await stored(post.image)).toBe(false);
    expect(await stored(replaced.image)).toBe(false);
    expect(await t.db.selectFrom('revisions').select('id').where('item_id', '=', post._id).execute()).toEqual([]);
  });

  it('starts the history of a post written before versions were kept with the post as it was', async () => {
    const post = await create({ title: 'Old harbour', caption: 'As first written', published: true });
    await t.db.deleteFrom('revisions').where('item_id', '=', post._id).execute();
    await update(post._id, { caption: 'Edited' });
    const revisions = await history(post._id);
    expect(revisions.map((r) => [r.number, r.savedBy, r.changed, r.current])).toEqual([
      [2, 'Carol Customer', ['Caption'], true],
      [1, '', [], false],
    ]);
    const restored = await call('POST', `/api/admin/blogs/${post._id}/revisions/${revisions[1]?.id}/restore`);
    expect(restored.body.draft?.fields.caption).toBe('As first written');
  });

  it('is the post’s own rules: an author restores on its unpublished post only, and sees no one else’s history', async () => {
    const own = await create({ title: 'Rock pools' }, tokens.author);
    await as(tokens.author, 'PUT', `/api/admin/blogs/${own._id}`, { caption: 'Low tide' });
    const [, first] = await history(own._id, tokens.author);
    assert(first, 'kept');
    expect((await as(tokens.author, 'POST', `/api/admin/blogs/${own._id}/revisions/${first.id}/restore`)).status).toBe(
      200,
    );
    expect((await call('GET', `/api/admin/blogs/${own._id}/revisions`, { token: tokens.other })).status).toBe(404);
    expect((await as(tokens.other, 'POST', `/api/admin/blogs/${own._id}/revisions/${first.id}/restore`)).status).toBe(
      404,
    );
    // Published by an editor: the author no longer changes it, its history included.
    expect((await as(tokens.editor, 'PATCH', `/api/admin/blogs/${own._id}`, { published: true })).status).toBe(200);
    expect(await as(tokens.author, 'POST', `/api/admin/blogs/${own._id}/revisions/${first.id}/restore`)).toMatchObject({
      status: 403,
      body: { message: AUTHOR_POST_PUBLISHED },
    });
    expect((await call('GET', `/api/admin/blogs/${own._id}/revisions`, { token: null })).status).toBe(401);
  });
});

describe('the company’s limit', () => {
  it('is the admin’s to set, checked, and prunes every post to it keeping each post’s own version', async () => {
    expect((await call('GET', '/api/admin/revision-settings', { token: tokens.admin })).body).toEqual({
      limit: REVISION_LIMIT_DEFAULT,
    });
    expect((await setLimit(5, tokens.editor)).status).toBe(403);
    for (const bad of [1, 501, 2.5, '5', null]) {
      const answer = await setLimit(bad);
      expect([bad, answer.status, answer.body.field]).toEqual([bad, 400, 'limit']);
    }
    expect((await as(tokens.admin, 'PUT', '/api/admin/revision-settings', {})).body.field).toBe('limit');
    expect((await call('GET', '/api/admin/revision-settings', { token: tokens.admin })).body).toEqual({
      limit: REVISION_LIMIT_DEFAULT,
    });

    // The post's own version, then four draft saves, each naming a cover of its own.
    const first = new FormData();
    first.append('title', 'Sea wall');
    first.append('published', 'true');
    first.append('image', await png('#123456'), 'live.png');
    const post = await create(first);
    const drafts: string[] = [];
    for (const colour of ['#111111', '#222222', '#333333', '#444444']) {
      const form = new FormData();
      form.append('image', await png(colour), 'draft.png');
      const saved = await as(tokens.editor, 'PUT', `/api/admin/blogs/${post._id}/draft`, form);
      drafts.push(saved.body.draft?.fields.image ?? '');
    }
    expect((await history(post._id)).map((r) => r.number)).toEqual([5, 4, 3, 2, 1]);

    const saved = await setLimit(3);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ settings: { limit: 3 } });
    const kept = await history(post._id);
    // The newest two and the post's own (version 1), which is never pruned.
    expect(kept.map((r) => [r.number, r.current])).toEqual([
      [5, false],
      [4, false],
      [1, true],
    ]);
    expect((await call('GET', `/api/admin/blogs/${post._id}/revisions`)).body).toMatchObject({ limit: 3 });
    // The pictures only pruned versions named are gone; the draft's, the kept versions' and the post's stay.
    expect(await Promise.all(drafts.map(stored))).toEqual([false, false, true, true]);
    expect(await stored(post.image)).toBe(true);

    // Later saves keep to it too.
    await as(tokens.editor, 'PUT', `/api/admin/blogs/${post._id}/draft`, { caption: 'Sixth' });
    expect((await history(post._id)).map((r) => r.number)).toEqual([6, 5, 1]);
    expect((await setLimit(REVISION_LIMIT_DEFAULT)).status).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'revisions.update')
      .execute();
    expect(audit.map((a) => a.summary)).toEqual([
      'Versions kept per item set to 3',
      `Versions kept per item set to ${REVISION_LIMIT_DEFAULT}`,
    ]);
  });
});
