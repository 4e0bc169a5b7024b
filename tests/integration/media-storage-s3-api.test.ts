/**
 * The whole API on S3-compatible storage, against a real S3 server (s3rver): a photo upload with its
 * variants, an audio upload and a document upload land in the bucket (not on disk), GET /media/:name serves them with
 * the row's type, the security headers, ETag, 304 and byte ranges, deletes remove the objects, the start-up sweep
 * removes orphan objects (old enough ones only); with MEDIA_BASE_URL rows and answers stay relative.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DeleteObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../src/server/seed/audio.ts';
import { backfillPictureVariants, sweepOrphanMedia } from '../../src/server/media/media-store.ts';
import { sweepOrphanDocuments } from '../../src/server/modules/documents/documents.store.ts';
import { VARIANT_WIDTHS, variantName } from '../../src/shared/image-variants.ts';
import { mediaUrl } from '../../src/shared/media-url.ts';
import type { AdminDocument } from '../../src/shared/documents.ts';
import type { Audio, Photo } from '../../src/shared/types.ts';
import { makePdf } from '../helpers/document-files.ts';
import { jsonClient } from '../helpers/json-client.ts';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const PREFIX = 'site-a/';
let s3: S3TestServer;
let t: TestApp;
let admin: string;

// Each hook hands back its own cleanup, so what was started is stopped whichever step fails.
beforeAll(async () => {
  s3 = await startS3Server({ prefix: PREFIX });
  return () => s3.stop();
});
beforeAll(async () => {
  t = await createTestApp({ env: s3.env });
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});

const keys = async (under: string) =>
  ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${PREFIX}${under}` }))).Contents ?? [])
    .map((o) => {
      assert.isDefined(o.Key, 'a listed object has a key');
      return o.Key.slice(`${PREFIX}${under}`.length);
    })
    .sort();
const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** A JSON client of `app` signed with `token`. */
const clientOf = (app: TestApp, token: string) => jsonClient((path, init) => app.request(path, init), token);

const png = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
function photoForm(bytes: Buffer, title: string): FormData {
  const form = new FormData();
  form.append('title', title);
  form.append('published', 'true');
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  return form;
}
const uploadPhoto = async (app: TestApp, token: string, title: string) => {
  const answer = await clientOf(app, token)<{ photo: Photo }>('POST', '/api/admin/photos/upload', {
    body: photoForm(await png(), title),
  });
  expect(answer.status).toBe(201);
  return answer.body.photo;
};

describe('a photo upload on S3', () => {
  let photo: Photo;
  let name: string;

  beforeAll(async () => {
    photo = await uploadPhoto(t, admin, 'Harbour');
    name = nameOf(photo.image);
  });

  it('lands in the bucket with every variant, and nothing on the local disk', async () => {
    expect(photo.image).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    expect(await keys('media/')).toEqual(
      expect.arrayContaining([name, ...VARIANT_WIDTHS.map((w) => variantName(name, w))]),
    );
    const stored = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}media/${name}` }));
    expect(stored.ContentType).toBe('image/webp');
    expect(existsSync(join(t.dataDir, 'media', name))).toBe(false);
  });

  it('is served by GET /media/:name with the row type, the fixed headers and the object ETag', async () => {
    const res = await t.request(photo.image);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const stored = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}media/${name}` }));
    assert(stored.LastModified, 'S3 dates the object');
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(stored.ContentLength),
      etag: stored.ETag,
      'last-modified': stored.LastModified.toUTCString(),
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'inline',
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(bytes.byteLength).toBe(stored.ContentLength);
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    const variant = await t.request(`/media/${variantName(name, 480)}`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/avif');
  });

  it('answers 304 to a current ETag or date, 206 to a range, 416 past the end, and HEAD without a body', async () => {
    const first = await t.request(photo.image);
    const etag = first.headers.get('etag');
    const lastModified = first.headers.get('last-modified');
    assert.isNotNull(etag, 'an ETag');
    assert.isNotNull(lastModified, 'a Last-Modified date');
    const size = Number(first.headers.get('content-length'));
    const whole = new Uint8Array(await first.arrayBuffer());

    const cached = await t.request(photo.image, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(etag);
    expect(await cached.text()).toBe('');
    expect((await t.request(photo.image, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    const stale = await t.request(photo.image, { headers: { 'if-none-match': '"something-else"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();

    const part = await t.request(photo.image, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${size}`);
    expect(part.headers.get('content-length')).toBe('8');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(whole.slice(4, 12));
    const tail = await t.request(photo.image, { headers: { range: 'bytes=-5' } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(whole.slice(size - 5));
    const changed = await t.request(photo.image, { headers: { range: 'bytes=4-11', 'if-range': '"older"' } });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();

    const past = await t.request(photo.image, { headers: { range: `bytes=${size}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);

    const head = await t.request(photo.image, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
  });

  it('answers 404 for a name no row has, even when the bucket holds it, and for one the bucket lost', async () => {
    const stray = '0f8fad5b-d9cb-469f-a165-70867728950e.webp';
    await s3.client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: `${PREFIX}media/${stray}`,
        Body: 'stray',
        ContentType: 'image/webp',
      }),
    );
    expect((await t.request(`/media/${stray}`)).status).toBe(404);
    await t.db
      .insertInto('media')
      .values({
        id: 'lost-row',
        file_name: '1b4e28ba-2fa1-41d2-883f-0016d3cca427.webp',
        content_type: 'image/webp',
        bytes: 1,
        width: null,
        height: null,
      })
      .execute();
    expect((await t.request('/media/1b4e28ba-2fa1-41d2-883f-0016d3cca427.webp')).status).toBe(404);
    await t.db.deleteFrom('media').where('id', '=', 'lost-row').execute();
  });

  it('removes the picture and its variants from the bucket when the photo is deleted', async () => {
    const before = await keys('media/');
    const answer = await clientOf(t, admin)('DELETE', `/api/admin/photos/${photo._id}`);
    expect(answer.status).toBe(200);
    const after = await keys('media/');
    const gone = [name, ...VARIANT_WIDTHS.map((w) => variantName(name, w))];
    for (const file of gone) expect(after).not.toContain(file);
    expect(after).toEqual(before.filter((k) => !gone.includes(k)));
    expect((await t.request(photo.image)).status).toBe(404);
  });
});

describe('an audio upload on S3', () => {
  it('lands in the bucket and is served as audio with ranges', async () => {
    const rate = 8000;
    const pcm = new Int16Array(rate);
    for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000);
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'Bells', artist: 'The Quay', type: 'Music' })) form.append(k, v);
    form.append('audio', new Blob([new Uint8Array(encodeWav(pcm, rate))], { type: 'audio/wav' }), 'bells.wav');
    const answer = await clientOf(t, admin)<{ audio: Audio }>('POST', '/api/admin/audios', { body: form });
    expect(answer.status).toBe(201);
    const url = answer.body.audio.audio_file;
    expect(await keys('media/')).toContain(nameOf(url));
    const part = await t.request(url, { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('audio/wav');
    expect(new TextDecoder().decode(await part.arrayBuffer())).toBe('RIFF');
  });
});

describe('a document upload on S3', () => {
  let id: string;
  let file: string;

  it('lands under documents/, is downloadable as an attachment and never servable under /media', async () => {
    const form = new FormData();
    form.append('title', 'Annual report');
    form.append('published', 'true');
    form.append('file', new Blob([makePdf().slice()], { type: 'application/pdf' }), 'report.pdf');
    const answer = await clientOf(t, admin)<{ document: AdminDocument }>('POST', '/api/admin/documents', {
      body: form,
    });
    expect(answer.status).toBe(201);
    id = answer.body.document.id;
    file = (await t.db.selectFrom('documents').select('file').where('id', '=', id).executeTakeFirstOrThrow()).file;
    expect(await keys('documents/')).toEqual([file]);
    expect(await keys('media/')).not.toContain(file);
    const stored = await s3.client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}documents/${file}` }),
    );
    expect(stored.ContentType).toBe('application/pdf');
    const download = await t.request(`/api/documents/${id}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(Buffer.from(makePdf()));
    expect((await t.request(`/media/${file}`)).status).toBe(404);
  });

  it('removes the object with the document', async () => {
    expect((await clientOf(t, admin)('DELETE', `/api/admin/documents/${id}`)).status).toBe(200);
    expect(await keys('documents/')).toEqual([]);
  });
});

describe('the orphan sweep on S3', () => {
  it('keeps young orphans (another instance may be mid-upload) and removes old ones, never a named object', async () => {
    const kept = await uploadPhoto(t, admin, 'Kept');
    const orphan = '7c9e6679-7425-40de-944b-e07fc1f90ae7.webp';
    const orphanDocument = '9a8b7c6d-1234-4abc-8def-0123456789ab.pdf';
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}media/${orphan}`, Body: 'orphan' }));
    await s3.client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}documents/${orphanDocument}`, Body: 'orphan' }),
    );

    expect(await sweepOrphanMedia(t.db, t.dataDir)).toBe(0);
    expect(await sweepOrphanDocuments(t.db, t.dataDir)).toBe(0);
    expect(await keys('media/')).toContain(orphan);

    const named = (await t.db.selectFrom('media').select('file_name').execute()).map((r) => r.file_name);
    const strays = (await keys('media/')).filter((k) => !named.includes(k));
    expect(await sweepOrphanMedia(t.db, t.dataDir, { minAgeMs: 0 })).toBe(strays.length);
    expect(await sweepOrphanDocuments(t.db, t.dataDir, { minAgeMs: 0 })).toBe(1);
    const left = await keys('media/');
    expect(left).not.toContain(orphan);
    expect(left.sort()).toEqual([...named].sort());
    expect(left).toContain(nameOf(kept.image));
    expect(await keys('documents/')).toEqual([]);
    expect((await t.request(kept.image)).status).toBe(200);
  });
});

describe('the start-up variant backfill on S3', () => {
  it('reads the picture from the bucket and writes the variants it lacks there', async () => {
    const photo = await uploadPhoto(t, admin, 'Backfilled');
    const name = nameOf(photo.image);
    const variants = VARIANT_WIDTHS.map((w) => variantName(name, w));
    await t.db.deleteFrom('media').where('file_name', 'in', variants).execute();
    for (const v of variants)
      await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}media/${v}` }));
    expect(await keys('media/')).not.toContain(variants[0]);
    expect(await backfillPictureVariants(t.db, t.dataDir)).toBe(variants.length);
    expect(await keys('media/')).toEqual(expect.arrayContaining(variants));
    expect((await t.request(`/media/${variants[0]}`)).headers.get('content-type')).toBe('image/avif');
  });
});

describe('MEDIA_BASE_URL', () => {
  let cdn: TestApp;
  let cdnAdmin: string;
  const BASE = 'https://cdn.example.com/site-b/media';

  beforeAll(async () => {
    // Its own prefix: a site's sweep owns everything under its prefix, so two sites never share one.
    cdn = await createTestApp({ env: { ...s3.env, S3_PREFIX: 'site-b/', MEDIA_BASE_URL: BASE } });
    return () => cdn.close();
  });
  beforeAll(async () => {
    cdnAdmin = await cdn.login('admin', TEST_ADMIN_PASSWORD);
  });

  it('leaves API answers and rows relative (the site and islands put them under the base: apiAsset), and /media still serves them', async () => {
    const photo = await uploadPhoto(cdn, cdnAdmin, 'On the CDN');
    expect(photo.image).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    const row = await cdn.db.selectFrom('photos').select('image').where('id', '=', photo._id).executeTakeFirstOrThrow();
    expect(row.image).toBe(photo.image);
    expect((await cdn.request(row.image)).status).toBe(200);
    expect(mediaUrl(row.image, cdn.env.MEDIA_BASE_URL)).toBe(`${BASE}/${nameOf(photo.image)}`);
  });
});

describe('the bucket out of reach', () => {
  it('answers an upload 503 with Retry-After and a message, and stores no row', async () => {
    const gone = await startS3Server();
    const app = await createTestApp({ env: gone.env });
    try {
      const token = await app.login('admin', TEST_ADMIN_PASSWORD);
      await gone.stop();
      const res = await app.request('/api/admin/photos/upload', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: photoForm(await png(), 'Unreachable'),
      });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({ message: expect.any(String) as unknown });
      expect(await app.db.selectFrom('photos').select('id').where('title', '=', 'Unreachable').execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
