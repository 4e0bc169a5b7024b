/**
 * Drafts, preview links and versions of videos, with the real app, database and DATA_DIR (SQLite and PostgreSQL): a
 * draft of a published video changes nothing visitors see until it is published, checked as the video's own PUT (JSON,
 * every field); its preview shows the draft; every save keeps a version that can be restored, the poster with it; only
 * the content roles reach any of it; a deleted video takes its draft, versions and posters with it.
 */
import sharp from 'sharp';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { claimMedia } from '../../src/server/media/pending-media.ts';
import { storePicture } from '../../src/server/media/media-store.ts';
import { DRAFT_NOT_FOUND, DRAFT_PUBLISHED, type PreviewAnswer, type PreviewLink } from '../../src/shared/drafts.ts';
import { REVISION_RESTORED, type RevisionComparison, type RevisionHistory } from '../../src/shared/revisions.ts';
import type { AdminVideo, VideoDraft } from '../../src/shared/schemas/video-admin.ts';
import type { ListResponse, Video } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { isStored } from '../helpers/pictures.ts';
import { staffToken } from '../helpers/staff.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const tokens = { admin: '', editor: '', author: '', shop: '', support: '' };

type Body = ApiBody & { video?: AdminVideo; item?: AdminVideo; draft?: VideoDraft; link?: PreviewLink };
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => tokens.editor,
);
const call = <B = Body>(method: string, path: string, options?: CallOptions) => client<B>(method, path, options);

const EMBED = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
const stored = (url: string) => isStored(t.dataDir, url);
const history = async (id: string) =>
  (await call<RevisionHistory>('GET', `/api/admin/videos/${id}/revisions`)).body.revisions;
const publicVideo = async (id: string) =>
  (await call<ListResponse<Video>>('GET', '/api/videos', { token: null })).body.results.find((v) => v._id === id);
const adminListed = async (id: string) =>
  (await call<{ results: AdminVideo[] }>('GET', '/api/admin/videos')).body.results.find((v) => v._id === id);

/** A stored poster picture, in use as a record naming it would claim it. */
async function poster(background: string): Promise<string> {
  const png = await sharp({ create: { width: 160, height: 90, channels: 3, background } })
    .png()
    .toBuffer();
  const { url } = await storePicture(t.db, t.dataDir, png);
  await claimMedia(t.db, url);
  return url;
}

/** A published video written as the seed writes one (with its poster, before any version was kept). */
async function seededVideo(id: string, posterUrl: string) {
  const now = '2026-11-20T10:00:00.000Z';
  await t.db
    .insertInto('videos')
    .values({
      id,
      name: 'Harbour at dawn',
      title: '',
      description: 'Boats leaving',
      youtube: EMBED,
      poster: posterUrl,
      category: '',
      duration: 90,
      quality: 'HD',
      tags: '["harbour"]',
      views: 0,
      likes: 0,
      published: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

const every = { name: 'Harbour at dawn', youtube: EMBED, quality: 'HD', tags: ['harbour'] };

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.editor = await staffToken(t, tokens.admin, 'eddie', 'editor');
  tokens.author = await staffToken(t, tokens.admin, 'aria', 'author');
  tokens.shop = await staffToken(t, tokens.admin, 'sam', 'shop_manager');
  tokens.support = await staffToken(t, tokens.admin, 'sue', 'support');
  return () => t.close();
});

describe('a draft of a published video', () => {
  const id = 'video-harbour';
  let first = '';
  let second = '';

  it('is saved without changing what visitors see, checked as the video’s own edit, and listed as unpublished changes', async () => {
    first = await poster('#336699');
    await seededVideo(id, first);
    for (const [body, field] of [
      [{ ...every, name: '' }, 'name'],
      [{ ...every, youtube: 'https://vimeo.com/1' }, 'youtube'],
      [{ ...every, category: 'No such shelf' }, 'category'],
      [{ ...every, duration: -1 }, 'duration'],
      [{ description: 'Only this' }, 'name'],
    ] as const) {
      const refused = await call('PUT', `/api/admin/videos/${id}/draft`, { body });
      expect([refused.status, refused.body.field]).toEqual([400, field]);
    }
    expect((await call('GET', `/api/admin/videos/${id}/draft`)).body.message).toBe(DRAFT_NOT_FOUND);

    // A poster sent is no draft's (the video's PUT takes none), and neither is its state.
    const saved = await call('PUT', `/api/admin/videos/${id}/draft`, {
      body: { ...every, description: 'Boats leaving at first light', duration: 120, poster: '', published: false },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.draft?.fields).toEqual({
      ...every,
      title: '',
      description: 'Boats leaving at first light',
      category: '',
      duration: 120,
      poster: first,
    });
    expect(await publicVideo(id)).toMatchObject({ description: 'Boats leaving', duration: 90, poster: first });
    expect(await adminListed(id)).toMatchObject({
      published: true,
      duration: 90,
      draft: { savedBy: 'Carol Customer' },
    });
  });

  it('is shown by its preview link as its card will show it, never cached', async () => {
    const link = await call('POST', `/api/admin/videos/${id}/preview-link`);
    assert(link.body.link, 'a link');
    const token = new URL(link.body.link.url).searchParams.get('token') ?? '';
    const preview = await call<PreviewAnswer>('GET', `/api/preview/${token}`, { token: null });
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.body).toMatchObject({
      type: 'video',
      draft: true,
      published: true,
      item: { _id: id, name: 'Harbour at dawn', description: 'Boats leaving at first light', duration: 120 },
    });
  });

  it('becomes the live video when published, and every step is a version', async () => {
    const published = await call('POST', `/api/admin/videos/${id}/draft/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({ message: DRAFT_PUBLISHED, item: { duration: 120, draft: null } });
    expect(await publicVideo(id)).toMatchObject({ description: 'Boats leaving at first light', poster: first });
    const revisions = await history(id);
    expect(revisions.map((r) => [r.number, r.action, r.changed, r.current])).toEqual([
      [3, 'publish', [], true],
      [2, 'draft', ['Duration (seconds)', 'Description'], false],
      [1, 'update', [], false],
    ]);
    const [newest, , oldest] = revisions;
    assert(newest && oldest, 'kept');
    const compared = await call<RevisionComparison>(
      'GET',
      `/api/admin/videos/${id}/revisions/compare?from=${oldest.id}&to=${newest.id}`,
    );
    expect(compared.body.fields.find((f) => f.name === 'duration')).toMatchObject({
      changed: true,
      before: '90',
      after: '120',
    });
  });

  it('restores a version as the draft with its poster, which publishing puts in place; a discard keeps the video', async () => {
    // The poster changes as the seed or the library would set it; the next save keeps it in a version.
    second = await poster('#993311');
    await t.db.updateTable('videos').set({ poster: second }).where('id', '=', id).execute();
    const edited = await call('PUT', `/api/admin/videos/${id}`, {
      body: { ...every, title: 'At dawn', duration: 120, published: true },
    });
    expect(edited.body.video).toMatchObject({ title: 'At dawn', poster: second, draft: null });

    const oldest = (await history(id)).find((r) => r.number === 1);
    assert(oldest, 'kept');
    const restored = await call('POST', `/api/admin/videos/${id}/revisions/${oldest.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.message).toBe(REVISION_RESTORED);
    expect(restored.body.draft?.fields).toMatchObject({ duration: 90, title: '', poster: first });
    expect(await publicVideo(id)).toMatchObject({ duration: 120, poster: second });

    const discarded = await call('DELETE', `/api/admin/videos/${id}/draft`);
    expect(discarded.body.item).toMatchObject({ poster: second, draft: null });
    // Still named by its versions, the first poster stays stored.
    expect(await stored(first)).toBe(true);

    await call('POST', `/api/admin/videos/${id}/revisions/${oldest.id}/restore`);
    expect((await call('POST', `/api/admin/videos/${id}/draft/publish`)).status).toBe(200);
    expect(await publicVideo(id)).toMatchObject({ duration: 90, title: '', poster: first });
  });

  it('takes its draft, versions and posters with it when deleted', async () => {
    // The video shows the first poster; only its versions name the second.
    await call('PUT', `/api/admin/videos/${id}/draft`, { body: { ...every, description: 'One more cut' } });
    expect([await stored(first), await stored(second)]).toEqual([true, true]);

    expect((await call('DELETE', `/api/admin/videos/${id}`)).status).toBe(200);
    expect([await stored(first), await stored(second)]).toEqual([false, false]);
    expect(await t.db.selectFrom('revisions').select('id').where('item_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('drafts').select('item_id').where('item_id', '=', id).execute()).toEqual([]);
    expect((await call('GET', `/api/admin/videos/${id}/draft`)).status).toBe(404);
  });
});

describe('an unpublished video', () => {
  it('is saved as it is (visitors see neither) and previewed without a draft', async () => {
    const created = await call('POST', '/api/admin/videos', { body: { ...every, name: 'Teaser' } });
    const video = created.body.video;
    assert(video, 'created');
    expect(video).toMatchObject({ published: false, draft: null });
    const link = await call('POST', `/api/admin/videos/${video._id}/preview-link`);
    const token = new URL(link.body.link?.url ?? 'http://x').searchParams.get('token') ?? '';
    const preview = await call<PreviewAnswer>('GET', `/api/preview/${token}`, { token: null });
    expect(preview.body).toMatchObject({ type: 'video', draft: false, published: false, item: { name: 'Teaser' } });
    expect((await history(video._id)).map((r) => r.action)).toEqual(['create']);
  });

  it('takes JSON alone for its draft, as its own PUT does', async () => {
    const created = await call('POST', '/api/admin/videos', { body: { ...every, name: 'Trailer', published: true } });
    const id = created.body.video?._id ?? '';
    const form = new FormData();
    form.append('name', 'Trailer (cut)');
    form.append('youtube', EMBED);
    const refused = await call('PUT', `/api/admin/videos/${id}/draft`, { body: form });
    expect(refused.status).toBe(415);
    expect((await call('GET', `/api/admin/videos/${id}/draft`)).status).toBe(404);
  });
});

describe('who reaches a video’s drafts', () => {
  it('is the content roles alone: editors and the admin keep drafts and publish them', async () => {
    const created = await call('POST', '/api/admin/videos', { body: { ...every, name: 'Regatta', published: true } });
    const id = created.body.video?._id ?? '';
    const paths: [string, string, object?][] = [
      ['GET', `/api/admin/videos/${id}/revisions`],
      ['PUT', `/api/admin/videos/${id}/draft`, { ...every, name: 'Regatta day' }],
      ['POST', `/api/admin/videos/${id}/preview-link`],
      ['POST', `/api/admin/videos/${id}/draft/publish`],
      ['DELETE', `/api/admin/videos/${id}/draft`],
    ];
    for (const token of [tokens.author, tokens.shop, tokens.support]) {
      for (const [method, path, body] of paths) expect((await call(method, path, { token, body })).status).toBe(403);
    }
    const put = paths[1];
    assert(put, 'the draft PUT');
    expect((await call('PUT', put[1], { token: tokens.admin, body: put[2] })).status).toBe(200);
    const published = await call('POST', `/api/admin/videos/${id}/draft/publish`, { token: tokens.editor });
    expect(published.body).toMatchObject({ message: DRAFT_PUBLISHED, item: { name: 'Regatta day' } });
    expect((await call('GET', '/api/admin/videos/nope/revisions')).status).toBe(404);
  });
});
