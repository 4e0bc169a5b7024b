/**
 * The blog admin API with the real app, database and DATA_DIR: list with drafts, read, create and
 * edit (JSON or multipart with a real cover picture), publish, delete; content sanitised on write with the blog
 * allow-list; slugs made unique; refusals name their field and change nothing; drafts never reach a public read.
 */
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from '../../src/server/media/media-store.ts';
import { BLOG_NOT_FOUND, BLOG_SLUG_TAKEN, type AdminBlog } from '../../src/shared/schemas/blog-admin.ts';
import type { Blog } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { expectSentence } from '../helpers/sentence.ts';

let t: TestApp;
let admin: string;

/** What the blog routes answer: a post, a list, or a refusal naming its field. */
type BlogBody = ApiBody & { blog?: AdminBlog; results?: unknown[] };

/** JSON calls through `app.request`, as the admin unless another token (or '' for none) is named. */
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => admin,
);
const call = (method: string, path: string, options?: CallOptions) => client<BlogBody>(method, path, options);

function form(fields: Record<string, string>, image?: { bytes: Buffer; name: string; type: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (image) data.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return data;
}

const png = async (background = '#336699') => ({
  bytes: await sharp({ create: { width: 80, height: 40, channels: 3, background } })
    .png()
    .toBuffer(),
  name: 'cover.png',
  type: 'image/png',
});

const create = async (body: FormData | object) => {
  const answer = await call('POST', '/api/admin/blogs', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  assert(answer.body.blog, 'the created post is answered');
  return answer.body.blog;
};
const blogCount = async () => (await t.db.selectFrom('blogs').select('id').execute()).length;
const auditActions = async () =>
  await t.db.selectFrom('audit_log').select(['action', 'target_id']).orderBy('at').execute();
const mediaFiles = async () => (await readdir(mediaDir(t.dataDir)).catch(() => [] as string[])).sort();
const filesOf = async (url: string) => {
  const stem = url.replace(/^\/media\//, '').replace(/\.webp$/, '');
  return (await mediaFiles()).filter((name) => name.startsWith(stem));
};
const publicSlugs = async () =>
  ((await call('GET', '/api/blogs', { token: '' })).body.results as Blog[]).map((b) => b.slug);
const searchIds = async (k: string) =>
  ((await call('GET', `/api/search?k=${encodeURIComponent(k)}`, { token: '' })).body.results as { _id: string }[]).map(
    (r) => r._id,
  );

/** Waits for earlier rebuilds to settle, runs the write and tells whether it asked for a rebuild. */
async function asksRebuild(write: () => Promise<unknown>): Promise<boolean> {
  await t.deps.rebuilds.settled();
  await write();
  return ['scheduled', 'building'].includes(t.deps.rebuilds.status().state);
}

beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});

describe('create', () => {
  it('makes a draft from JSON with a slug from the title, sanitised content and the audit entry', async () => {
    const blog = await create({
      title: 'Hello, Wörld & Friends!',
      caption: 'A first post',
      content:
        '<p>Hi <strong>there</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)"><p><a href="javascript:alert(3)">click</a></p>',
      category: 'Technology',
      tags: ['news', ' news ', 'launch'],
    });
    expect(blog).toMatchObject({
      title: 'Hello, Wörld & Friends!',
      slug: 'hello-world-and-friends',
      caption: 'A first post',
      category: 'Technology',
      tags: ['news', 'launch'],
      published: false,
      image: '',
      commentCount: 0,
    });
    expect(blog.content).toContain('<strong>there</strong>');
    expect(blog.content).not.toMatch(/script|onerror|javascript:|alert/);
    const stored = await t.db
      .selectFrom('blogs')
      .select('content')
      .where('id', '=', blog._id)
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe(blog.content);
    expect(await auditActions()).toContainEqual({ action: 'blog.create', target_id: blog._id });
  });

  it('keeps slugs unique: a taken one made from a title gets -2, -3', async () => {
    const a = await create({ title: 'Same Title' });
    const b = await create({ title: 'Same title' });
    const c = await create({ title: 'same title!' });
    expect([a.slug, b.slug, c.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3']);
  });

  it('refuses an explicit slug that is taken with 409 naming slug, and stores nothing', async () => {
    await create({ title: 'Taken', slug: 'taken-slug' });
    const before = await blogCount();
    const answer = await call('POST', '/api/admin/blogs', { body: { title: 'Other', slug: 'taken-slug' } });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: BLOG_SLUG_TAKEN, field: 'slug' });
    expect(await blogCount()).toBe(before);
  });

  it.each([
    [{ caption: 'no title' }, 'title'],
    [{ title: '   ' }, 'title'],
    [{ title: 'x'.repeat(201) }, 'title'],
    [{ title: 'Ok', slug: 'Not A Slug' }, 'slug'],
    [{ title: 'Ok', category: 'Gardening' }, 'category'],
    [{ title: 'Ok', published: 'yes' }, 'published'],
    [{ title: 'Ok', tags: [1, 2] }, 'tags'],
    [{ title: 'Ok', caption: 'bad\u0000text' }, 'caption'],
  ])('refuses %j with 400 naming %s and stores nothing', async (body, field) => {
    const before = await blogCount();
    const answer = await call('POST', '/api/admin/blogs', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
    expectSentence(answer.body.message, field);
    expect(await blogCount()).toBe(before);
  });

  it('refuses a body that is not JSON or a form with 415, and a JSON array with 400', async () => {
    const res = await t.request('/api/admin/blogs', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect([400, 415]).toContain(res.status);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
    expect((await call('POST', '/api/admin/blogs', { body: [1] })).status).toBe(400);
  });

  it('takes a multipart form with a cover picture, stored as a server-made webp', async () => {
    const blog = await create(
      form({ title: 'With cover', published: 'true', tags: 'a, b', category: 'Travel' }, await png()),
    );
    expect(blog.image).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    expect(blog.tags).toEqual(['a', 'b']);
    expect(blog.published).toBe(true);
    expect((await filesOf(blog.image)).length).toBeGreaterThan(0);
  });

  it('refuses a cover that is not a picture, naming image, and leaves no file behind', async () => {
    const before = await mediaFiles();
    const count = await blogCount();
    const answer = await call('POST', '/api/admin/blogs', {
      body: form(
        { title: 'Bad cover' },
        { bytes: Buffer.from('not an image at all'), name: 'x.png', type: 'image/png' },
      ),
    });
    expect([400, 415]).toContain(answer.status);
    expect(answer.body.field).toBe('image');
    expect(await blogCount()).toBe(count);
    expect(await mediaFiles()).toEqual(before);
  });

  it('asks for a rebuild for a published post and not for a draft', async () => {
    expect(await asksRebuild(() => create({ title: 'Quiet draft' }))).toBe(false);
    expect(await asksRebuild(() => create({ title: 'Loud post', published: true }))).toBe(true);
  });
});

describe('read', () => {
  it('lists drafts and published posts for the admin, newest first, never stored by caches', async () => {
    const draft = await create({ title: 'Listed draft' });
    const answer = await call('GET', '/api/admin/blogs');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const results = answer.body.results as AdminBlog[];
    expect(results[0]?._id).toBe(draft._id);
    expect(results.some((b) => !b.published)).toBe(true);
  });

  it('reads one post by id, and answers 404 for an unknown one', async () => {
    const blog = await create({ title: 'One to read' });
    const answer = await call('GET', `/api/admin/blogs/${blog._id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.blog).toEqual(blog);
    expect(await call('GET', '/api/admin/blogs/nope')).toMatchObject({
      status: 404,
      body: { message: BLOG_NOT_FOUND },
    });
  });

  it('keeps drafts out of GET /api/blogs, GET /api/blogs/:slug and search', async () => {
    const draft = await create({ title: 'Zebracorn secret draft', content: '<p>zebracorn</p>' });
    const live = await create({ title: 'Zebracorn public post', content: '<p>zebracorn</p>', published: true });
    expect(await publicSlugs()).toContain(live.slug);
    expect(await publicSlugs()).not.toContain(draft.slug);
    expect((await call('GET', `/api/blogs/${draft.slug}`, { token: '' })).status).toBe(404);
    expect((await call('GET', `/api/blogs/${live.slug}`, { token: '' })).status).toBe(200);
    const found = await searchIds('zebracorn');
    expect(found).toContain(live._id);
    expect(found).not.toContain(draft._id);
  });
});

describe('edit', () => {
  it('changes only the sent fields, sanitises new content and records the update', async () => {
    const blog = await create({ title: 'Edit me', caption: 'keep', tags: ['x'] });
    const answer = await call('PUT', `/api/admin/blogs/${blog._id}`, {
      body: { title: 'Edited', content: '<p onclick="x()">ok<iframe src="https://evil"></iframe></p>' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.blog).toMatchObject({
      title: 'Edited',
      caption: 'keep',
      tags: ['x'],
      slug: 'edit-me',
      content: '<p>ok</p>',
    });
    assert(answer.body.blog);
    expect(answer.body.blog.updatedAt).not.toBeNull();
    expect(await auditActions()).toContainEqual({ action: 'blog.update', target_id: blog._id });
  });

  it('makes the slug again from the title when it is sent empty, and refuses a taken one with 409', async () => {
    await create({ title: 'Occupied', slug: 'occupied' });
    const blog = await create({ title: 'Rename me' });
    const renamed = await call('PUT', `/api/admin/blogs/${blog._id}`, { body: { title: 'Fresh name', slug: '' } });
    expect(renamed.body.blog?.slug).toBe('fresh-name');
    const clash = await call('PUT', `/api/admin/blogs/${blog._id}`, { body: { title: 'Clash', slug: 'occupied' } });
    expect(clash).toMatchObject({ status: 409, body: { field: 'slug' } });
    expect((await call('GET', `/api/admin/blogs/${blog._id}`)).body.blog).toMatchObject({
      title: 'Fresh name',
      slug: 'fresh-name',
    });
    // Its own slug sent back is no clash.
    expect((await call('PUT', `/api/admin/blogs/${blog._id}`, { body: { slug: 'fresh-name' } })).status).toBe(200);
  });

  it('replaces the cover, keeping the old picture while a version names it; an empty image field removes it', async () => {
    const blog = await create(form({ title: 'Covered' }, await png('#112233')));
    const first = blog.image;
    const replaced = await call('PUT', `/api/admin/blogs/${blog._id}`, {
      body: form({ caption: 'new cover' }, await png('#445566')),
    });
    expect(replaced.status).toBe(200);
    assert(replaced.body.blog);
    const second = replaced.body.blog.image;
    expect(second).not.toBe(first);
    // Version 1 names the first cover: it stays until that version is pruned or the post deleted.
    expect((await filesOf(first)).length).toBeGreaterThan(0);
    expect((await filesOf(second)).length).toBeGreaterThan(0);
    const removed = await call('PUT', `/api/admin/blogs/${blog._id}`, { body: { image: '' } });
    expect(removed.body.blog?.image).toBe('');
    expect((await call('DELETE', `/api/admin/blogs/${blog._id}`)).status).toBe(200);
    expect(await filesOf(first)).toEqual([]);
    expect(await filesOf(second)).toEqual([]);
  });

  it('answers 404 for an unknown post and 400 naming the field for a bad one', async () => {
    expect(await call('PUT', '/api/admin/blogs/nope', { body: { title: 'x' } })).toMatchObject({
      status: 404,
      body: { message: BLOG_NOT_FOUND },
    });
    const blog = await create({ title: 'Valid' });
    expect(await call('PUT', `/api/admin/blogs/${blog._id}`, { body: { title: '' } })).toMatchObject({
      status: 400,
      body: { field: 'title' },
    });
    expect((await call('GET', `/api/admin/blogs/${blog._id}`)).body.blog?.title).toBe('Valid');
  });
});

describe('publish', () => {
  it('publishes and unpublishes, and the public list follows', async () => {
    const blog = await create({ title: 'Toggle me' });
    expect(await asksRebuild(() => call('PATCH', `/api/admin/blogs/${blog._id}`, { body: { published: true } }))).toBe(
      true,
    );
    expect(await publicSlugs()).toContain(blog.slug);
    const off = await call('PATCH', `/api/admin/blogs/${blog._id}`, { body: { published: false } });
    expect(off).toMatchObject({ status: 200, body: { message: 'Blog unpublished', blog: { published: false } } });
    expect(await publicSlugs()).not.toContain(blog.slug);
  });

  it('refuses a published that is not a boolean, and answers 404 for an unknown post', async () => {
    const blog = await create({ title: 'Strict toggle' });
    expect(await call('PATCH', `/api/admin/blogs/${blog._id}`, { body: { published: 'true' } })).toMatchObject({
      status: 400,
      body: { field: 'published' },
    });
    expect(await call('PATCH', '/api/admin/blogs/nope', { body: { published: true } })).toMatchObject({ status: 404 });
  });
});

describe('delete', () => {
  it('deletes a post with its comments, releases its cover and records it', async () => {
    const blog = await create(form({ title: 'Doomed', published: 'true' }, await png('#aa0000')));
    await t.db
      .insertInto('blog_comments')
      .values({
        id: 'c1-doomed',
        blog_id: blog._id,
        author: 'Ann',
        comment: 'Nice',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await call('GET', `/api/admin/blogs/${blog._id}`)).body.blog?.commentCount).toBe(1);
    expect(
      await asksRebuild(async () => expect((await call('DELETE', `/api/admin/blogs/${blog._id}`)).status).toBe(200)),
    ).toBe(true);
    expect(await t.db.selectFrom('blog_comments').select('id').where('blog_id', '=', blog._id).execute()).toEqual([]);
    expect(await filesOf(blog.image)).toEqual([]);
    expect(await auditActions()).toContainEqual({ action: 'blog.delete', target_id: blog._id });
    expect(await call('DELETE', `/api/admin/blogs/${blog._id}`)).toMatchObject({
      status: 404,
      body: { message: BLOG_NOT_FOUND },
    });
  });

  it('keeps a cover another post still uses', async () => {
    const a = await create(form({ title: 'Shares cover' }, await png('#00aa00')));
    const b = await create({ title: 'Borrower' });
    await t.db.updateTable('blogs').set({ image: a.image }).where('id', '=', b._id).execute();
    await call('DELETE', `/api/admin/blogs/${a._id}`);
    expect((await filesOf(a.image)).length).toBeGreaterThan(0);
  });
});
