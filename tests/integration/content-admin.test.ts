/**
 * Content Management writes with the real app, database and DATA_DIR: photo edits and deletes,
 * videos, audio and events. Every call: the row, its audit entry, the rebuild asked for only when public content
 * changed, drafts never in the public lists, refusals naming their field and changing nothing, files released on delete.
 */
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../src/server/seed/audio.ts';
import { mediaDir } from '../../src/server/media/media-store.ts';
import type { AdminAudio } from '../../src/shared/schemas/audio-admin.ts';
import type { AdminEvent } from '../../src/shared/schemas/event-admin.ts';
import type { AdminVideo } from '../../src/shared/schemas/video-admin.ts';
import { type ApiBody, jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { expectSentence } from '../helpers/sentence.ts';

let t: TestApp;
let admin: string;
let customer: string;

/** Answers that carry the item written, and lists of items. */
type VideoAnswer = ApiBody & { video: AdminVideo };
type AudioAnswer = ApiBody & { audio: AdminAudio };
type EventAnswer = ApiBody & { event: AdminEvent };
interface IdList {
  results: { _id: string }[];
}

/** JSON or multipart calls through `app.request`, as the admin unless another token (or null for none) is named. */
const call = jsonClient(
  (path, init) => t.request(path, init),
  () => admin,
);

const mediaFiles = async () => (await readdir(mediaDir(t.dataDir)).catch(() => [] as string[])).sort();
const audits = async () => t.db.selectFrom('audit_log').selectAll().orderBy('at').execute();
const lastAudit = async () => (await audits()).at(-1);
const publicIds = async (path: string) =>
  (await call<IdList>('GET', path, { token: null })).body.results.map((r) => r._id);

/** Waits until no rebuild is pending, so the next write's request (or its absence) shows. */
async function quiet() {
  await t.deps.rebuilds.settled();
  expect(t.deps.rebuilds.status().state).toBe('up-to-date');
}
const rebuildAsked = () => ['scheduled', 'building'].includes(t.deps.rebuilds.status().state);

async function uploadPhoto(published: boolean, title = 'Harbour') {
  const data = new FormData();
  data.append('title', title);
  data.append('caption', 'Boats at dawn');
  data.append('published', String(published));
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  data.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'harbour.png');
  const answer = await call('POST', '/api/admin/photos/upload', { body: data });
  expect(answer.status).toBe(201);
  return answer.body.photo as { _id: string; image: string; published: boolean };
}

beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('cora');
});

describe('access', () => {
  it.each([
    ['PUT', '/api/admin/photos/x'],
    ['PATCH', '/api/admin/photos/x'],
    ['DELETE', '/api/admin/photos/x'],
    ['GET', '/api/admin/videos'],
    ['POST', '/api/admin/videos'],
    ['PUT', '/api/admin/videos/x'],
    ['PATCH', '/api/admin/videos/x'],
    ['DELETE', '/api/admin/videos/x'],
    ['GET', '/api/admin/audios'],
    ['POST', '/api/admin/audios'],
    ['PUT', '/api/admin/audios/x'],
    ['PATCH', '/api/admin/audios/x'],
    ['DELETE', '/api/admin/audios/x'],
    ['GET', '/api/admin/events'],
    ['POST', '/api/admin/events'],
    ['PUT', '/api/admin/events/x'],
    ['PATCH', '/api/admin/events/x'],
    ['DELETE', '/api/admin/events/x'],
  ])('%s %s: 401 without a token, 403 for a customer', async (method, path) => {
    const json = method === 'GET' || method === 'DELETE' ? undefined : { published: true };
    expect((await call(method, path, { token: null, body: json })).status).toBe(401);
    expect((await call(method, path, { token: customer, body: json })).status).toBe(403);
  });
});

describe('photos', () => {
  it('PUT edits title, caption, category and tags, records it; a draft edit asks for no rebuild', async () => {
    const photo = await uploadPhoto(false, 'Draft one');
    await quiet();
    const before = (await audits()).length;
    const { status, body, headers } = await call('PUT', `/api/admin/photos/${photo._id}`, {
      body: { title: ' Quay ', caption: 'Two\r\nlines', category: 'Nature', tags: 'sea, boats, sea' },
    });
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.message).toBe('Photo updated');
    expect(body.photo).toMatchObject({
      _id: photo._id,
      title: 'Quay',
      caption: 'Two\nlines',
      category: 'Nature',
      tags: ['sea', 'boats'],
      published: false,
      image: photo.image,
    });
    expect(rebuildAsked()).toBe(false);
    expect((await audits()).length).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({ action: 'photo.update', target_type: 'photo', target_id: photo._id });
    expect(await publicIds('/api/photos')).not.toContain(photo._id);
  });

  it('PATCH publishes and unpublishes; the public list follows and a rebuild is asked for each time', async () => {
    const photo = await uploadPhoto(false, 'Soon public');
    await quiet();
    const published = await call('PATCH', `/api/admin/photos/${photo._id}`, { body: { published: true } });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ message: 'Photo published', photo: { published: true } });
    expect(rebuildAsked()).toBe(true);
    expect(await publicIds('/api/photos')).toContain(photo._id);
    await quiet();
    const hidden = await call('PATCH', `/api/admin/photos/${photo._id}`, { body: { published: 'false' } });
    expect(hidden.body).toMatchObject({ message: 'Photo unpublished', photo: { published: false } });
    expect(rebuildAsked()).toBe(true);
    expect(await publicIds('/api/photos')).not.toContain(photo._id);
    // The admin's own list (GET /api/photos with the token) keeps the draft.
    expect((await call<IdList>('GET', '/api/photos')).body.results.map((p) => p._id)).toContain(photo._id);
  });

  it('refuses bad fields with 400 naming the field, and unknown ids with 404, changing nothing', async () => {
    const photo = await uploadPhoto(true, 'Keep me');
    const row = await t.db.selectFrom('photos').selectAll().where('id', '=', photo._id).executeTakeFirstOrThrow();
    const count = (await audits()).length;
    for (const [json, field] of [
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ category: 'Cooking' }, 'category'],
      [{ tags: ['a'.repeat(51)] }, 'tags'],
      [{ tags: 5 }, 'tags'],
      [{ title: 'bad\u0007' }, 'title'],
    ] as const) {
      const answer = await call('PUT', `/api/admin/photos/${photo._id}`, { body: json });
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe(field);
      expectSentence(answer.body.message, field);
    }
    expect((await call('PATCH', `/api/admin/photos/${photo._id}`, { body: { published: 'yes' } })).body).toMatchObject({
      field: 'published',
    });
    expect((await call('PATCH', `/api/admin/photos/${photo._id}`, { body: {} })).status).toBe(400);
    expect((await call('PUT', `/api/admin/photos/${photo._id}`, { body: [1] })).status).toBe(400);
    expect((await call('PUT', '/api/admin/photos/nope', { body: { title: 'x' } })).status).toBe(404);
    expect((await call('PATCH', '/api/admin/photos/nope', { body: { published: true } })).body).toEqual({
      message: 'Photo not found',
    });
    expect((await call('DELETE', '/api/admin/photos/nope')).status).toBe(404);
    expect(await t.db.selectFrom('photos').selectAll().where('id', '=', photo._id).executeTakeFirstOrThrow()).toEqual(
      row,
    );
    expect((await audits()).length).toBe(count);
  });

  it('DELETE removes the row and its picture files, records it and asks for a rebuild when it was public', async () => {
    const photo = await uploadPhoto(true, 'Going away');
    const stem = photo.image.replace('/media/', '').replace(/\.webp$/, '');
    expect((await mediaFiles()).filter((f) => f.startsWith(stem)).length).toBeGreaterThan(0);
    await quiet();
    const answer = await call('DELETE', `/api/admin/photos/${photo._id}`);
    expect(answer).toMatchObject({ status: 200, body: { message: 'Photo deleted' } });
    expect(rebuildAsked()).toBe(true);
    expect(await t.db.selectFrom('photos').select('id').where('id', '=', photo._id).executeTakeFirst()).toBeUndefined();
    expect((await mediaFiles()).filter((f) => f.startsWith(stem))).toEqual([]);
    expect((await t.request(photo.image)).status).toBe(404);
    expect(await lastAudit()).toMatchObject({ action: 'photo.delete', target_id: photo._id });
  });
});

const ID = 'dQw4w9WgXcQ';
const EMBED = `https://www.youtube-nocookie.com/embed/${ID}`;

describe('videos', () => {
  let id = '';

  it('POST creates a draft with the link normalised; it stays out of the public list, no rebuild', async () => {
    await quiet();
    const { status, body, headers } = await call<VideoAnswer>('POST', '/api/admin/videos', {
      body: {
        name: 'Launch film',
        description: 'Our launch',
        youtube: `https://www.youtube.com/watch?v=${ID}&t=10s`,
        category: 'Education',
        duration: 95,
        tags: ['launch'],
      },
    });
    expect(status).toBe(201);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.message).toBe('Video created');
    expect(body.video).toMatchObject({
      name: 'Launch film',
      youtube: EMBED,
      category: 'Education',
      duration: 95,
      tags: ['launch'],
      published: false,
      views: 0,
    });
    id = body.video._id;
    expect(rebuildAsked()).toBe(false);
    expect(await lastAudit()).toMatchObject({ action: 'video.create', target_type: 'video', target_id: id });
    expect(await publicIds('/api/videos')).not.toContain(id);
    expect((await call<IdList>('GET', '/api/admin/videos')).body.results.map((v) => v._id)).toContain(id);
  });

  it('PUT edits every field; PATCH publishes (public list, rebuild) and unpublishes', async () => {
    const edited = await call('PUT', `/api/admin/videos/${id}`, {
      body: {
        name: 'Launch film (cut)',
        youtube: `https://youtu.be/${ID}`,
        quality: '4K',
        duration: '120',
        published: false,
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.video).toMatchObject({
      name: 'Launch film (cut)',
      youtube: EMBED,
      quality: '4K',
      duration: 120,
      description: '',
      category: '',
      tags: [],
    });
    expect(await lastAudit()).toMatchObject({ action: 'video.update', target_id: id });
    await quiet();
    const published = await call('PATCH', `/api/admin/videos/${id}`, { body: { published: true } });
    expect(published.body).toMatchObject({ message: 'Video published', video: { published: true } });
    expect(rebuildAsked()).toBe(true);
    expect(await publicIds('/api/videos')).toContain(id);
    const hidden = await call<VideoAnswer>('PATCH', `/api/admin/videos/${id}`, { body: { published: false } });
    expect(hidden.body.video.published).toBe(false);
    expect(await publicIds('/api/videos')).not.toContain(id);
  });

  it('refuses a bad link or field with 400 naming it, an unknown id with 404, JSON only', async () => {
    const before = await t.db.selectFrom('videos').selectAll().execute();
    for (const [json, field] of [
      [{ youtube: EMBED }, 'name'],
      [{ name: 'A', youtube: 'https://vimeo.com/12345' }, 'youtube'],
      [{ name: 'A' }, 'youtube'],
      [{ name: 'A', youtube: EMBED, category: 'Cooking' }, 'category'],
      [{ name: 'A', youtube: EMBED, duration: -1 }, 'duration'],
      [{ name: 'A', youtube: EMBED, duration: 1.5 }, 'duration'],
    ] as const) {
      const created = await call('POST', '/api/admin/videos', { body: json });
      expect(created.status).toBe(400);
      expect(created.body.field).toBe(field);
      expect((await call('PUT', `/api/admin/videos/${id}`, { body: json })).body.field).toBe(field);
    }
    expect((await call('PUT', '/api/admin/videos/nope', { body: { name: 'A', youtube: EMBED } })).status).toBe(404);
    expect((await call('PATCH', '/api/admin/videos/nope', { body: { published: true } })).status).toBe(404);
    const multipart = new FormData();
    multipart.append('name', 'A');
    expect((await call('POST', '/api/admin/videos', { body: multipart })).status).toBe(415);
    expect(await t.db.selectFrom('videos').selectAll().execute()).toEqual(before);
  });

  it('DELETE removes the video and records it; 404 afterwards', async () => {
    const answer = await call('DELETE', `/api/admin/videos/${id}`);
    expect(answer).toMatchObject({ status: 200, body: { message: 'Video deleted' } });
    expect(await lastAudit()).toMatchObject({ action: 'video.delete', target_id: id });
    expect((await call<IdList>('GET', '/api/admin/videos')).body.results.map((v) => v._id)).not.toContain(id);
    expect((await call('DELETE', `/api/admin/videos/${id}`)).status).toBe(404);
  });
});

/** `seconds` of a tone as a real WAV file (8 kHz mono PCM). */
function wav(seconds: number): Blob {
  const rate = 8000;
  const pcm = new Int16Array(Math.round(seconds * rate));
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000);
  return new Blob([new Uint8Array(encodeWav(pcm, rate))], { type: 'audio/wav' });
}

function multipart(fields: Record<string, string>, files: Record<string, [Blob, string]> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, [blob, fileName]] of Object.entries(files)) data.append(name, blob, fileName);
  return data;
}

const fileOf = (url: string) => url.replace('/media/', '');

describe('audio', () => {
  let id = '';
  let firstFile = '';

  it('POST stores a real audio file, reads its duration and keeps the draft out of the public list', async () => {
    await quiet();
    const { status, body, headers } = await call<AudioAnswer>('POST', '/api/admin/audios', {
      body: multipart(
        {
          name: 'Harbour bells',
          artist: 'The Quay',
          description: 'Bells',
          type: 'Music',
          category: 'Ambient',
          tags: 'bells,sea',
        },
        { audio: [wav(3.4), 'bells.wav'] },
      ),
    });
    expect(status).toBe(201);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.message).toBe('Audio created');
    expect(body.audio).toMatchObject({
      name: 'Harbour bells',
      artist: 'The Quay',
      type: 'Music',
      category: 'Ambient',
      duration: 3,
      tags: ['bells', 'sea'],
      published: false,
      reviews: [],
    });
    expect(body.audio.audio_file).toMatch(/^\/media\/[0-9a-f-]{36}\.wav$/);
    id = body.audio._id;
    firstFile = body.audio.audio_file;
    expect(rebuildAsked()).toBe(false);
    expect(await mediaFiles()).toContain(fileOf(firstFile));
    const served = await t.request(firstFile);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('audio/wav');
    expect(await lastAudit()).toMatchObject({ action: 'audio.create', target_id: id });
    expect(await publicIds('/api/audios')).not.toContain(id);
    expect((await call<IdList>('GET', '/api/admin/audios')).body.results.map((a) => a._id)).toContain(id);
  });

  it('PUT edits the fields (JSON keeps the file), a new file replaces and releases the old one', async () => {
    const edited = await call('PUT', `/api/admin/audios/${id}`, {
      body: { name: 'Harbour bells (live)', artist: 'The Quay', type: 'Live Recording', published: false },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.audio).toMatchObject({
      name: 'Harbour bells (live)',
      type: 'Live Recording',
      audio_file: firstFile,
      duration: 3,
      description: '',
    });
    const replaced = await call<AudioAnswer>('PUT', `/api/admin/audios/${id}`, {
      body: multipart({ name: 'Harbour bells (live)' }, { audio: [wav(1.2), 'short.wav'] }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.audio.duration).toBe(1);
    expect(replaced.body.audio.audio_file).not.toBe(firstFile);
    expect(await mediaFiles()).not.toContain(fileOf(firstFile));
    expect(await mediaFiles()).toContain(fileOf(replaced.body.audio.audio_file));
    expect(await lastAudit()).toMatchObject({ action: 'audio.update', target_id: id });
  });

  it('PATCH publishes (public list, rebuild) and unpublishes', async () => {
    await quiet();
    expect((await call('PATCH', `/api/admin/audios/${id}`, { body: { published: true } })).body).toMatchObject({
      message: 'Audio published',
      audio: { published: true },
    });
    expect(rebuildAsked()).toBe(true);
    expect(await publicIds('/api/audios')).toContain(id);
    expect(
      (await call<AudioAnswer>('PATCH', `/api/admin/audios/${id}`, { body: { published: false } })).body.audio
        .published,
    ).toBe(false);
    expect(await publicIds('/api/audios')).not.toContain(id);
  });

  it('refuses what is not audio (415), a missing file or bad field (400), an oversized file (413), storing nothing', async () => {
    const before = {
      rows: await t.db.selectFrom('audios').selectAll().execute(),
      files: await mediaFiles(),
      audits: (await audits()).length,
    };
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const notAudio = await call('POST', '/api/admin/audios', {
      body: multipart(
        { name: 'Fake' },
        { audio: [new Blob([new Uint8Array(png)], { type: 'audio/mpeg' }), 'fake.mp3'] },
      ),
    });
    expect(notAudio.status).toBe(415);
    expect(notAudio.body).toMatchObject({
      field: 'audio',
      message: 'Only MP3, M4A/AAC, OGG/Opus, WAV or FLAC audio files are allowed',
    });
    const text = await call('PUT', `/api/admin/audios/${id}`, {
      body: multipart(
        { name: 'Fake' },
        { audio: [new Blob(['just text'.repeat(100)], { type: 'audio/wav' }), 'x.wav'] },
      ),
    });
    expect(text.status).toBe(415);
    expect((await call('POST', '/api/admin/audios', { body: multipart({ name: 'No file' }) })).body).toMatchObject({
      field: 'audio',
      message: 'Choose an audio file.',
    });
    expect((await call('POST', '/api/admin/audios', { body: { name: 'No file' } })).status).toBe(400);
    expect(
      (await call('POST', '/api/admin/audios', { body: multipart({ name: '' }, { audio: [wav(1), 'a.wav'] }) })).body
        .field,
    ).toBe('name');
    expect(
      (
        await call('POST', '/api/admin/audios', {
          body: multipart({ name: 'A', type: 'Opera' }, { audio: [wav(1), 'a.wav'] }),
        })
      ).body.field,
    ).toBe('type');
    expect(
      (await call('POST', '/api/admin/audios', { body: multipart({ name: 'A' }, { cover: [wav(1), 'a.wav'] }) }))
        .status,
    ).toBe(400);
    const big = await call('POST', '/api/admin/audios', {
      body: multipart({ name: 'Huge' }, { audio: [new Blob([new Uint8Array(50 * 1024 * 1024 + 1)]), 'huge.wav'] }),
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('File size must be less than 50MB');
    expect((await call('PUT', '/api/admin/audios/nope', { body: { name: 'A' } })).status).toBe(404);
    expect((await call('PATCH', '/api/admin/audios/nope', { body: { published: true } })).status).toBe(404);
    expect((await call('POST', '/api/admin/audios', { token: admin, body: undefined })).status).toBe(415);
    expect(await t.db.selectFrom('audios').selectAll().execute()).toEqual(before.rows);
    expect(await mediaFiles()).toEqual(before.files);
    expect((await audits()).length).toBe(before.audits);
  });

  it('DELETE removes the item and releases its file', async () => {
    const file = (await t.db.selectFrom('audios').select('audio_file').where('id', '=', id).executeTakeFirstOrThrow())
      .audio_file;
    expect((await call('DELETE', `/api/admin/audios/${id}`)).body).toEqual({ message: 'Audio deleted' });
    expect(await mediaFiles()).not.toContain(fileOf(file));
    expect((await t.request(file)).status).toBe(404);
    expect(await lastAudit()).toMatchObject({ action: 'audio.delete', target_id: id });
    expect((await call('DELETE', `/api/admin/audios/${id}`)).status).toBe(404);
  });
});

describe('events', () => {
  let id = '';
  let cover = '';
  const fields = {
    name: 'Harbour concert',
    description: 'Brass on the quay',
    start: '2026-07-01T18:00',
    end: '2026-07-01T21:00',
    timeZone: 'Europe/Paris',
    eventType: 'local',
    location: 'Quay stage',
    address: '1 Harbour Road',
    city: 'Brest',
    category: 'Concert',
    price: '12.50',
  };
  const picture = async () =>
    new Blob(
      [
        new Uint8Array(
          await sharp({ create: { width: 120, height: 80, channels: 3, background: '#884422' } })
            .png()
            .toBuffer(),
        ),
      ],
      { type: 'image/png' },
    );

  it('POST stores a draft with UTC times, its zone, cents and a cover picture', async () => {
    await quiet();
    const { status, body, headers } = await call<EventAnswer>('POST', '/api/admin/events', {
      body: multipart(fields, { image: [await picture(), 'cover.png'] }),
    });
    expect(status).toBe(201);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.event).toMatchObject({
      name: 'Harbour concert',
      start_date: '2026-07-01T16:00:00.000Z',
      end_date: '2026-07-01T19:00:00.000Z',
      timeZone: 'Europe/Paris',
      eventType: 'local',
      isVirtual: false,
      location: 'Quay stage',
      address: '1 Harbour Road',
      city: 'Brest',
      category: 'Concert',
      price: 12.5,
      published: false,
    });
    expect(body.event.image).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    id = body.event._id;
    cover = body.event.image;
    const row = await t.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ price_cents: 1250, time_zone: 'Europe/Paris' });
    expect(rebuildAsked()).toBe(false);
    expect(await lastAudit()).toMatchObject({ action: 'event.create', target_id: id });
    expect(await publicIds('/api/events')).not.toContain(id);
    expect((await call<IdList>('GET', '/api/admin/events')).body.results.map((e) => e._id)).toContain(id);
  });

  it('PUT edits (virtual, no address needed), a new picture replaces the old; PATCH publishes and unpublishes', async () => {
    const virtual = await call('PUT', `/api/admin/events/${id}`, {
      body: { ...fields, eventType: 'virtual', address: '', city: '', price: 0, timeZone: 'America/New_York' },
    });
    expect(virtual.status).toBe(200);
    expect(virtual.body.event).toMatchObject({
      eventType: 'virtual',
      isVirtual: true,
      address: '',
      price: 0,
      start_date: '2026-07-01T22:00:00.000Z',
      image: cover,
    });
    const replaced = await call<EventAnswer>('PUT', `/api/admin/events/${id}`, {
      body: multipart(fields, { image: [await picture(), 'new.png'] }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.event.image).not.toBe(cover);
    // The old picture stays while the event's history names it (event-drafts.test.ts: it goes with the event).
    expect((await mediaFiles()).filter((f) => f.startsWith(fileOf(cover).replace('.webp', '')))).not.toEqual([]);
    cover = replaced.body.event.image;
    await quiet();
    expect((await call('PATCH', `/api/admin/events/${id}`, { body: { published: true } })).body).toMatchObject({
      message: 'Event published',
      event: { published: true },
    });
    expect(rebuildAsked()).toBe(true);
    expect(await publicIds('/api/events')).toContain(id);
    expect(
      (await call<EventAnswer>('PATCH', `/api/admin/events/${id}`, { body: { published: false } })).body.event
        .published,
    ).toBe(false);
    expect(await publicIds('/api/events')).not.toContain(id);
  });

  it('refuses bad dates, zones, places and pictures naming the field, changing nothing', async () => {
    const before = { rows: await t.db.selectFrom('events').selectAll().execute(), files: await mediaFiles() };
    for (const [change, field] of [
      [{ end: '2026-07-01T17:00' }, 'end'],
      [{ start: 'soon' }, 'start'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ address: '' }, 'address'],
      [{ city: '' }, 'city'],
      [{ eventType: 'galactic' }, 'eventType'],
      [{ category: 'Picnic' }, 'category'],
      [{ price: '-3' }, 'price'],
      [{ name: '' }, 'name'],
    ] as const) {
      const answer = await call('POST', '/api/admin/events', { body: multipart({ ...fields, ...change }) });
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe(field);
      expect((await call('PUT', `/api/admin/events/${id}`, { body: { ...fields, ...change } })).body.field).toBe(field);
    }
    const text = await call('POST', '/api/admin/events', {
      body: multipart(fields, { image: [new Blob(['not a picture'], { type: 'image/png' }), 'x.png'] }),
    });
    expect([400, 415]).toContain(text.status);
    expect(text.body.field).toBe('image');
    const big = await call('POST', '/api/admin/events', {
      body: multipart(fields, {
        image: [new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' }), 'big.png'],
      }),
    });
    expect(big.status).toBe(413);
    expect((await call('PUT', '/api/admin/events/nope', { body: fields })).status).toBe(404);
    expect((await call('DELETE', '/api/admin/events/nope')).status).toBe(404);
    expect(await t.db.selectFrom('events').selectAll().execute()).toEqual(before.rows);
    expect(await mediaFiles()).toEqual(before.files);
  });

  it('DELETE removes the event and releases its picture', async () => {
    expect((await call('DELETE', `/api/admin/events/${id}`)).body).toEqual({ message: 'Event deleted' });
    expect((await mediaFiles()).filter((f) => f.startsWith(fileOf(cover).replace('.webp', '')))).toEqual([]);
    expect(await lastAudit()).toMatchObject({ action: 'event.delete', target_id: id });
    expect((await call<IdList>('GET', '/api/admin/events')).body.results.map((e) => e._id)).not.toContain(id);
  });
});
