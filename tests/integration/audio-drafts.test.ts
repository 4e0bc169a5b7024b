/**
 * Drafts, preview links and versions of audio items, with the real app, database and DATA_DIR (SQLite and
 * PostgreSQL): a draft of a published item (its fields and cover) changes nothing visitors see until it is published,
 * checked as the item's own PUT; a new audio file is no draft's and replaces the item's at once; the preview shows
 * the draft with the live file; every save keeps a version that can be restored; only the content roles reach any of
 * it; a deleted item takes its draft, its versions and every file only they named.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../src/server/seed/audio.ts';
import { DRAFT_PUBLISHED, type PreviewAnswer, type PreviewLink } from '../../src/shared/drafts.ts';
import { REVISION_RESTORED, type RevisionComparison, type RevisionHistory } from '../../src/shared/revisions.ts';
import type { AdminAudio, AudioDraft } from '../../src/shared/schemas/audio-admin.ts';
import type { Audio } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { isStored, pngBlob } from '../helpers/pictures.ts';
import { staffToken } from '../helpers/staff.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const tokens = { admin: '', editor: '', author: '', shop: '', support: '' };

type Body = ApiBody & { audio?: AdminAudio; item?: AdminAudio; draft?: AudioDraft; link?: PreviewLink };
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => tokens.editor,
);
const call = <B = Body>(method: string, path: string, options?: CallOptions) => client<B>(method, path, options);

/** `seconds` of a tone as a real WAV file (8 kHz mono PCM). */
function wav(seconds: number): Blob {
  const rate = 8000;
  const pcm = new Int16Array(Math.round(seconds * rate));
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000);
  return new Blob([new Uint8Array(encodeWav(pcm, rate))], { type: 'audio/wav' });
}

const cover = (background: string) => pngBlob(background, 80, 80);
const stored = (url: string) => isStored(t.dataDir, url);
const form = (fields: Record<string, string>, files: Record<string, [Blob, string]> = {}) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, [blob, fileName]] of Object.entries(files)) data.append(name, blob, fileName);
  return data;
};
const create = async (fields: Record<string, string>) => {
  const body = form(fields, { audio: [wav(2), 'tide.wav'], cover: [await cover('#336699'), 'cover.png'] });
  const answer = await call('POST', '/api/admin/audios', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  assert(answer.body.audio, 'created');
  return answer.body.audio;
};
/** The item as visitors' list reads it, or undefined while it is not published. */
const publicAudio = async (id: string) =>
  (await client<{ results: Audio[] }>('GET', '/api/audios', { token: null })).body.results.find((a) => a._id === id);
const history = async (id: string) =>
  (await call<RevisionHistory>('GET', `/api/admin/audios/${id}/revisions`)).body.revisions;
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

describe('a draft of a published audio item', () => {
  let audio: AdminAudio;
  let draftCover = '';

  it('is saved without changing what visitors hear or see, checked as the item’s own edit', async () => {
    audio = await create({ name: 'Tide tables', artist: 'The Quay', type: 'Podcast', published: 'true' });
    const draftPath = `/api/admin/audios/${audio._id}/draft`;
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'Tides', type: 'Opera' }, 'type'],
      [{ name: 'Tides', quality: 'Ultra' }, 'quality'],
      [{ name: 'Tides', tags: 7 }, 'tags'],
    ] as const) {
      const refused = await call('PUT', draftPath, { body });
      expect([refused.status, refused.body.field]).toEqual([400, field]);
    }
    // A new audio file is no draft's: it is refused here (PUT …/file replaces it at once).
    const withFile = await call('PUT', draftPath, { body: form({ name: 'Tides' }, { audio: [wav(1), 'a.wav'] }) });
    expect([withFile.status, withFile.body.field]).toEqual([400, 'audio']);
    const notPicture = await call('PUT', draftPath, { body: form({ name: 'Tides' }, { cover: [wav(1), 'a.png'] }) });
    expect([notPicture.status, notPicture.body.field]).toEqual([415, 'cover']);
    expect((await call('GET', draftPath)).status).toBe(404);

    await t.deps.rebuilds.settled();
    const saved = await call('PUT', draftPath, {
      body: form(
        { name: 'Tide tables, spring', artist: 'The Quay', type: 'podcast', description: 'Now with the equinox' },
        { cover: [await cover('#993311'), 'spring.png'] },
      ),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    assert(saved.body.draft, 'a draft');
    expect(saved.body.draft.fields).toMatchObject({
      name: 'Tide tables, spring',
      type: 'Podcast',
      description: 'Now with the equinox',
    });
    draftCover = saved.body.draft.fields.cover;
    expect(draftCover).not.toBe(audio.cover);
    expect(await stored(draftCover)).toBe(true);
    expect(rebuildAsked()).toBe(false);
    expect(await publicAudio(audio._id)).toMatchObject({ name: 'Tide tables', description: '', cover: audio.cover });
    const listed = (await call<{ results: AdminAudio[] }>('GET', '/api/admin/audios')).body.results.find(
      (a) => a._id === audio._id,
    );
    expect(listed).toMatchObject({ name: 'Tide tables', published: true, draft: { savedBy: 'Carol Customer' } });
  });

  it('takes a new audio file at once, leaving the draft as it is', async () => {
    const replaced = await call('PUT', `/api/admin/audios/${audio._id}/file`, {
      body: form({}, { audio: [wav(3.2), 'longer.wav'] }),
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    assert(replaced.body.audio, 'the item');
    expect(replaced.body).toMatchObject({
      message: 'Audio file replaced',
      audio: { duration: 3, name: 'Tide tables' },
    });
    expect(rebuildAsked()).toBe(true);
    expect((await publicAudio(audio._id))?.audio_file).toBe(replaced.body.audio.audio_file);
    expect(await stored(audio.audio_file)).toBe(false);
    expect((await call('GET', `/api/admin/audios/${audio._id}/draft`)).body.draft?.fields.name).toBe(
      'Tide tables, spring',
    );
    expect((await call('PUT', `/api/admin/audios/${audio._id}/file`, { body: form({ name: 'x' }) })).body.field).toBe(
      'audio',
    );
    audio = replaced.body.audio;
  });

  it('is shown by its preview link with the draft’s fields and cover and the item’s file, never cached', async () => {
    const link = await call('POST', `/api/admin/audios/${audio._id}/preview-link`);
    assert(link.body.link, 'a link');
    const token = new URL(link.body.link.url).searchParams.get('token') ?? '';
    const preview = await call<PreviewAnswer>('GET', `/api/preview/${token}`, { token: null });
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.body).toMatchObject({
      type: 'audio',
      draft: true,
      published: true,
      item: {
        _id: audio._id,
        name: 'Tide tables, spring',
        cover: draftCover,
        audio_file: audio.audio_file,
        duration: 3,
        reviews: [],
      },
    });
  });

  it('becomes the live item when published, and every step is a version', async () => {
    await t.deps.rebuilds.settled();
    const published = await call('POST', `/api/admin/audios/${audio._id}/draft/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({
      message: DRAFT_PUBLISHED,
      item: { name: 'Tide tables, spring', cover: draftCover, draft: null },
    });
    expect(rebuildAsked()).toBe(true);
    expect(await publicAudio(audio._id)).toMatchObject({
      name: 'Tide tables, spring',
      description: 'Now with the equinox',
      cover: draftCover,
      audio_file: audio.audio_file,
    });
    // The first cover stays while a version names it.
    expect(await stored(audio.cover)).toBe(true);
    const revisions = await history(audio._id);
    expect(revisions.map((r) => [r.number, r.action, r.changed, r.current])).toEqual([
      [3, 'publish', [], true],
      [2, 'draft', ['Name', 'Cover', 'Description'], false],
      [1, 'create', [], false],
    ]);
    const [newest, , first] = revisions;
    assert(newest && first, 'kept');
    const compared = await call<RevisionComparison>(
      'GET',
      `/api/admin/audios/${audio._id}/revisions/compare?from=${first.id}&to=${newest.id}`,
    );
    expect(compared.body.fields.find((f) => f.name === 'cover')).toMatchObject({
      changed: true,
      before: audio.cover,
      after: draftCover,
    });
  });

  it('restores a version as the draft, its cover with it, while visitors keep the live item', async () => {
    const first = (await history(audio._id)).find((r) => r.number === 1);
    assert(first, 'kept');
    const restored = await call('POST', `/api/admin/audios/${audio._id}/revisions/${first.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.message).toBe(REVISION_RESTORED);
    expect(restored.body.draft?.fields).toMatchObject({ name: 'Tide tables', description: '', cover: audio.cover });
    expect(await publicAudio(audio._id)).toMatchObject({ name: 'Tide tables, spring', cover: draftCover });
  });

  it('discards a draft, the live item kept and the draft’s cover kept only while a version names it', async () => {
    const saved = await call('PUT', `/api/admin/audios/${audio._id}/draft`, {
      body: form({ name: 'Tide tables, summer' }, { cover: [await cover('#117733'), 'summer.png'] }),
    });
    const summerCover = saved.body.draft?.fields.cover ?? '';
    expect(await stored(summerCover)).toBe(true);
    const discarded = await call('DELETE', `/api/admin/audios/${audio._id}/draft`);
    expect(discarded.body).toMatchObject({ item: { name: 'Tide tables, spring', draft: null } });
    // A version (the draft's save) still names it, so it stays until that version goes.
    expect(await stored(summerCover)).toBe(true);
    expect((await call('GET', `/api/admin/audios/${audio._id}/draft`)).status).toBe(404);
  });

  it('is deleted with the item, its versions and every file only they named', async () => {
    const covers = (await t.db.selectFrom('revisions').select('picture').where('item_id', '=', audio._id).execute())
      .map((r) => r.picture)
      .filter(Boolean);
    expect(covers.length).toBeGreaterThan(1);
    expect((await call('DELETE', `/api/admin/audios/${audio._id}`)).status).toBe(200);
    for (const url of [audio.audio_file, ...covers]) expect(await stored(url)).toBe(false);
    expect(await t.db.selectFrom('revisions').select('id').where('item_id', '=', audio._id).execute()).toEqual([]);
    expect(await t.db.selectFrom('drafts').select('item_id').where('item_id', '=', audio._id).execute()).toEqual([]);
  });
});

describe('the item’s own writes', () => {
  it('keep the cover unless a new one is sent or it is sent empty, each save a version', async () => {
    const audio = await create({ name: 'Harbour bells', type: 'Music', published: 'false' });
    const edited = await call('PUT', `/api/admin/audios/${audio._id}`, {
      body: { name: 'Harbour bells (live)', type: 'Music' },
    });
    expect(edited.body.audio).toMatchObject({ name: 'Harbour bells (live)', cover: audio.cover });
    const removed = await call('PUT', `/api/admin/audios/${audio._id}`, {
      body: { name: 'Harbour bells', type: 'Music', cover: '' },
    });
    expect(removed.body.audio?.cover).toBe('');
    // Versions still name it.
    expect(await stored(audio.cover)).toBe(true);
    expect((await history(audio._id)).map((r) => [r.action, r.changed])).toEqual([
      ['update', ['Name', 'Cover']],
      ['update', ['Name']],
      ['create', []],
    ]);
  });

  it('preview an unpublished item as it is saved', async () => {
    const audio = await create({ name: 'Quiet quay', type: 'Music' });
    const link = await call('POST', `/api/admin/audios/${audio._id}/preview-link`);
    const token = new URL(link.body.link?.url ?? 'http://x').searchParams.get('token') ?? '';
    const preview = await call<PreviewAnswer>('GET', `/api/preview/${token}`, { token: null });
    expect(preview.body).toMatchObject({ type: 'audio', draft: false, published: false, item: { name: 'Quiet quay' } });
    expect(await publicAudio(audio._id)).toBeUndefined();
  });
});

describe('who reaches an audio item’s drafts', () => {
  it('is the content roles alone: an author, the shop manager and support are refused', async () => {
    const audio = await create({ name: 'Foghorn', type: 'Sound Effect', published: 'true' });
    const paths: [string, string, object?][] = [
      ['GET', `/api/admin/audios/${audio._id}/revisions`],
      ['GET', `/api/admin/audios/${audio._id}/draft`],
      ['PUT', `/api/admin/audios/${audio._id}/draft`, { name: 'Fog' }],
      ['POST', `/api/admin/audios/${audio._id}/draft/publish`],
      ['DELETE', `/api/admin/audios/${audio._id}/draft`],
      ['POST', `/api/admin/audios/${audio._id}/preview-link`],
    ];
    for (const token of [tokens.author, tokens.shop, tokens.support]) {
      for (const [method, path, body] of paths) expect((await call(method, path, { token, body })).status).toBe(403);
      const file = await call('PUT', `/api/admin/audios/${audio._id}/file`, {
        token,
        body: form({}, { audio: [wav(1), 'a.wav'] }),
      });
      expect(file.status).toBe(403);
    }
    expect(
      (await call('PUT', `/api/admin/audios/${audio._id}/draft`, { token: tokens.admin, body: { name: 'Fog' } }))
        .status,
    ).toBe(200);
    expect((await call('POST', `/api/admin/audios/${audio._id}/draft/publish`, { token: tokens.admin })).status).toBe(
      200,
    );
    expect((await publicAudio(audio._id))?.name).toBe('Fog');
    expect((await call('GET', '/api/admin/audios/nope/revisions')).status).toBe(404);
  });
});
