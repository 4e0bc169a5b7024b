/**
 * The slider admin API with the real app, database and DATA_DIR: create, edit, activate,
 * delete and reorder; every refusal names its field and stores nothing; pictures are real PNG/JPEG files through sharp.
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from '../../src/server/media/media-store.ts';
import { SEARCH_BUTTON_DEFAULTS } from '../../src/shared/constants.ts';
import { VIDEO_LINK_REQUIRED } from '../../src/shared/schemas/slider.ts';
import type { Slider } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { expectSentence } from '../helpers/sentence.ts';

const EMBED = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

let t: TestApp;
let admin: string;
let customer: string;
const companyId = randomUUID();

type Body = ApiBody & { slider?: Slider; results?: Slider[] };
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
/** The slider a write answered; the test fails when it answered none. */
function sliderOf(answer: Answer): Slider {
  assert(answer.body.slider, 'the answer has the slider');
  return answer.body.slider;
}

function form(fields: Record<string, string>, image?: { bytes: Buffer; name: string; type: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (image) data.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return data;
}

const png = async () => ({
  bytes: await sharp({ create: { width: 80, height: 40, channels: 3, background: '#336699' } })
    .png()
    .toBuffer(),
  name: 'slide.png',
  type: 'image/png',
});
const jpeg = async () => ({
  bytes: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#993366' } })
    .jpeg()
    .toBuffer(),
  name: 'slide.jpg',
  type: 'image/jpeg',
});

const create = (fields: Record<string, string>, image?: Parameters<typeof form>[1]) =>
  call('POST', '/api/sliders', { token: admin, body: form(fields, image) });
const mediaFiles = async () => (await readdir(mediaDir(t.dataDir)).catch(() => [] as string[])).sort();
const filesOf = async (url: string) => {
  const stem = url.replace(/^\/media\//, '').replace(/\.webp$/, '');
  return (await mediaFiles()).filter((name) => name.startsWith(stem));
};
const sliderCount = async () => (await t.db.selectFrom('sliders').select('id').execute()).length;
const auditRows = () => t.db.selectFrom('audit_log').selectAll().orderBy('at').execute();
const publicSliders = async () => (await call('GET', '/api/sliders')).body.results ?? [];

/** Waits for the rebuild of earlier writes to settle, runs the write, and expects it to have asked for a rebuild. */
async function expectRebuild<T>(write: () => Promise<T>): Promise<T> {
  await t.deps.rebuilds.settled();
  expect(t.deps.rebuilds.status().state).toBe('up-to-date');
  const result = await write();
  expect(['scheduled', 'building']).toContain(t.deps.rebuilds.status().state);
  return result;
}

beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  const now = new Date().toISOString();
  await t.db
    .insertInto('company_settings')
    .values({ id: 1, public_id: companyId, name: 'Northwind', updated_at: now })
    .execute();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('cora');
});

describe('access', () => {
  const routes: [string, string, () => FormData | object | undefined][] = [
    ['GET', '/api/admin/sliders', () => undefined],
    ['POST', '/api/sliders', () => form({ title: 'Nope' })],
    ['PUT', '/api/sliders/some-id', () => form({ title: 'Nope' })],
    ['PATCH', '/api/sliders/some-id', () => ({ isActive: false })],
    ['DELETE', '/api/sliders/some-id', () => undefined],
    ['PUT', '/api/admin/sliders/order', () => ({ ids: [] })],
  ];
  it.each(routes)(
    '%s %s: 401 without a token or with a garbage one, 403 for a customer',
    async (method, path, body) => {
      const before = await sliderCount();
      const audits = (await auditRows()).length;
      expect((await call(method, path, { body: body() })).status).toBe(401);
      expect((await call(method, path, { token: 'garbage-token', body: body() })).status).toBe(401);
      const denied = await call(method, path, { token: customer, body: body() });
      expect(denied).toEqual({ status: 403, body: { message: 'Admin access required' } });
      expect(await sliderCount()).toBe(before);
      expect((await auditRows()).length).toBe(audits);
    },
  );

  it('leaves the public list open to everyone', async () => {
    expect((await call('GET', '/api/sliders')).status).toBe(200);
  });
});

describe('create', () => {
  it('creates a slider without an image with the spec defaults, records it and asks for a rebuild', async () => {
    const { status, body } = await expectRebuild(() => create({ title: 'Summer sale', subtitle: 'Up to 50% off' }));
    expect(status).toBe(201);
    expect(body.message).toBe('Slider created successfully!');
    const { slider } = body;
    assert(slider, 'the answer has the slider');
    expect(slider).toEqual({
      _id: expect.any(String) as unknown,
      title: 'Summer sale',
      subtitle: 'Up to 50% off',
      link: '',
      order: 0,
      type: 'photo',
      image: '',
      button1_text: '',
      button1_link: '',
      button2_text: '',
      button2_link: '',
      contentAlignment: 'center',
      isActive: true,
      isGlobalSettings: false,
      company: companyId,
      searchButton: SEARCH_BUTTON_DEFAULTS,
    });
    const row = await t.db.selectFrom('sliders').selectAll().where('id', '=', slider._id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.search_button)).toEqual(SEARCH_BUTTON_DEFAULTS);
    const audit = (await auditRows()).at(-1);
    expect(audit).toMatchObject({
      action: 'slider.create',
      target_type: 'slider',
      target_id: slider._id,
      summary: 'Slider "Summer sale" created',
    });
    expect(audit?.actor_name).not.toBe('');
  });

  it('creates a video slider with every field and a PNG image stored re-encoded under a server-made name', async () => {
    const searchButton = {
      enabled: false,
      text: 'Find',
      icon: 'FaStar',
      position: 'below',
      style: { backgroundColor: '#112233', padding: '4px 8px' },
      voiceSearch: { enabled: true },
    };
    const { status, body } = await create(
      {
        title: 'Watch us',
        subtitle: 'Our story',
        order: '2',
        type: 'video',
        link: EMBED,
        button1_text: 'Shop',
        button1_link: '/shop',
        button2_text: 'About',
        button2_link: 'https://example.com/about',
        contentAlignment: 'right',
        isActive: 'false',
        isGlobalSettings: 'true',
        company: companyId,
        searchButton: JSON.stringify(searchButton),
      },
      await png(),
    );
    expect(status).toBe(201);
    const { slider } = body;
    assert(slider, 'the answer has the slider');
    expect(slider).toMatchObject({
      title: 'Watch us',
      order: 2,
      type: 'video',
      link: EMBED,
      button1_link: '/shop',
      button2_link: 'https://example.com/about',
      contentAlignment: 'right',
      isActive: false,
      isGlobalSettings: true,
      company: companyId,
      searchButton: {
        ...SEARCH_BUTTON_DEFAULTS,
        ...searchButton,
        style: { ...SEARCH_BUTTON_DEFAULTS.style, ...searchButton.style },
      },
    });
    expect(slider.image).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    expect((await filesOf(slider.image)).length).toBeGreaterThan(1);
    const served = await t.request(slider.image);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('takes a JPEG too', async () => {
    const { status, body } = await create({ title: 'Jpeg slide' }, await jpeg());
    expect(status).toBe(201);
    expect(body.slider?.image).toMatch(/^\/media\/.+\.webp$/);
  });

  it('refuses a body that is not multipart', async () => {
    const res = await call('POST', '/api/sliders', { token: admin, body: { title: 'JSON' } });
    expect(res.status).toBe(415);
  });
});

describe('validation: a refusal names the field and stores nothing', () => {
  it.each([
    ['link', { type: 'video' }, VIDEO_LINK_REQUIRED],
    ['link', { type: 'video', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, undefined],
    ['link', { type: 'video', link: 'https://evil.example/embed/dQw4w9WgXcQ' }, undefined],
    ['type', { type: 'slideshow' }, undefined],
    ['title', { title: 'x'.repeat(201) }, undefined],
    ['subtitle', { subtitle: 'x'.repeat(501) }, undefined],
    ['order', { order: 'first' }, undefined],
    ['order', { order: '-3' }, undefined],
    ['button1_text', { button1_text: 'x'.repeat(61) }, undefined],
    ['button1_link', { button1_link: 'javascript:alert(1)' }, undefined],
    ['button2_link', { button2_link: '//evil.example/x' }, undefined],
    ['contentAlignment', { contentAlignment: 'middle' }, undefined],
    ['isActive', { isActive: 'yes' }, undefined],
    ['isGlobalSettings', { isGlobalSettings: 'on' }, undefined],
    ['company', { company: 'another-company' }, undefined],
    ['searchButton', { searchButton: 'not json at all' }, undefined],
    ['searchButton', { searchButton: '["a"]' }, undefined],
    ['searchButton', { searchButton: JSON.stringify({ pad: 'x'.repeat(4200) }) }, undefined],
    [
      'searchButton.style.backgroundColor',
      { searchButton: '{"style":{"backgroundColor":"red;position:fixed"}}' },
      undefined,
    ],
    [
      'searchButton.style.borderRadius',
      { searchButton: '{"style":{"borderRadius":"expression(alert(1))"}}' },
      undefined,
    ],
    ['searchButton.style.padding', { searchButton: '{"style":{"padding":"1rem;top:0"}}' }, undefined],
    ['searchButton.icon', { searchButton: '{"icon":"FaBomb"}' }, undefined],
    ['searchButton.recentSearches.limit', { searchButton: '{"recentSearches":{"limit":500}}' }, undefined],
  ])('400 naming %s (case %#)', async (field, fields, message) => {
    const before = { sliders: await sliderCount(), audits: (await auditRows()).length, files: await mediaFiles() };
    const { status, body } = await create({ title: 'Refused', ...fields }, await png());
    expect(status).toBe(400);
    expect(body.field).toBe(field);
    if (message) expect(body.message).toEqual(message);
    else expectSentence(body.message, field);
    expect(await sliderCount()).toBe(before.sliders);
    expect((await auditRows()).length).toBe(before.audits);
    expect(await mediaFiles()).toEqual(before.files);
  });

  it('refuses a file that is not a picture by its bytes (a text file named .png) with 415 naming image', async () => {
    const before = { sliders: await sliderCount(), files: await mediaFiles() };
    const { status, body } = await create(
      { title: 'Fake' },
      { bytes: Buffer.from('hello, not a picture'), name: 'fake.png', type: 'image/png' },
    );
    expect(status).toBe(415);
    expect(body).toEqual({ message: 'Only JPEG, PNG, GIF, and WEBP files are allowed', field: 'image' });
    expect(await sliderCount()).toBe(before.sliders);
    expect(await mediaFiles()).toEqual(before.files);
  });

  it('refuses a picture over 5 MiB with 413 naming image', async () => {
    const before = { sliders: await sliderCount(), files: await mediaFiles() };
    const big = Buffer.concat([(await png()).bytes, Buffer.alloc(5 * 1024 * 1024)]).subarray(0, 5 * 1024 * 1024 + 1);
    const { status, body } = await create({ title: 'Huge' }, { bytes: big, name: 'huge.png', type: 'image/png' });
    expect(status).toBe(413);
    expect(body).toEqual({ message: 'File size must be less than 5MB', field: 'image' });
    expect(await sliderCount()).toBe(before.sliders);
    expect(await mediaFiles()).toEqual(before.files);
  });

  it('refuses a file under another field name', async () => {
    const data = form({ title: 'Other file' });
    data.append('photo', new Blob([new Uint8Array((await png()).bytes)], { type: 'image/png' }), 'x.png');
    const { status, body } = await call('POST', '/api/sliders', { token: admin, body: data });
    expect(status).toBe(400);
    expect(body.field).toBe('photo');
  });

  it('drops __proto__ and constructor from searchButton', async () => {
    const { status, body } = await create({
      title: 'Proto',
      searchButton: '{"__proto__":{"enabled":false},"constructor":{"x":1},"text":"Go"}',
    });
    expect(status).toBe(201);
    expect(body.slider?.searchButton).toEqual({ ...SEARCH_BUTTON_DEFAULTS, text: 'Go' });
    expect(({} as Record<string, unknown>)['enabled']).toBeUndefined();
  });

  it('fills a missing or empty company with the site company', async () => {
    expect((await create({ title: 'No company' })).body.slider?.company).toBe(companyId);
    expect((await create({ title: 'Empty company', company: '' })).body.slider?.company).toBe(companyId);
  });
});

describe('edit', () => {
  it('changes the sent fields, keeps the others, and asks for a rebuild', async () => {
    const created = sliderOf(await create({ title: 'Before', subtitle: 'Kept', isActive: 'false', order: '4' }));
    const { status, body } = await expectRebuild(() =>
      call('PUT', `/api/sliders/${created._id}`, {
        token: admin,
        body: form({ title: 'After', button1_text: 'Go', button1_link: '/go' }),
      }),
    );
    expect(status).toBe(200);
    expect(body.message).toBe('Slider updated successfully!');
    expect(body.slider).toEqual({ ...created, title: 'After', button1_text: 'Go', button1_link: '/go' });
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'slider.update',
      target_id: created._id,
      summary: 'Slider "After" updated',
    });
  });

  it('replaces the image, and removes the old files once nothing refers to them (its version, then the slide)', async () => {
    const created = sliderOf(await create({ title: 'Pictured' }, await png()));
    const oldFiles = await filesOf(created.image);
    expect(oldFiles.length).toBeGreaterThan(1);
    const { status, body } = await call('PUT', `/api/sliders/${created._id}`, {
      token: admin,
      body: form({}, await jpeg()),
    });
    expect(status).toBe(200);
    assert(body.slider, 'the answer has the slider');
    expect(body.slider.image).not.toBe(created.image);
    // The slide's first version still names the old picture (its history can restore it).
    expect(await filesOf(created.image)).toEqual(oldFiles);
    expect((await filesOf(body.slider.image)).length).toBeGreaterThan(1);
    expect((await call('DELETE', `/api/sliders/${created._id}`, { token: admin })).status).toBe(200);
    expect(await filesOf(created.image)).toEqual([]);
    expect(
      await t.db
        .selectFrom('media')
        .select('id')
        .where('file_name', 'like', `${created.image.slice(7, 43)}%`)
        .execute(),
    ).toEqual([]);
  });

  it('keeps the image when a refused edit sends a new one', async () => {
    const created = sliderOf(await create({ title: 'Keep me' }, await png()));
    const files = await mediaFiles();
    const res = await call('PUT', `/api/sliders/${created._id}`, {
      token: admin,
      body: form({ type: 'video' }, await jpeg()),
    });
    expect(res.body).toEqual({ message: VIDEO_LINK_REQUIRED, field: 'link' });
    expect(await mediaFiles()).toEqual(files);
    expect(
      (await call('GET', '/api/admin/sliders', { token: admin })).body.results?.find((s) => s._id === created._id),
    ).toEqual({ ...created, draft: null });
  });

  it('answers 404 for an unknown slider', async () => {
    expect(await call('PUT', '/api/sliders/no-such-slider', { token: admin, body: form({ title: 'x' }) })).toEqual({
      status: 404,
      body: { message: 'Slider not found' },
    });
  });

  it('normalises an older row: defaults for its searchButton, the site company when it has none', async () => {
    const id = randomUUID();
    const now = new Date().toISOString();
    await t.db
      .insertInto('sliders')
      .values({
        id,
        title: 'Old slide',
        company: '',
        search_button: '{"text":"Old","style":{"backgroundColor":"red"},"position":"nowhere"}',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const listed = (await call('GET', '/api/admin/sliders', { token: admin })).body.results?.find((s) => s._id === id);
    expect(listed).toMatchObject({
      isActive: true,
      isGlobalSettings: false,
      contentAlignment: 'center',
      searchButton: { ...SEARCH_BUTTON_DEFAULTS, text: 'Old' },
    });
    const { status, body } = await call('PUT', `/api/sliders/${id}`, {
      token: admin,
      body: form({ subtitle: 'Edited' }),
    });
    expect(status).toBe(200);
    expect(body.slider).toMatchObject({
      company: companyId,
      subtitle: 'Edited',
      searchButton: { ...SEARCH_BUTTON_DEFAULTS, text: 'Old' },
    });
    const row = await t.db
      .selectFrom('sliders')
      .select(['company', 'search_button'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.company).toBe(companyId);
    expect(JSON.parse(row.search_button)).toEqual({ ...SEARCH_BUTTON_DEFAULTS, text: 'Old' });
  });
});

describe('activate and deactivate', () => {
  it('hides a deactivated slider from the public list and shows it again once activated', async () => {
    const created = sliderOf(await create({ title: 'Toggle me' }));
    expect((await publicSliders()).map((s) => s._id)).toContain(created._id);
    const off = await expectRebuild(() =>
      call('PATCH', `/api/sliders/${created._id}`, { token: admin, body: { isActive: false } }),
    );
    expect(off).toEqual({
      status: 200,
      body: { message: 'Slider deactivated', slider: { ...created, isActive: false } },
    });
    expect((await publicSliders()).map((s) => s._id)).not.toContain(created._id);
    expect((await call('GET', '/api/admin/sliders', { token: admin })).body.results?.map((s) => s._id)).toContain(
      created._id,
    );
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'slider.update',
      target_id: created._id,
      summary: 'Slider "Toggle me" deactivated',
    });
    const on = await call('PATCH', `/api/sliders/${created._id}`, { token: admin, body: { isActive: true } });
    expect(on.body.slider?.isActive).toBe(true);
    expect((await publicSliders()).map((s) => s._id)).toContain(created._id);
  });

  it.each([[{}], [{ isActive: 'false' }], [{ isActive: 0 }], [[true]]])('refuses %j naming isActive', async (body) => {
    const created = sliderOf(await create({ title: 'Bad toggle' }));
    const res = await call('PATCH', `/api/sliders/${created._id}`, { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('isActive');
  });

  it('answers 404 for an unknown slider', async () => {
    expect(
      (await call('PATCH', '/api/sliders/no-such-slider', { token: admin, body: { isActive: true } })).status,
    ).toBe(404);
  });
});

describe('delete', () => {
  it('deletes the slider, records it, asks for a rebuild and removes its image files', async () => {
    const created = sliderOf(await create({ title: 'Doomed' }, await png()));
    expect((await filesOf(created.image)).length).toBeGreaterThan(1);
    const res = await expectRebuild(() => call('DELETE', `/api/sliders/${created._id}`, { token: admin }));
    expect(res).toEqual({ status: 200, body: { message: 'Slider deleted' } });
    expect(await t.db.selectFrom('sliders').select('id').where('id', '=', created._id).execute()).toEqual([]);
    expect(await filesOf(created.image)).toEqual([]);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'slider.delete',
      target_id: created._id,
      summary: 'Slider "Doomed" deleted',
    });
    expect(await call('DELETE', `/api/sliders/${created._id}`, { token: admin })).toEqual({
      status: 404,
      body: { message: 'Slider not found' },
    });
  });

  it('keeps image files another record still uses', async () => {
    const created = sliderOf(await create({ title: 'Shared picture' }, await png()));
    const other = sliderOf(await create({ title: 'Borrower' }));
    await t.db.updateTable('sliders').set({ image: created.image }).where('id', '=', other._id).execute();
    expect((await call('DELETE', `/api/sliders/${created._id}`, { token: admin })).status).toBe(200);
    expect((await filesOf(created.image)).length).toBeGreaterThan(1);
  });
});

describe('list and reorder', () => {
  const list = async () => {
    const { results } = (await call('GET', '/api/admin/sliders', { token: admin })).body;
    assert(results, 'the list has results');
    return results;
  };

  it('lists every slider by order then title, inactive ones too, never cached', async () => {
    const res = await t.request('/api/admin/sliders', { headers: { authorization: `Bearer ${admin}` } });
    expect(res.headers.get('cache-control')).toContain('no-store');
    const { results } = (await res.json()) as { results: Slider[] };
    expect(results.length).toBe(await sliderCount());
    expect(results.some((s) => !s.isActive)).toBe(true);
    const sorted = [...results].sort(
      (a, b) => a.order - b.order || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0),
    );
    expect(results.map((s) => s._id)).toEqual(sorted.map((s) => s._id));
  });

  it('rewrites the order 0..n-1 in the sent sequence, records it and asks for a rebuild', async () => {
    const ids = (await list()).map((s) => s._id).reverse();
    const { status, body } = await expectRebuild(() =>
      call('PUT', '/api/admin/sliders/order', { token: admin, body: { ids } }),
    );
    expect(status).toBe(200);
    expect(body.results?.map((s) => s._id)).toEqual(ids);
    expect(body.results?.map((s) => s.order)).toEqual(ids.map((_, i) => i));
    expect((await list()).map((s) => s._id)).toEqual(ids);
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'slider.reorder', target_type: 'slider' });
    // The public list follows the new order among the active ones.
    const active = (await list()).filter((s) => s.isActive).map((s) => s._id);
    expect((await publicSliders()).map((s) => s._id)).toEqual(active);
  });

  it.each([
    ['one missing', (ids: string[]) => ids.slice(1)],
    ['one twice', (ids: string[]) => [...ids.slice(1), ...ids.slice(1, 2)]],
    ['an unknown one', (ids: string[]) => [...ids.slice(1), 'no-such-slider']],
    ['one extra', (ids: string[]) => [...ids, 'no-such-slider']],
  ])('refuses a list with %s and changes nothing', async (_, change) => {
    const before = await list();
    const res = await call('PUT', '/api/admin/sliders/order', {
      token: admin,
      body: { ids: change(before.map((s) => s._id)) },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('ids');
    expect(await list()).toEqual(before);
  });

  it.each([[{}], [{ ids: 'a,b' }], [{ ids: [1, 2] }]])('refuses the body %j naming ids', async (body) => {
    const res = await call('PUT', '/api/admin/sliders/order', { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('ids');
  });
});
