/**
 * Drafts, preview links and versions of photos, with the real app, database and DATA_DIR (SQLite and PostgreSQL): a
 * draft of a published photo (its title, caption, category and tags; never a picture, which is the photo itself)
 * changes nothing visitors see until it is published, checked as the photo's own PUT; its preview shows the draft
 * with the photo's picture; every save of its fields keeps a version that can be restored, a change of state alone
 * none; only the content roles reach any of it; a deleted photo takes its draft, its versions and its picture.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import {
  DRAFT_NOT_FOUND,
  DRAFT_PUBLISHED,
  PREVIEW_GONE,
  type PreviewAnswer,
  type PreviewLink,
} from '../../src/shared/drafts.ts';
import type { AdminPhoto, PhotoDraft } from '../../src/shared/photos-admin.ts';
import { REVISION_RESTORED, type RevisionComparison, type RevisionHistory } from '../../src/shared/revisions.ts';
import { PUBLISHED_PHOTO_TITLE } from '../../src/shared/schemas/photo.ts';
import type { Photo } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { isStored, pngBlob } from '../helpers/pictures.ts';
import { staffToken } from '../helpers/staff.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const tokens = { admin: '', editor: '', author: '', shop: '', support: '' };

type Body = ApiBody & { photo?: AdminPhoto; item?: AdminPhoto; draft?: PhotoDraft; link?: PreviewLink };
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => tokens.editor,
);
const call = <B = Body>(method: string, path: string, options?: CallOptions) => client<B>(method, path, options);

const upload = async (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('photo', await pngBlob('#336699'), 'harbour.png');
  const answer = await call('POST', '/api/admin/photos/upload', { body: form });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  assert(answer.body.photo, 'uploaded');
  return answer.body.photo;
};
/** The photo as visitors' list reads it, or undefined while it is not published. */
const publicPhoto = async (id: string) =>
  (await client<{ results: Photo[] }>('GET', '/api/photos', { token: null })).body.results.find((p) => p._id === id);
const adminListed = async (id: string) =>
  (await call<{ results: AdminPhoto[] }>('GET', '/api/admin/photos')).body.results.find((p) => p._id === id);
const history = async (id: string) =>
  (await call<RevisionHistory>('GET', `/api/admin/photos/${id}/revisions`)).body.revisions;
const previewOf = async (id: string) => {
  const link = await call('POST', `/api/admin/photos/${id}/preview-link`);
  assert(link.body.link, 'a link');
  const token = new URL(link.body.link.url).searchParams.get('token') ?? '';
  return call<PreviewAnswer>('GET', `/api/preview/${token}`, { token: null });
};
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

describe('a draft of a published photo', () => {
  let photo: AdminPhoto;

  it('is saved without changing what visitors see, checked as the photo’s own edit, and listed as unpublished changes', async () => {
    photo = await upload({ title: 'Harbour at dawn', caption: 'Boats leaving', published: 'true' });
    const draftPath = `/api/admin/photos/${photo._id}/draft`;
    for (const [body, field] of [
      [{ title: ' ' }, 'title'],
      [{ category: 'No such shelf' }, 'category'],
      [{ tags: 7 }, 'tags'],
      [{ caption: 'x'.repeat(2001) }, 'caption'],
    ] as const) {
      const refused = await call('PUT', draftPath, { body });
      expect([refused.status, refused.body.field]).toEqual([400, field]);
    }
    expect((await call('PUT', draftPath, { body: { title: '' } })).body.message).toBe(PUBLISHED_PHOTO_TITLE);
    // A photo is its picture: a draft takes the edit's JSON alone, never a new file.
    const withFile = new FormData();
    withFile.append('title', 'Harbour');
    withFile.append('photo', await pngBlob('#993311'), 'other.png');
    expect((await call('PUT', draftPath, { body: withFile })).status).toBe(415);
    expect((await call('GET', draftPath)).body.message).toBe(DRAFT_NOT_FOUND);

    await t.deps.rebuilds.settled();
    const saved = await call('PUT', draftPath, {
      body: { caption: 'Boats leaving at first light', category: 'Nature', tags: 'sea, boats', published: false },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.draft?.fields).toEqual({
      title: 'Harbour at dawn',
      caption: 'Boats leaving at first light',
      category: 'Nature',
      tags: ['sea', 'boats'],
    });
    expect(rebuildAsked()).toBe(false);
    expect(await publicPhoto(photo._id)).toMatchObject({ caption: 'Boats leaving', category: '', tags: [] });
    expect(await adminListed(photo._id)).toMatchObject({
      caption: 'Boats leaving',
      published: true,
      draft: { savedBy: 'Carol Customer' },
    });
  });

  it('is shown by its preview link with the draft’s fields and the photo’s own picture, never cached', async () => {
    const preview = await previewOf(photo._id);
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.body).toMatchObject({
      type: 'photo',
      draft: true,
      published: true,
      item: {
        _id: photo._id,
        title: 'Harbour at dawn',
        caption: 'Boats leaving at first light',
        tags: ['sea', 'boats'],
        image: photo.image,
      },
    });
  });

  it('becomes the live photo when published, and every step is a version', async () => {
    await t.deps.rebuilds.settled();
    const published = await call('POST', `/api/admin/photos/${photo._id}/draft/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({
      message: DRAFT_PUBLISHED,
      item: { caption: 'Boats leaving at first light', published: true, draft: null },
    });
    expect(rebuildAsked()).toBe(true);
    expect(await publicPhoto(photo._id)).toMatchObject({
      caption: 'Boats leaving at first light',
      category: 'Nature',
      tags: ['sea', 'boats'],
      image: photo.image,
    });
    const revisions = await history(photo._id);
    expect(revisions.map((r) => [r.number, r.action, r.changed, r.current])).toEqual([
      [3, 'publish', [], true],
      [2, 'draft', ['Caption', 'Category', 'Tags'], false],
      [1, 'create', [], false],
    ]);
    const [newest, , first] = revisions;
    assert(newest && first, 'kept');
    const compared = await call<RevisionComparison>(
      'GET',
      `/api/admin/photos/${photo._id}/revisions/compare?from=${first.id}&to=${newest.id}`,
    );
    expect(compared.body.fields.find((f) => f.name === 'caption')).toMatchObject({
      changed: true,
      before: 'Boats leaving',
      after: 'Boats leaving at first light',
    });
  });

  it('keeps a version for an edit of its fields, none for a change of state alone', async () => {
    const edited = await call('PUT', `/api/admin/photos/${photo._id}`, { body: { title: 'Harbour, dawn' } });
    expect(edited.body.photo).toMatchObject({ title: 'Harbour, dawn', draft: null });
    expect((await call('PATCH', `/api/admin/photos/${photo._id}`, { body: { published: false } })).status).toBe(200);
    expect((await call('PATCH', `/api/admin/photos/${photo._id}`, { body: { published: true } })).status).toBe(200);
    expect((await history(photo._id)).map((r) => [r.number, r.action, r.changed])).toEqual([
      [4, 'update', ['Title']],
      [3, 'publish', []],
      [2, 'draft', ['Caption', 'Category', 'Tags']],
      [1, 'create', []],
    ]);
  });

  it('restores a version as the draft while visitors keep the live photo; deleting it takes draft, versions and picture', async () => {
    const first = (await history(photo._id)).find((r) => r.number === 1);
    assert(first, 'kept');
    const restored = await call('POST', `/api/admin/photos/${photo._id}/revisions/${first.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({
      message: REVISION_RESTORED,
      draft: { fields: { title: 'Harbour at dawn', caption: 'Boats leaving', category: '', tags: [] } },
    });
    expect(await publicPhoto(photo._id)).toMatchObject({ title: 'Harbour, dawn', tags: ['sea', 'boats'] });
    const link = await call('POST', `/api/admin/photos/${photo._id}/preview-link`);
    const token = new URL(link.body.link?.url ?? 'http://x/').searchParams.get('token') ?? '';

    expect(await isStored(t.dataDir, photo.image)).toBe(true);
    expect((await call('DELETE', `/api/admin/photos/${photo._id}`)).status).toBe(200);
    expect(await isStored(t.dataDir, photo.image)).toBe(false);
    expect(await t.db.selectFrom('revisions').select('id').where('item_id', '=', photo._id).execute()).toEqual([]);
    expect(await t.db.selectFrom('drafts').select('item_id').where('item_id', '=', photo._id).execute()).toEqual([]);
    const gone = await call('GET', `/api/preview/${token}`, { token: null });
    expect([gone.status, gone.body.message]).toEqual([404, PREVIEW_GONE]);
  });
});

describe('drafts of other photos', () => {
  it('discards a draft, leaving the photo as it was', async () => {
    const photo = await upload({ title: 'Quay', published: 'true' });
    const draftPath = `/api/admin/photos/${photo._id}/draft`;
    expect((await call('PUT', draftPath, { body: { title: 'Quay at night' } })).status).toBe(200);
    const discarded = await call('DELETE', draftPath);
    expect(discarded.body).toMatchObject({ item: { title: 'Quay', draft: null } });
    expect((await call('GET', draftPath)).status).toBe(404);
    expect((await call('DELETE', draftPath)).status).toBe(404);
    expect(await publicPhoto(photo._id)).toMatchObject({ title: 'Quay' });
  });

  it('previews an unpublished photo as it is, no draft applied', async () => {
    const photo = await upload({ title: 'Net loft', caption: 'Not yet', published: 'false' });
    const preview = await previewOf(photo._id);
    expect(preview.body).toMatchObject({ type: 'photo', draft: false, published: false, item: { title: 'Net loft' } });
  });

  it('keeps the state of a photo written before history began as its version 1, dated by its upload', async () => {
    const uploaded = '2026-10-01T08:00:00.000Z';
    await t.db
      .insertInto('photos')
      .values({ id: 'seeded-photo', title: 'Old pier', image: '', published: true, created_at: uploaded })
      .execute();
    expect((await call('PUT', '/api/admin/photos/seeded-photo/draft', { body: { caption: 'Rebuilt' } })).status).toBe(
      200,
    );
    const revisions = await history('seeded-photo');
    expect(revisions.map((r) => [r.number, r.action, r.changed, r.current, r.savedAt])).toEqual([
      [2, 'draft', ['Caption'], false, expect.any(String)],
      [1, 'update', [], true, uploaded],
    ]);
  });
});

describe('who reaches a photo’s drafts', () => {
  it('is the content roles alone: an author, the shop’s manager and support are refused', async () => {
    const photo = await upload({ title: 'Lighthouse', published: 'true' });
    const paths: [string, string, object?][] = [
      ['GET', '/api/admin/photos'],
      ['GET', `/api/admin/photos/${photo._id}/draft`],
      ['PUT', `/api/admin/photos/${photo._id}/draft`, { title: 'Lighthouse at dusk' }],
      ['POST', `/api/admin/photos/${photo._id}/draft/publish`],
      ['DELETE', `/api/admin/photos/${photo._id}/draft`],
      ['POST', `/api/admin/photos/${photo._id}/preview-link`],
      ['GET', `/api/admin/photos/${photo._id}/revisions`],
    ];
    for (const token of [tokens.author, tokens.shop, tokens.support]) {
      for (const [method, path, body] of paths) {
        expect((await call(method, path, { token, body })).status, `${method} ${path}`).toBe(403);
      }
    }
    const byAdmin = await call('PUT', `/api/admin/photos/${photo._id}/draft`, {
      token: tokens.admin,
      body: { title: 'Lighthouse at dusk' },
    });
    expect(byAdmin.status).toBe(200);
    const published = await call('POST', `/api/admin/photos/${photo._id}/draft/publish`, { token: tokens.admin });
    expect(published.body).toMatchObject({ item: { title: 'Lighthouse at dusk' } });
    expect((await call('GET', '/api/admin/photos/nope/revisions')).status).toBe(404);
    expect((await call('PUT', '/api/admin/photos/nope/draft', { body: { title: 'x' } })).status).toBe(404);
  });
});
