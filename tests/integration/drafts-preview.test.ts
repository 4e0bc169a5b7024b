/**
 * Drafts and preview links of blog posts, with the real app, database and DATA_DIR (SQLite and PostgreSQL): a draft
 * of a published post changes nothing visitors read until an editor publishes it; its preview link shows the draft to
 * anyone holding it, is never cached or indexed, and stops working when it expires or is tampered with; an author
 * keeps drafts of its own unpublished posts and never publishes one; a picture a draft names is kept while it does.
 */
import { readdir } from 'node:fs/promises';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from '../../src/server/media/media-store.ts';
import { previewLink } from '../../src/server/modules/drafts/preview-link.ts';
import {
  DRAFT_NOT_FOUND,
  DRAFT_PUBLISHED,
  DRAFT_SAVED,
  PREVIEW_EXPIRED,
  PREVIEW_GONE,
  PREVIEW_INVALID,
  PREVIEW_LINK_HOURS,
  type PreviewAnswer,
  type PreviewLink,
} from '../../src/shared/drafts.ts';
import {
  AUTHOR_CANNOT_PUBLISH,
  BLOG_SLUG_TAKEN,
  type AdminBlog,
  type BlogDraft,
} from '../../src/shared/schemas/blog-admin.ts';
import type { Blog } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { pngBlob } from '../helpers/pictures.ts';
import { staffToken } from '../helpers/staff.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const tokens = { admin: '', editor: '', author: '', other: '', customer: '' };

type Body = ApiBody & { blog?: AdminBlog; item?: AdminBlog; draft?: BlogDraft; link?: PreviewLink };
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => tokens.editor,
);
const call = (method: string, path: string, options?: CallOptions) => client<Body>(method, path, options);
const as = (token: string, method: string, path: string, body?: object | FormData) =>
  call(method, path, { token, body });

const png = (background: string) => pngBlob(background);
const mediaFiles = async () => (await readdir(mediaDir(t.dataDir)).catch(() => [] as string[])).sort();
const stem = (url: string) => url.replace(/^\/media\//, '').replace(/\.webp$/, '');
const publicPost = async (slug: string) => (await client<Blog>('GET', `/api/blogs/${slug}`, { token: null })).body;
const tokenOf = (link: PreviewLink) => new URL(link.url).searchParams.get('token') ?? '';
const preview = (token: string) => call('GET', `/api/preview/${encodeURIComponent(token)}`, { token: null });
const linkFor = async (id: string, token = tokens.editor) => {
  const answer = await as(token, 'POST', `/api/admin/blogs/${id}/preview-link`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  assert(answer.body.link, 'a link is answered');
  return answer.body.link;
};
const create = async (token: string, body: object) => {
  const answer = await as(token, 'POST', '/api/admin/blogs', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  assert(answer.body.blog, 'the post is answered');
  return answer.body.blog;
};

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.editor = await staffToken(t, tokens.admin, 'eddie', 'editor');
  tokens.author = await staffToken(t, tokens.admin, 'aria', 'author');
  tokens.other = await staffToken(t, tokens.admin, 'otto', 'author');
  tokens.customer = await t.customerToken('cora');
  return () => t.close();
});

describe('a draft of a published post', () => {
  let post: AdminBlog;
  let link: PreviewLink;

  it('is saved without changing what visitors read, and the admin list says who saved it', async () => {
    post = await create(tokens.editor, { title: 'Spring menu', content: '<p>Live words</p>', published: true });
    const saved = await as(tokens.editor, 'PUT', `/api/admin/blogs/${post._id}/draft`, {
      title: 'Spring menu, revised',
      content: '<p>Draft words</p><script>alert(1)</script>',
      published: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(DRAFT_SAVED);
    expect(saved.body.draft?.fields).toMatchObject({
      title: 'Spring menu, revised',
      slug: 'spring-menu',
      // Sanitised as a post's content is.
      content: '<p>Draft words</p>',
    });
    expect(saved.body.draft?.savedBy).toBe('Carol Customer');
    // `published` is not a draft's to set, and the live post is untouched.
    const live = await publicPost('spring-menu');
    expect(live.title).toBe('Spring menu');
    expect(live.content).toBe('<p>Live words</p>');
    const listed = ((await call('GET', '/api/admin/blogs')).body['results'] as AdminBlog[]).find(
      (b) => b._id === post._id,
    );
    expect(listed?.title).toBe('Spring menu');
    expect(listed?.draft?.savedBy).toBe('Carol Customer');
    // A second save changes only what it sends.
    await as(tokens.editor, 'PUT', `/api/admin/blogs/${post._id}/draft`, { caption: 'Now with a caption' });
    const read = await call('GET', `/api/admin/blogs/${post._id}/draft`);
    expect(read.body.draft?.fields).toMatchObject({ title: 'Spring menu, revised', caption: 'Now with a caption' });
  });

  it('refuses bad input naming the field, and keeps the draft as it was', async () => {
    await create(tokens.editor, { title: 'Taken address', slug: 'taken-address', published: true });
    const cases: [object | string, number, string][] = [
      [{ title: '' }, 400, 'title'],
      [{ title: 7 }, 400, 'title'],
      [{ slug: 'Not A Slug' }, 400, 'slug'],
      [{ slug: 'taken-address' }, 409, 'slug'],
      [{ category: 'No such category' }, 400, 'category'],
    ];
    for (const [body, status, field] of cases) {
      const answer = await as(tokens.editor, 'PUT', `/api/admin/blogs/${post._id}/draft`, body as object);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(answer.body.field).toBe(field);
      if (status === 409) expect(answer.body.message).toBe(BLOG_SLUG_TAKEN);
    }
    expect((await as(tokens.editor, 'PUT', `/api/admin/blogs/${post._id}/draft`, '{"title":' as never)).status).toBe(
      400,
    );
    const long = new FormData();
    long.append('content', 'x'.repeat(200_001));
    expect((await as(tokens.editor, 'PUT', `/api/admin/blogs/${post._id}/draft`, long)).body.field).toBe('content');
    expect((await as(tokens.editor, 'PUT', '/api/admin/blogs/no-such-post/draft', { title: 'x' })).status).toBe(404);
    expect((await call('GET', `/api/admin/blogs/${post._id}/draft`)).body.draft?.fields.title).toBe(
      'Spring menu, revised',
    );
  });

  it('is shown by a preview link to anyone holding it, never cached nor indexed', async () => {
    link = await linkFor(post._id);
    expect(link.url).toMatch(/^http:\/\/[^/]+\/preview\?token=[\w.-]+$/);
    const hours = (Date.parse(link.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(PREVIEW_LINK_HOURS - 0.1);
    expect(hours).toBeLessThanOrEqual(PREVIEW_LINK_HOURS);
    const seen = await preview(tokenOf(link));
    expect(seen.status).toBe(200);
    expect(seen.headers.get('cache-control')).toBe('private, no-store');
    expect(seen.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const answer = seen.body as unknown as PreviewAnswer;
    expect(answer).toMatchObject({ type: 'blog', draft: true, published: true, expiresAt: link.expiresAt });
    expect(answer.item).toMatchObject({
      title: 'Spring menu, revised',
      caption: 'Now with a caption',
      content: '<p>Draft words</p>',
      slug: 'spring-menu',
    });
  });

  it('refuses a link that expired, was changed, or was not signed here, saying which', async () => {
    const expired = await previewLink(
      t.deps.keys.preview,
      'http://127.0.0.1',
      { type: 'blog', id: post._id },
      Date.now() - (PREVIEW_LINK_HOURS * 3600 + 5) * 1000,
    );
    expect(await preview(tokenOf(expired))).toMatchObject({ status: 404, body: { message: PREVIEW_EXPIRED } });
    const [head, payload, signature] = tokenOf(link).split('.') as [string, string, string];
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    forged['id'] = 'someone-else';
    const changed = `${head}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    const foreign = await previewLink('another-servers-key-another-servers', 'http://x', {
      type: 'blog',
      id: post._id,
    });
    for (const token of [changed, tokenOf(foreign), 'not-a-token', `${head}.${payload}.`, 'a'.repeat(2000)])
      expect(await preview(token), token.slice(0, 40)).toMatchObject({
        status: 404,
        body: { message: PREVIEW_INVALID },
      });
  });

  it('is published by an editor only: then visitors read it, and the draft is gone', async () => {
    // Another's post is not an author's to see.
    expect((await as(tokens.author, 'POST', `/api/admin/blogs/${post._id}/draft/publish`)).status).toBe(404);
    expect((await as(tokens.customer, 'POST', `/api/admin/blogs/${post._id}/draft/publish`)).status).toBe(403);
    expect((await call('POST', `/api/admin/blogs/${post._id}/draft/publish`, { token: null })).status).toBe(401);
    const published = await call('POST', `/api/admin/blogs/${post._id}/draft/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.message).toBe(DRAFT_PUBLISHED);
    expect(published.body.item).toMatchObject({ title: 'Spring menu, revised', published: true, draft: null });
    expect((await publicPost('spring-menu')).content).toBe('<p>Draft words</p>');
    expect(await call('GET', `/api/admin/blogs/${post._id}/draft`)).toMatchObject({
      status: 404,
      body: { message: DRAFT_NOT_FOUND },
    });
    expect((await call('POST', `/api/admin/blogs/${post._id}/draft/publish`)).status).toBe(404);
    // The link still opens: it shows the post as it now is.
    expect((await preview(tokenOf(link))).body).toMatchObject({ draft: false, published: true });
    const actions = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('target_id', '=', post._id)
      .orderBy('at')
      .execute();
    expect(actions.map((a) => a.summary)).toEqual([
      'Blog "Spring menu" created',
      'Blog "Spring menu, revised" draft saved',
      'Blog "Spring menu, revised" draft saved',
      'Blog "Spring menu, revised" published from its draft',
    ]);
  });

  it('is discarded without touching the post; a link to a deleted post says so', async () => {
    await as(tokens.editor, 'PUT', `/api/admin/blogs/${post._id}/draft`, { title: 'Never mind' });
    const discarded = await call('DELETE', `/api/admin/blogs/${post._id}/draft`);
    expect(discarded.status).toBe(200);
    expect(discarded.body.item).toMatchObject({ title: 'Spring menu, revised', draft: null });
    expect((await call('DELETE', `/api/admin/blogs/${post._id}/draft`)).status).toBe(404);
    expect((await call('DELETE', `/api/admin/blogs/${post._id}`)).status).toBe(200);
    expect(await preview(tokenOf(link))).toMatchObject({ status: 404, body: { message: PREVIEW_GONE } });
  });
});

describe('a draft with its own cover', () => {
  it('keeps the picture while the draft or a version names it, shows it in the preview, and releases it with the last', async () => {
    const post = await create(tokens.editor, { title: 'Harbour walk', published: true });
    const form = new FormData();
    form.append('caption', 'With a new cover');
    form.append('image', await png('#225588'), 'cover.png');
    const saved = await as(tokens.editor, 'PUT', `/api/admin/blogs/${post._id}/draft`, form);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const cover = saved.body.draft?.fields.image ?? '';
    expect(cover).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    expect((await mediaFiles()).some((f) => f.startsWith(stem(cover)))).toBe(true);
    const pending = await t.db
      .selectFrom('media')
      .select('pending_since')
      .where('file_name', 'like', `${stem(cover)}%`)
      .execute();
    expect(pending.every((m) => m.pending_since === null)).toBe(true);
    expect((await publicPost('harbour-walk')).image).toBe('');
    expect((await preview(tokenOf(await linkFor(post._id)))).body).toMatchObject({
      type: 'blog',
      item: { image: cover },
    });

    expect((await call('DELETE', `/api/admin/blogs/${post._id}/draft`)).status).toBe(200);
    // The draft's version still names it (to be restored); it leaves with the post's versions.
    expect((await mediaFiles()).some((f) => f.startsWith(stem(cover)))).toBe(true);
    expect((await call('DELETE', `/api/admin/blogs/${post._id}`)).status).toBe(200);
    expect((await mediaFiles()).some((f) => f.startsWith(stem(cover)))).toBe(false);
  });

  it('puts the picture in place when published; the old cover stays with its version, and leaves with the post', async () => {
    const first = new FormData();
    first.append('title', 'Quay side');
    first.append('published', 'true');
    first.append('image', await png('#aa3300'), 'old.png');
    const created = await as(tokens.editor, 'POST', '/api/admin/blogs', first);
    const post = created.body.blog;
    assert(post, 'created');
    const form = new FormData();
    form.append('image', await png('#00aa33'), 'new.png');
    const cover = (await as(tokens.editor, 'PUT', `/api/admin/blogs/${post._id}/draft`, form)).body.draft?.fields.image;
    assert(cover, 'the draft has its cover');
    expect((await publicPost('quay-side')).image).toBe(post.image);
    expect((await call('POST', `/api/admin/blogs/${post._id}/draft/publish`)).status).toBe(200);
    expect((await publicPost('quay-side')).image).toBe(cover);
    expect((await mediaFiles()).some((f) => f.startsWith(stem(post.image)))).toBe(true);
    expect((await mediaFiles()).some((f) => f.startsWith(stem(cover)))).toBe(true);
    expect((await call('DELETE', `/api/admin/blogs/${post._id}`)).status).toBe(200);
    expect((await mediaFiles()).some((f) => f.startsWith(stem(post.image)))).toBe(false);
    expect((await mediaFiles()).some((f) => f.startsWith(stem(cover)))).toBe(false);
  });
});

describe('authors and drafts', () => {
  it('an author keeps a draft of its own unpublished post and shares its preview; no one else reaches it', async () => {
    const own = await create(tokens.author, { title: 'Field notes' });
    expect(
      (await as(tokens.author, 'PUT', `/api/admin/blogs/${own._id}/draft`, { title: 'Field notes 2' })).status,
    ).toBe(200);
    const link = await linkFor(own._id, tokens.author);
    expect((await preview(tokenOf(link))).body).toMatchObject({
      draft: true,
      published: false,
      item: { title: 'Field notes 2' },
    });
    expect(await as(tokens.author, 'POST', `/api/admin/blogs/${own._id}/draft/publish`)).toMatchObject({
      status: 403,
      body: { message: AUTHOR_CANNOT_PUBLISH },
    });
    // Not published: visitors find nothing.
    expect((await call('GET', '/api/blogs/field-notes', { token: null })).status).toBe(404);
    for (const [method, path] of [
      ['GET', `/api/admin/blogs/${own._id}/draft`],
      ['PUT', `/api/admin/blogs/${own._id}/draft`],
      ['DELETE', `/api/admin/blogs/${own._id}/draft`],
      ['POST', `/api/admin/blogs/${own._id}/preview-link`],
    ] as const)
      expect(
        (await as(tokens.other, method, path, method === 'PUT' ? { title: 'x' } : undefined)).status,
        `${method} ${path}`,
      ).toBe(404);
    for (const token of [tokens.customer])
      expect((await as(token, 'POST', `/api/admin/blogs/${own._id}/preview-link`)).status).toBe(403);
  });

  it('an author cannot keep a draft of a post an editor published', async () => {
    const own = await create(tokens.author, { title: 'Sent up' });
    expect((await call('PATCH', `/api/admin/blogs/${own._id}`, { body: { published: true } })).status).toBe(200);
    expect((await as(tokens.author, 'PUT', `/api/admin/blogs/${own._id}/draft`, { title: 'Sneaky' })).status).toBe(403);
  });

  it('a draft keeping its own address is not refused as taken', async () => {
    const post = await create(tokens.editor, { title: 'Own address', published: true });
    const same = await as(tokens.editor, 'PUT', `/api/admin/blogs/${post._id}/draft`, { slug: 'own-address' });
    expect(same.status).toBe(200);
  });
});
