/**
 * The media library with the real app, database and DATA_DIR (SQLite and PostgreSQL): every stored picture and audio
 * file listed with its uses; details saved; a focal point and a replaced file reach every record that names the file
 * (same address, new version); alt text required before a picture shows in published text; a delete refused while
 * in use; each role reaching what it may.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import {
  ALT_TEXT_KEPT,
  ALT_TEXT_REQUIRED,
  DOCUMENT_MANAGED_ELSEWHERE,
  MEDIA_DELETED,
  MEDIA_NOT_FOUND,
  MEDIA_REPLACE_KIND,
  MEDIA_SAVED,
  MEDIA_SAVED_LIVE,
  type MediaItemDetail,
  type MediaListAnswer,
  type MediaUse,
} from '../../src/shared/media-library.ts';
import type { AdminBlog } from '../../src/shared/schemas/blog-admin.ts';
import { encodeWav } from '../../src/server/seed/audio.ts';
import { makePdf } from '../helpers/document-files.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { isStored, pngBlob } from '../helpers/pictures.ts';
import { staffToken } from '../helpers/staff.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const tokens = { admin: '', editor: '', author: '', shop: '', support: '', customer: '' };

type Body = ApiBody & { item?: MediaItemDetail; blog?: AdminBlog; uses?: MediaUse[] };
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => tokens.editor,
);
const call = <B = Body>(method: string, path: string, options?: CallOptions) => client<B>(method, path, options);

function wav(seconds: number): Blob {
  const rate = 8000;
  const pcm = new Int16Array(Math.round(seconds * rate));
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000);
  return new Blob([new Uint8Array(encodeWav(pcm, rate))], { type: 'audio/wav' });
}

async function upload(file: Blob, name: string, fields: Record<string, string> = {}, token = tokens.editor) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', file, name);
  return call('POST', '/api/admin/media', { body: form, token });
}

async function added(file: Blob, name: string, fields: Record<string, string> = {}, token = tokens.editor) {
  const answer = await upload(file, name, fields, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  assert(answer.body.item, 'the item is answered');
  return answer.body.item;
}

const list = async (query = '', token = tokens.editor) =>
  (await call<MediaListAnswer>('GET', `/api/admin/media${query}`, { token })).body;
const detail = async (id: string) => (await call('GET', `/api/admin/media/${id}`)).body as unknown as MediaItemDetail;
const lastAudit = async () =>
  (await t.db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').limit(1).execute())[0];
const etagOf = async (url: string) => (await t.request(url)).headers.get('etag');

async function post(fields: Record<string, string | boolean>, cover?: Blob) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (cover) form.append('image', cover, 'cover.png');
  return call('POST', '/api/admin/blogs', { body: form });
}

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.editor = await staffToken(t, tokens.admin, 'eddie', 'editor');
  tokens.author = await staffToken(t, tokens.admin, 'aria', 'author');
  tokens.shop = await staffToken(t, tokens.admin, 'sam', 'shop_manager');
  tokens.support = await staffToken(t, tokens.admin, 'sue', 'support');
  tokens.customer = await t.customerToken('cora');
  return () => t.close();
});

describe('adding files', () => {
  it('stores a picture and an audio file, kept, titled from their names, listed with their details', async () => {
    const picture = await added(await pngBlob('#aa3355', 120, 80), 'harbour-at_dusk.png', { alt: 'Boats at dusk' });
    expect(picture).toMatchObject({
      kind: 'image',
      title: 'harbour at dusk',
      alt: 'Boats at dusk',
      kept: true,
      version: 1,
      width: 120,
      height: 80,
      useCount: 0,
      uses: [],
      uploadedBy: expect.stringMatching(/\S/) as unknown,
    });
    expect(picture.address).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    expect(picture.url).toBe(picture.address);
    expect((await t.request(picture.address)).status).toBe(200);
    expect((await t.request(picture.address.replace('.webp', '-w480.avif'))).status).toBe(200);

    const audio = await added(wav(1.2), 'bells.wav');
    expect(audio).toMatchObject({ kind: 'audio', title: 'bells', contentType: 'audio/wav' });

    const all = await list();
    expect(all.items.map((i) => i.id)).toEqual(expect.arrayContaining([picture.id, audio.id]));
    expect(all.items.some((i) => /-w\d+\./.test(i.address))).toBe(false);
    expect((await list('?kind=audio')).items.map((i) => i.id)).toEqual([audio.id]);
    expect((await list('?q=dusk%20boats')).items.map((i) => i.id)).toEqual([picture.id]);
    expect(await lastAudit()).toMatchObject({ action: 'media.create' });
  });

  it('refuses what is not a picture or audio, an empty form and bad fields, storing nothing', async () => {
    const before = (await list()).total;
    const text = await upload(new Blob(['hello'], { type: 'text/plain' }), 'notes.txt');
    expect([text.status, text.body.field]).toEqual([415, 'file']);
    const none = await call('POST', '/api/admin/media', { body: new FormData() });
    expect([none.status, none.body.field]).toEqual([400, 'file']);
    const long = await upload(await pngBlob('#123456'), 'a.png', { alt: 'x'.repeat(301) });
    expect([long.status, long.body.field]).toEqual([400, 'alt']);
    const json = await call('POST', '/api/admin/media', { body: { file: 'x' } });
    expect(json.status).toBe(415);
    expect((await list()).total).toBe(before);
  });
});

describe('details, uses, focal point and replace', () => {
  let blog: AdminBlog;
  let cover: MediaItemDetail;
  let inline: MediaItemDetail;

  it('lists a form’s upload and a picture shown inside a post as used, naming the post', async () => {
    inline = await added(await pngBlob('#33aa55', 200, 100), 'garden.png');
    const refused = await post(
      { title: 'Garden notes', content: `<p>Look:</p><img src="${inline.address}" alt="">`, published: true },
      await pngBlob('#5533aa'),
    );
    expect([refused.status, refused.body.field]).toEqual([400, 'content']);
    expect(refused.body.message).toContain(ALT_TEXT_REQUIRED);

    const saved = await call('PATCH', `/api/admin/media/${inline.id}`, { body: { alt: 'Roses by the wall' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(MEDIA_SAVED);
    const created = await post(
      { title: 'Garden notes', content: `<p>Look:</p><img src="${inline.address}" alt="">`, published: true },
      await pngBlob('#5533aa'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    assert(created.body.blog);
    blog = created.body.blog;
    // The alt text is the library's, whatever the sender wrote.
    expect(blog.content).toContain('alt="Roses by the wall"');

    const coverItem = (await list()).items.find((i) => i.address === blog.image);
    assert(coverItem, 'the post’s cover is in the library');
    expect(coverItem).toMatchObject({ kept: false, useCount: 1 });
    cover = await detail(coverItem.id);
    expect(cover.uses).toEqual([{ label: 'Blog post', name: 'Garden notes', id: blog._id }]);
    expect((await detail(inline.id)).uses.map((u) => `${u.label}: ${u.name}`)).toEqual(['Blog post: Garden notes']);
    expect((await list('?unused=true')).items.map((i) => i.id)).not.toContain(inline.id);
  });

  it('gives a new alt text to the post that shows the picture, and never an empty one', async () => {
    const saved = await call('PATCH', `/api/admin/media/${inline.id}`, { body: { alt: 'Red roses' } });
    expect(saved.body.message).toBe(MEDIA_SAVED_LIVE);
    const live = await client<{ content: string }>('GET', `/api/blogs/${blog.slug}`, { token: null });
    expect(live.body.content).toContain('alt="Red roses"');
    const emptied = await call('PATCH', `/api/admin/media/${inline.id}`, { body: { alt: '' } });
    expect(emptied).toMatchObject({ status: 400, body: { field: 'alt', message: ALT_TEXT_KEPT } });
  });

  it('refuses bad details with the field and changes nothing', async () => {
    for (const [body, field] of [
      [{ focalX: 101 }, 'focalX'],
      [{ focalY: -1 }, 'focalY'],
      [{ focalX: 'left' }, 'focalX'],
      [{ tags: 'a,b' }, 'tags'],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
      [{ caption: 'c'.repeat(501) }, 'caption'],
      [{ title: 'a\u0000b' }, 'title'],
    ] as const) {
      const refused = await call('PATCH', `/api/admin/media/${cover.id}`, { body });
      expect([refused.status, refused.body.field], JSON.stringify(body)).toEqual([400, field]);
    }
    expect((await call('PATCH', `/api/admin/media/${cover.id}`, { body: { other: 1 } })).status).toBe(400);
    expect((await call('PATCH', '/api/admin/media/no-such-file', { body: { alt: 'x' } })).status).toBe(404);
    expect(await detail(cover.id)).toMatchObject({ focalX: 50, focalY: 50, tags: [], kept: false });
  });

  it('moves the focal point of every record that shows the picture, with tags saved', async () => {
    const saved = await call('PATCH', `/api/admin/media/${cover.id}`, {
      body: { focalX: 30, focalY: 70, tags: ['Garden', 'garden', 'summer'] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(MEDIA_SAVED_LIVE);
    expect(saved.body.item).toMatchObject({ focalX: 30, focalY: 70, tags: ['garden', 'summer'], kept: true });
    expect(saved.body.item?.url).toBe(`${cover.address}?fp=30,70`);
    const live = await client<{ image: string }>('GET', `/api/blogs/${blog.slug}`, { token: null });
    expect(live.body.image).toBe(`${cover.address}?fp=30,70`);
    expect((await list('?tag=summer')).items.map((i) => i.id)).toEqual([cover.id]);
  });

  it('replaces a file at the same address: new bytes and variants, the version in every reference', async () => {
    const before = await etagOf(cover.address);
    const form = new FormData();
    form.append('file', await pngBlob('#ddcc00', 90, 90), 'new.png');
    const replaced = await call('POST', `/api/admin/media/${cover.id}/replace`, { body: form });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.item).toMatchObject({ address: cover.address, version: 2, width: 90, height: 90 });
    expect(await etagOf(cover.address)).not.toBe(before);
    const live = await client<{ image: string }>('GET', `/api/blogs/${blog.slug}`, { token: null });
    expect(live.body.image).toBe(`${cover.address}?v=2&fp=30,70`);
    expect((await t.request(`${cover.address.replace('.webp', '-w720.avif')}?v=2`)).status).toBe(200);

    const inlineForm = new FormData();
    inlineForm.append('file', await pngBlob('#00ccdd', 60, 30), 'garden-2.png');
    expect((await call('POST', `/api/admin/media/${inline.id}/replace`, { body: inlineForm })).status).toBe(200);
    const text = await client<{ content: string }>('GET', `/api/blogs/${blog.slug}`, { token: null });
    expect(text.body.content).toContain(`${inline.address}?v=2"`);
    expect(await lastAudit()).toMatchObject({ action: 'media.replace' });
  });

  it('refuses a replacement of another kind', async () => {
    const form = new FormData();
    form.append('file', wav(0.5), 'sound.wav');
    const refused = await call('POST', `/api/admin/media/${cover.id}/replace`, { body: form });
    expect(refused).toMatchObject({ status: 415, body: { field: 'file', message: MEDIA_REPLACE_KIND } });
  });

  it('refuses to delete a file in use, saying where; deletes it once unused, and keeps a kept file', async () => {
    const refused = await call('DELETE', `/api/admin/media/${inline.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Blog post “Garden notes”');
    expect(await isStored(t.dataDir, inline.address)).toBe(true);

    // The post lets both pictures go: the kept cover stays in the library (its details were saved there).
    const edited = await call('PUT', `/api/admin/blogs/${blog._id}`, {
      body: { content: '<p>No pictures</p>', image: '' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await detail(cover.id)).toMatchObject({ useCount: 0, kept: true });

    const deleted = await call('DELETE', `/api/admin/media/${cover.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { message: MEDIA_DELETED } });
    expect(await isStored(t.dataDir, cover.address)).toBe(false);
    expect((await t.request(cover.address)).status).toBe(404);
    expect((await call('GET', `/api/admin/media/${cover.id}`)).body.message).toBe(MEDIA_NOT_FOUND);
    expect(await lastAudit()).toMatchObject({ action: 'media.delete' });
  });
});

describe('documents', () => {
  it('lists the company’s documents read-only, their files and details the Documents tab’s', async () => {
    const form = new FormData();
    form.append('title', 'Price list');
    form.append('description', 'Spring prices');
    form.append('file', new Blob([makePdf().slice()], { type: 'application/pdf' }), 'prices.pdf');
    const made = await call<{ document?: { id: string } }>('POST', '/api/admin/documents', { body: form });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const documentId = made.body.document?.id;
    assert(documentId);
    const listed = (await list('?kind=document')).items;
    expect(listed).toEqual([
      expect.objectContaining({
        id: `document-${documentId}`,
        kind: 'document',
        title: 'Price list',
        caption: 'Spring prices',
        contentType: 'application/pdf',
        address: `/api/documents/${documentId}/download`,
        useCount: 1,
      }),
    ]);
    expect((await detail(`document-${documentId}`)).uses).toEqual([
      { label: 'Document', name: 'Price list', id: documentId },
    ]);
    for (const [method, path, body] of [
      ['PATCH', `/api/admin/media/document-${documentId}`, { alt: 'x' }],
      ['DELETE', `/api/admin/media/document-${documentId}`, undefined],
    ] as const)
      expect(await call(method, path, { body })).toMatchObject({
        status: 409,
        body: { message: DOCUMENT_MANAGED_ELSEWHERE },
      });
    expect((await list('?kind=document', tokens.author)).items).toEqual([]);
    expect((await call('GET', `/api/admin/media/document-${documentId}`, { token: tokens.author })).status).toBe(404);
  });
});

describe('roles', () => {
  it('lets an author reach only the files it added; shop managers, support and customers none', async () => {
    const mine = await added(await pngBlob('#777777'), 'mine.png', {}, tokens.author);
    const theirs = await added(await pngBlob('#888888'), 'theirs.png', {}, tokens.editor);
    expect((await list('', tokens.author)).items.map((i) => i.id)).toEqual([mine.id]);
    for (const [method, path, body] of [
      ['GET', `/api/admin/media/${theirs.id}`, undefined],
      ['PATCH', `/api/admin/media/${theirs.id}`, { alt: 'x' }],
      ['DELETE', `/api/admin/media/${theirs.id}`, undefined],
    ] as const)
      expect((await call(method, path, { token: tokens.author, body })).status).toBe(404);
    expect(
      (await call('PATCH', `/api/admin/media/${mine.id}`, { token: tokens.author, body: { alt: 'Mine' } })).status,
    ).toBe(200);
    expect((await list('', tokens.editor)).items.map((i) => i.id)).toEqual(
      expect.arrayContaining([mine.id, theirs.id]),
    );
    for (const token of [tokens.shop, tokens.support, tokens.customer])
      expect((await call('GET', '/api/admin/media', { token })).status).toBe(403);
  });
});
