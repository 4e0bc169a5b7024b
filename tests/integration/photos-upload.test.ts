/**
 * POST /api/admin/photos/upload with the real app, database and DATA_DIR: the row, its files and
 * audit entry; drafts stay out of the public list; every refusal names its field and stores nothing; a rebuild is
 * asked for only when a published photo arrives. Pictures are real PNG files made by sharp.
 */
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from '../../src/server/media/media-store.ts';
import type { Photo } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { refuseInserts } from '../helpers/test-database.ts';
import { expectSentence } from '../helpers/sentence.ts';

const PATH = '/api/admin/photos/upload';

let t: TestApp;
let admin: string;
let customer: string;

type Body = ApiBody & { photo?: Photo; results?: Photo[] };
interface Answer {
  status: number;
  body: Body;
}

const client = jsonClient((path, init) => t.request(path, init));
/** Status and body only: some answers are compared whole. */
async function call(method: string, path: string, options?: CallOptions): Promise<Answer> {
  const { status, body } = await client<Body>(method, path, options);
  return { status, body };
}

interface Picture {
  bytes: Buffer;
  name: string;
  type: string;
}

function form(fields: Record<string, string>, photo?: Picture): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (photo) data.append('photo', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  return data;
}

const png = async (width = 80, height = 40): Promise<Picture> => ({
  bytes: await sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer(),
  name: 'photo.png',
  type: 'image/png',
});
const upload = (fields: Record<string, string>, photo?: Picture, token = admin) =>
  call('POST', PATH, { token, body: form(fields, photo) });
const mediaFiles = async () => (await readdir(mediaDir(t.dataDir)).catch(() => [] as string[])).sort();
const photoCount = async () => (await t.db.selectFrom('photos').select('id').execute()).length;
const auditRows = () => t.db.selectFrom('audit_log').selectAll().orderBy('at').execute();
const snapshot = async () => ({
  photos: await photoCount(),
  audits: (await auditRows()).length,
  files: await mediaFiles(),
});
const ids = (answer: Answer) => (answer.body.results ?? []).map((p) => p._id);

beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('cora');
});

describe('access', () => {
  it('answers 401 without a token or with a garbage one and 403 for a customer, storing nothing', async () => {
    const before = await snapshot();
    expect((await call('POST', PATH, { body: form({ title: 'Nope' }, await png()) })).status).toBe(401);
    expect(
      (await call('POST', PATH, { token: 'garbage-token', body: form({ title: 'Nope' }, await png()) })).status,
    ).toBe(401);
    expect(await upload({ title: 'Nope' }, await png(), customer)).toEqual({
      status: 403,
      body: { message: 'Admin access required' },
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('upload', () => {
  it('stores a published photo with its picture, records it and asks for a rebuild', async () => {
    await t.deps.rebuilds.settled();
    expect(t.deps.rebuilds.status().state).toBe('up-to-date');
    const { status, body } = await upload(
      { title: '  Harbour at dawn ', caption: 'Line one\r\nLine two', published: 'true' },
      await png(1600, 1200),
    );
    expect(status).toBe(201);
    expect(['scheduled', 'building']).toContain(t.deps.rebuilds.status().state);
    expect(body.message).toBe('Photo uploaded successfully');
    const { photo } = body;
    assert(photo, 'the upload answers the photo');
    expect(photo).toEqual({
      _id: expect.any(String) as unknown,
      title: 'Harbour at dawn',
      caption: 'Line one\nLine two',
      image: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\.webp$/) as unknown,
      tags: [],
      category: '',
      resolution: 'Full HD 1080p',
      createdAt: expect.any(String) as unknown,
      views: 0,
      likes: 0,
      downloads: 0,
      published: true,
    });
    const row = await t.db.selectFrom('photos').selectAll().where('id', '=', photo._id).executeTakeFirstOrThrow();
    expect(row.image).toBe(photo.image);
    expect(row.tags).toBe('[]');
    expect(await mediaFiles()).toContain(photo.image.slice('/media/'.length));
    const served = await t.request(photo.image);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const entry = (await auditRows()).at(-1);
    expect(entry).toMatchObject({
      action: 'photo.create',
      target_type: 'photo',
      target_id: photo._id,
      summary: 'Photo "Harbour at dawn" uploaded',
    });
    // Public and admin lists both show it, as GET /api/photos maps it.
    expect((await call('GET', '/api/photos')).body.results).toContainEqual(photo);
  });

  it('keeps a draft out of the public list but shows it to an admin, and asks for no rebuild', async () => {
    await t.deps.rebuilds.settled();
    const { status, body } = await upload({ title: '', published: 'false' }, await png());
    expect(status).toBe(201);
    expect(t.deps.rebuilds.status().state).toBe('up-to-date');
    const draft = body.photo;
    assert(draft, 'the upload answers the photo');
    expect(draft).toMatchObject({ title: '', caption: '', published: false, resolution: '' });
    expect(ids(await call('GET', '/api/photos'))).not.toContain(draft._id);
    expect(ids(await call('GET', '/api/photos', { token: customer }))).not.toContain(draft._id);
    expect(ids(await call('GET', '/api/photos', { token: admin }))).toContain(draft._id);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'photo.create',
      summary: 'Photo "Untitled" uploaded as a draft',
    });
  });

  it('takes a missing published as a draft', async () => {
    const { status, body } = await upload({ title: 'No flag' }, await png());
    expect(status).toBe(201);
    expect(body.photo?.published).toBe(false);
  });

  it.each([
    [2000, 720, 'HD 720p'],
    [719, 4000, ''],
    [2560, 1440, '2K'],
    [3840, 2160, '4K'],
  ])('labels a %ix%i picture %j', async (width, height, resolution) => {
    const { body } = await upload({}, await png(width, height));
    expect(body.photo?.resolution).toBe(resolution);
  });
});

describe('refusals', () => {
  it.each<[string, Record<string, string>, boolean, string]>([
    ['no photo', { title: 'No file' }, false, 'photo'],
    ['published maybe', { published: 'maybe' }, true, 'published'],
    ['a title over 200 characters', { title: 'x'.repeat(201) }, true, 'title'],
    ['a caption over 2000 characters', { caption: 'x'.repeat(2001) }, true, 'caption'],
    ['a control character in the title', { title: 'bad\u0007' }, true, 'title'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_, fields, withPhoto, field) => {
    const before = await snapshot();
    const { status, body } = await upload(fields, withPhoto ? await png() : undefined);
    expect(status).toBe(400);
    expect(body.field).toBe(field);
    expectSentence(body.message, field);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a text file named .png with 415 naming photo', async () => {
    const before = await snapshot();
    const { status, body } = await upload(
      { title: 'Fake' },
      { bytes: Buffer.from('hello, not a picture'), name: 'fake.png', type: 'image/png' },
    );
    expect(status).toBe(415);
    expect(body).toEqual({ message: 'Only JPEG, PNG, GIF, and WEBP files are allowed', field: 'photo' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a picture of 5 MiB + 1 byte with 413 naming photo', async () => {
    const before = await snapshot();
    const big = Buffer.concat([(await png()).bytes, Buffer.alloc(5 * 1024 * 1024)]).subarray(0, 5 * 1024 * 1024 + 1);
    const { status, body } = await upload({ title: 'Huge' }, { bytes: big, name: 'huge.png', type: 'image/png' });
    expect(status).toBe(413);
    expect(body).toEqual({ message: 'File size must be less than 5MB', field: 'photo' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file under another field name and a JSON body', async () => {
    const data = form({ title: 'Other' });
    data.append('image', new Blob([new Uint8Array((await png()).bytes)], { type: 'image/png' }), 'x.png');
    const other = await call('POST', PATH, { token: admin, body: data });
    expect(other.status).toBe(400);
    expect(other.body.field).toBe('image');
    const res = await t.request(PATH, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(415);
  });

  it('releases the stored picture when the database write fails', async () => {
    const before = await snapshot();
    // A trigger makes the insert fail after the picture was stored.
    const allow = await refuseInserts(t.db, 'photos');
    try {
      const { status } = await upload({ title: 'Blocked' }, await png());
      expect(status).toBe(500);
    } finally {
      await allow();
    }
    expect(await snapshot()).toEqual(before);
  });
});
