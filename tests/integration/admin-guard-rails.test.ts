/**
 * The server's guard rails on admin writes, so no admin form publishes a blank or nameless item, with the real app,
 * database and DATA_DIR: a slide must show something, the company keeps a name, a published item keeps a title. Every refusal is 400 { message, field } with
 * a whole sentence (no '<field>: ' in front) and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../src/server/seed/audio.ts';
import { COMPANY_NAME_REQUIRED } from '../../src/shared/schemas/company.ts';
import { PUBLISHED_PHOTO_TITLE } from '../../src/shared/schemas/photo.ts';
import { SLIDE_NEEDS_CONTENT, VIDEO_LINK_REQUIRED } from '../../src/shared/schemas/slider.ts';
import type { Slider } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { expectSentence } from '../helpers/sentence.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;

type Body = ApiBody & { slider?: Slider; photo?: { _id: string; title: string; published: boolean } };
interface Answer {
  status: number;
  body: Body;
}

const client = jsonClient((path, init) => t.request(path, init));
async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const { status, body } = await client<Body>(method, path, { token: admin, ...options });
  return { status, body };
}

/** Expects a 400 refusal naming `field` with `message` (a whole sentence when none is given). */
function expectRefusal(answer: Answer, field: string, message?: string): void {
  expect(answer.status).toBe(400);
  expect(answer.body.field).toBe(field);
  if (message !== undefined) expect(answer.body.message).toBe(message);
  expectSentence(answer.body.message, field);
}

function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  const [type, extension] = file?.type === 'audio/wav' ? ['audio/wav', 'wav'] : ['image/png', 'png'];
  if (file) data.append(file.name, new Blob([new Uint8Array(file.bytes)], { type }), `${file.name}.${extension}`);
  return data;
}

/** A one-second tone, as an uploaded audio file. */
const wav = () => {
  const rate = 8000;
  const pcm = new Int16Array(rate);
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000);
  return { name: 'audio', bytes: Buffer.from(encodeWav(pcm, rate)), type: 'audio/wav' };
};

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

const count = async (table: 'sliders' | 'blogs' | 'products' | 'events' | 'photos' | 'videos' | 'audios' | 'pages') =>
  (await t.db.selectFrom(table).select('id').execute()).length;
const companyName = async () =>
  (await t.db.selectFrom('company_settings').select('name').executeTakeFirst())?.name ?? null;
const sliderTitle = async (id: string) =>
  (await t.db.selectFrom('sliders').select('title').where('id', '=', id).executeTakeFirst())?.title;

beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  const now = new Date().toISOString();
  await t.db
    .insertInto('company_settings')
    .values({ id: 1, public_id: randomUUID(), name: 'Northwind', updated_at: now })
    .execute();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});

describe('hero slides', () => {
  it("refuses 'Add Slider' on an empty form and adds no slide", async () => {
    const before = await count('sliders');
    expectRefusal(await call('POST', '/api/sliders', { body: form({}) }), 'title', SLIDE_NEEDS_CONTENT);
    expectRefusal(
      await call('POST', '/api/sliders', { body: form({ title: '   ', subtitle: 'Only a subtitle', type: 'photo' }) }),
      'title',
      SLIDE_NEEDS_CONTENT,
    );
    expect(await count('sliders')).toBe(before);
  });

  it('takes a slide with a title only, or with an image only', async () => {
    expect((await call('POST', '/api/sliders', { body: form({ title: 'Summer sale' }) })).status).toBe(201);
    const pictured = await call('POST', '/api/sliders', { body: form({}, { name: 'image', bytes: await png() }) });
    expect(pictured.status).toBe(201);
  });

  it('refuses a video slide without its link', async () => {
    const before = await count('sliders');
    const answer = await call('POST', '/api/sliders', { body: form({ type: 'video', title: 'Watch' }) });
    expectRefusal(answer, 'link', VIDEO_LINK_REQUIRED);
    expect(await count('sliders')).toBe(before);
  });

  it('refuses an edit that takes the title from a slide without an image, and keeps the title', async () => {
    const created = await call('POST', '/api/sliders', { body: form({ title: 'Keep me' }) });
    const id = created.body.slider?._id;
    assert(id, 'the slide was created');
    for (const title of ['', '  \t ']) {
      expectRefusal(await call('PUT', `/api/sliders/${id}`, { body: form({ title }) }), 'title', SLIDE_NEEDS_CONTENT);
      expect(await sliderTitle(id)).toBe('Keep me');
    }
    // Other fields still change freely.
    expect((await call('PUT', `/api/sliders/${id}`, { body: form({ subtitle: 'New' }) })).status).toBe(200);
  });

  it('lets a slide with an image go without a title', async () => {
    const created = await call('POST', '/api/sliders', {
      body: form({ title: 'Pictured' }, { name: 'image', bytes: await png() }),
    });
    const id = created.body.slider?._id;
    assert(id, 'the slide was created');
    const edited = await call('PUT', `/api/sliders/${id}`, { body: form({ title: '' }) });
    expect(edited.status).toBe(200);
    expect(edited.body.slider?.title).toBe('');
  });
});

describe('company name', () => {
  it.each(['', '   '])('refuses the name %j on PUT /api/company and changes nothing', async (name) => {
    const answer = await call('PUT', '/api/company', { body: form({ name, tagline: 'Changed?' }) });
    expectRefusal(answer, 'name', COMPANY_NAME_REQUIRED);
    expect(await companyName()).toBe('Northwind');
    const tagline = await t.db.selectFrom('company_settings').select('tagline').executeTakeFirst();
    expect(tagline?.tagline ?? null).not.toBe('Changed?');
  });

  it('takes a new name', async () => {
    expect((await call('PUT', '/api/company', { body: form({ name: '  Northwind Traders ' }) })).status).toBe(200);
    expect(await companyName()).toBe('Northwind Traders');
  });
});

describe('titles of published items', () => {
  it('refuses a published blog with a title of white space', async () => {
    const before = await count('blogs');
    const answer = await call('POST', '/api/admin/blogs', {
      body: { title: '   ', content: '<p>Body</p>', published: true },
    });
    expectRefusal(answer, 'title', 'Title is required.');
    expect(await count('blogs')).toBe(before);
  });

  it('refuses a published product with a name of white space', async () => {
    const before = await count('products');
    const answer = await call('POST', '/api/admin/products', {
      body: { name: ' \t ', price: 5, category: 'Books', published: true },
    });
    expectRefusal(answer, 'name', 'Name is required.');
    expect(await count('products')).toBe(before);
  });

  it('refuses a published event with a name of white space', async () => {
    const before = await count('events');
    const answer = await call('POST', '/api/admin/events', {
      body: {
        name: '   ',
        start: '2030-05-01T18:00',
        end: '2030-05-01T20:00',
        eventType: 'virtual',
        published: true,
      },
    });
    expectRefusal(answer, 'name', 'Name is required.');
    expect(await count('events')).toBe(before);
  });

  it.each([
    {
      item: 'video',
      table: 'videos',
      send: () =>
        call('POST', '/api/admin/videos', {
          body: { name: ' \t ', youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', published: 'true' },
        }),
      field: 'name',
      message: 'Name is required.',
    },
    {
      item: 'audio',
      table: 'audios',
      send: () => call('POST', '/api/admin/audios', { body: form({ name: '   ', published: 'true' }, wav()) }),
      field: 'name',
      message: 'Name is required.',
    },
    {
      item: 'page',
      table: 'pages',
      send: () => call('POST', '/api/admin/pages', { body: { title: '   ', content: '<p>Body</p>', published: true } }),
      field: 'title',
      message: 'Title is required.',
    },
  ] as const)('refuses a published $item whose $field is white space', async ({ table, send, field, message }) => {
    const before = await count(table);
    expectRefusal(await send(), field, message);
    expect(await count(table)).toBe(before);
  });

  it('refuses a published photo without a title, on upload and on publishing a draft', async () => {
    const before = await count('photos');
    const picture = async (fields: Record<string, string>) =>
      call('POST', '/api/admin/photos/upload', { body: form(fields, { name: 'photo', bytes: await png() }) });
    expectRefusal(await picture({ title: '  ', published: 'true' }), 'title', PUBLISHED_PHOTO_TITLE);
    expect(await count('photos')).toBe(before);
    // A draft may go without a title; publishing it, or blanking the title of a published one, is refused.
    const draft = await picture({ title: '', published: 'false' });
    expect(draft.status).toBe(201);
    const id = draft.body.photo?._id;
    assert(id, 'the draft was stored');
    expectRefusal(
      await call('PATCH', `/api/admin/photos/${id}`, { body: { published: true } }),
      'title',
      PUBLISHED_PHOTO_TITLE,
    );
    expect((await call('PUT', `/api/admin/photos/${id}`, { body: { title: 'Harbour', published: true } })).status).toBe(
      200,
    );
    expectRefusal(
      await call('PUT', `/api/admin/photos/${id}`, { body: { title: ' ' } }),
      'title',
      PUBLISHED_PHOTO_TITLE,
    );
    const row = await t.db.selectFrom('photos').select(['title', 'published']).where('id', '=', id).executeTakeFirst();
    expect(row?.title).toBe('Harbour');
  });
});
