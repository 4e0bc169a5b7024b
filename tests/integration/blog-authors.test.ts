/**
 * Authors (shared/staff-roles.ts, blogs.admin.service.ts): an author writes its own posts as drafts, sends them for
 * review and never publishes; it sees and changes no one else's post, and leaves a post alone once an editor has
 * published it. The editor sees who wrote each post and which wait for review. On SQLite and PostgreSQL.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHOR_CANNOT_PUBLISH,
  AUTHOR_POST_PUBLISHED,
  BLOG_SUBMITTED,
  type AdminBlog,
} from '../../src/shared/schemas/blog-admin.ts';
import type { AdminNotification } from '../../src/shared/admin.ts';
import { callAs, staffToken } from '../helpers/staff.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const tokens = { admin: '', editor: '', author: '', other: '' };

const call = (token: string, method: string, path: string, body?: unknown) => callAs(t, token, method, path, body);
const staff = (username: string, role: string) => staffToken(t, tokens.admin, username, role);

const blogOf = (answer: { body: Record<string, unknown> }) => {
  const blog = answer.body['blog'] as AdminBlog | undefined;
  assert(blog, `a blog in ${JSON.stringify(answer.body)}`);
  return blog;
};
const notices = async (token: string) =>
  ((await call(token, 'GET', '/api/admin/notifications')).body['results'] as AdminNotification[]).map(
    ({ kind, text, href }) => ({ kind, text, href }),
  );
const titles = async (token: string) =>
  ((await call(token, 'GET', '/api/admin/blogs')).body['results'] as AdminBlog[]).map((b) => b.title).sort();

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.editor = await staff('eddie', 'editor');
  tokens.author = await staff('aria', 'author');
  tokens.other = await staff('otto', 'author');
  return () => t.close();
});

describe('authors', () => {
  let draftId = '';

  it('writes a draft of its own, is refused a published post, and sees only its own posts', async () => {
    const refused = await call(tokens.author, 'POST', '/api/admin/blogs', { title: 'Straight out', published: true });
    expect(refused).toEqual({ status: 403, body: { message: AUTHOR_CANNOT_PUBLISH } });
    const written = await call(tokens.author, 'POST', '/api/admin/blogs', { title: 'Field notes' });
    expect(written.status).toBe(201);
    const blog = blogOf(written);
    draftId = blog._id;
    expect(blog).toMatchObject({ published: false, author: 'Carol Customer', submittedAt: null });
    await call(tokens.editor, 'POST', '/api/admin/blogs', { title: 'Editorial' });
    await call(tokens.other, 'POST', '/api/admin/blogs', { title: 'Otto draft' });
    expect(await titles(tokens.author)).toEqual(['Field notes']);
    expect(await titles(tokens.editor)).toEqual(['Editorial', 'Field notes', 'Otto draft']);
  });

  it("cannot read, change, send or delete another author's post (404), nor publish its own (403)", async () => {
    for (const [method, path, body] of [
      ['GET', `/api/admin/blogs/${draftId}`, undefined],
      ['PUT', `/api/admin/blogs/${draftId}`, { title: 'Taken over' }],
      ['POST', `/api/admin/blogs/${draftId}/submit`, undefined],
      ['DELETE', `/api/admin/blogs/${draftId}`, undefined],
    ] as const)
      expect((await call(tokens.other, method, path, body)).status, `${method} ${path}`).toBe(404);
    expect(await call(tokens.author, 'PATCH', `/api/admin/blogs/${draftId}`, { published: true })).toEqual({
      status: 403,
      body: { message: AUTHOR_CANNOT_PUBLISH },
    });
    expect((await call(tokens.author, 'PUT', `/api/admin/blogs/${draftId}`, { published: true })).status).toBe(403);
    const row = await t.db
      .selectFrom('blogs')
      .select(['title', 'published'])
      .where('id', '=', draftId)
      .executeTakeFirst();
    expect(row?.title).toBe('Field notes');
    expect(Boolean(row?.published)).toBe(false);
  });

  it('sends the draft for review; the editor sees it waiting and publishes it; then it is the editors’ to change', async () => {
    const sent = await call(tokens.author, 'POST', `/api/admin/blogs/${draftId}/submit`);
    expect(sent.status).toBe(200);
    expect(sent.body['message']).toBe(BLOG_SUBMITTED);
    expect(blogOf(sent).submittedAt).not.toBeNull();
    const waiting = ((await call(tokens.editor, 'GET', '/api/admin/blogs')).body['results'] as AdminBlog[]).find(
      (b) => b._id === draftId,
    );
    expect(waiting?.submittedAt).not.toBeNull();
    // The editors' bell says so, with the way to the posts; the author's has nothing to act on.
    expect(await notices(tokens.editor)).toEqual([
      { kind: 'posts-in-review', text: 'A post waits for review.', href: '/admin/content?tab=Blogs' },
    ]);
    expect(await notices(tokens.author)).toEqual([]);
    // Still the author's draft while it waits: an edit keeps it a draft.
    const edited = await call(tokens.author, 'PUT', `/api/admin/blogs/${draftId}`, { title: 'Field notes, revised' });
    expect(blogOf(edited)).toMatchObject({ title: 'Field notes, revised', published: false });

    const published = await call(tokens.editor, 'PATCH', `/api/admin/blogs/${draftId}`, { published: true });
    expect(blogOf(published)).toMatchObject({ published: true, submittedAt: null });
    expect(await notices(tokens.editor)).toEqual([]);
    expect(await call(tokens.author, 'PUT', `/api/admin/blogs/${draftId}`, { title: 'Sneaky' })).toEqual({
      status: 403,
      body: { message: AUTHOR_POST_PUBLISHED },
    });
    expect((await call(tokens.author, 'DELETE', `/api/admin/blogs/${draftId}`)).status).toBe(403);
    expect((await call(tokens.author, 'GET', `/api/admin/blogs/${draftId}`)).status).toBe(200);
  });

  it('deletes its own draft, and reads the blog categories but changes none', async () => {
    const draft = blogOf(await call(tokens.author, 'POST', '/api/admin/blogs', { title: 'Scrap' }));
    expect((await call(tokens.author, 'DELETE', `/api/admin/blogs/${draft._id}`)).status).toBe(200);
    expect((await call(tokens.author, 'GET', '/api/admin/categories?kind=blog')).status).toBe(200);
    expect((await call(tokens.author, 'POST', '/api/admin/categories', { kind: 'blog', name: 'Mine' })).status).toBe(
      403,
    );
  });
});
