/**
 * Simple pages with the real app and database: the admin creates, edits, publishes and deletes them
 * (content sanitised on write, slugs unique and never a site route's); the public reads show published pages only.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPage, PageLink, PublicPage } from '../../src/shared/pages.ts';
import { PAGE_NOT_FOUND, PAGE_SLUG_RESERVED, PAGE_SLUG_TAKEN } from '../../src/shared/schemas/page-admin.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { expectSentence } from '../helpers/sentence.ts';

let t: TestApp;
let admin: string;

type Body = ApiBody & { page?: AdminPage; results?: unknown[] };

/** Signed as the admin unless the call names a token ('' or null: none). */
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => admin,
);
const call = (method: string, path: string, options?: CallOptions) => client<Body>(method, path, options);

const create = async (body: object) => {
  const answer = await call('POST', '/api/admin/pages', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  assert(answer.body.page, 'the answer has the page');
  return answer.body.page;
};
const pageCount = async () => (await t.db.selectFrom('pages').select('id').execute()).length;
const publicList = async () => (await call('GET', '/api/pages', { token: '' })).body.results as PageLink[];
const auditActions = async () => t.db.selectFrom('audit_log').select(['action', 'target_id']).execute();

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

describe('public reads', () => {
  it('list published pages only, with id, title, slug and in_footer, and no content', async () => {
    const live = await create({ title: 'Cookie Policy', content: '<p>Cookies</p>', in_footer: true, published: true });
    const draft = await create({ title: 'Secret Terms', content: '<p>Draft</p>', in_footer: true });
    const list = await publicList();
    expect(list).toContainEqual({ _id: live._id, title: 'Cookie Policy', slug: 'cookie-policy', in_footer: true });
    expect(list.map((p) => p._id)).not.toContain(draft._id);
    const one = await call('GET', '/api/pages/cookie-policy', { token: '' });
    expect(one.status).toBe(200);
    expect(one.body as unknown as PublicPage).toMatchObject({
      title: 'Cookie Policy',
      content: '<p>Cookies</p>',
      in_footer: true,
    });
    expect(one.body).not.toHaveProperty('published');
  });

  it('answer 404 Page not found for a draft, an unknown slug and a malformed one', async () => {
    const draft = await create({ title: 'Hidden page' });
    for (const slug of [draft.slug, 'no-such-page', 'Not%20A%20Slug']) {
      expect(await call('GET', `/api/pages/${slug}`, { token: '' })).toMatchObject({
        status: 404,
        body: { message: PAGE_NOT_FOUND },
      });
    }
  });
});

describe('admin writes', () => {
  it('create sanitises the content, makes the slug from the title and records the audit entry', async () => {
    const page = await create({
      title: 'Legal Notice',
      content:
        '<h2>Who</h2><script>steal()</script><p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
    });
    expect(page).toMatchObject({ title: 'Legal Notice', slug: 'legal-notice', published: false, in_footer: false });
    expect(page.content).toContain('<h2>Who</h2>');
    expect(page.content).not.toMatch(/script|steal|javascript:|onerror|alert/);
    expect(await auditActions()).toContainEqual({ action: 'page.create', target_id: page._id });
  });

  it('keeps slugs unique with -2, refuses a taken explicit slug with 409 and a reserved one with 400', async () => {
    const a = await create({ title: 'Imprint' });
    const b = await create({ title: 'Imprint' });
    expect([a.slug, b.slug]).toEqual(['imprint', 'imprint-2']);
    const before = await pageCount();
    expect(await call('POST', '/api/admin/pages', { body: { title: 'Other', slug: 'imprint' } })).toMatchObject({
      status: 409,
      body: { message: PAGE_SLUG_TAKEN, field: 'slug' },
    });
    expect(await call('POST', '/api/admin/pages', { body: { title: 'Other', slug: 'admin' } })).toMatchObject({
      status: 400,
      body: { message: PAGE_SLUG_RESERVED, field: 'slug' },
    });
    expect(await pageCount()).toBe(before);
    // A title that makes a reserved slug gets a free one instead.
    expect((await create({ title: 'Blogs' })).slug).toBe('blogs-2');
  });

  it.each([
    [{}, 'title'],
    [{ title: '' }, 'title'],
    [{ title: 'Ok', slug: 'Bad Slug' }, 'slug'],
    [{ title: 'Ok', in_footer: 'maybe' }, 'in_footer'],
    [{ title: 'Ok', published: 1 }, 'published'],
    [{ title: 'Ok', content: 42 }, 'content'],
  ])('create refuses %j with 400 naming %s', async (body, field) => {
    const before = await pageCount();
    const answer = await call('POST', '/api/admin/pages', { body });
    expect(answer).toMatchObject({ status: 400, body: { field } });
    expectSentence(answer.body.message, field);
    expect(await pageCount()).toBe(before);
  });

  it('lists drafts for the admin with no-store', async () => {
    const draft = await create({ title: 'Admin sees me' });
    const answer = await call('GET', '/api/admin/pages');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((answer.body.results as AdminPage[]).map((p) => p._id)).toContain(draft._id);
  });

  it('PUT changes only the sent fields; PATCH publishes and unpublishes; both ask for a rebuild when the public site changes', async () => {
    const page = await create({ title: 'About Us Extra', content: '<p>One</p>' });
    const put = await call('PUT', `/api/admin/pages/${page._id}`, { body: { content: '<p onclick="x">Two</p>' } });
    expect(put).toMatchObject({
      status: 200,
      body: { page: { title: 'About Us Extra', slug: 'about-us-extra', content: '<p>Two</p>' } },
    });
    expect(await asksRebuild(() => call('PATCH', `/api/admin/pages/${page._id}`, { body: { published: true } }))).toBe(
      true,
    );
    expect((await publicList()).map((p) => p.slug)).toContain('about-us-extra');
    expect(await asksRebuild(() => call('PATCH', `/api/admin/pages/${page._id}`, { body: { in_footer: true } }))).toBe(
      true,
    );
    expect((await publicList()).find((p) => p._id === page._id)?.in_footer).toBe(true);
    await call('PATCH', `/api/admin/pages/${page._id}`, { body: { published: false } });
    expect((await publicList()).map((p) => p.slug)).not.toContain('about-us-extra');
    expect(await auditActions()).toContainEqual({ action: 'page.update', target_id: page._id });
  });

  it('a draft edit asks for no rebuild', async () => {
    const page = await create({ title: 'Quiet page' });
    expect(
      await asksRebuild(() => call('PUT', `/api/admin/pages/${page._id}`, { body: { title: 'Still quiet' } })),
    ).toBe(false);
  });

  it('PUT refuses a taken slug with 409 and a bad field with 400, changing nothing', async () => {
    await create({ title: 'Shipping' });
    const page = await create({ title: 'Returns' });
    expect(await call('PUT', `/api/admin/pages/${page._id}`, { body: { slug: 'shipping' } })).toMatchObject({
      status: 409,
      body: { field: 'slug' },
    });
    expect(await call('PUT', `/api/admin/pages/${page._id}`, { body: { title: '' } })).toMatchObject({
      status: 400,
      body: { field: 'title' },
    });
    expect(await call('PATCH', `/api/admin/pages/${page._id}`, { body: {} })).toMatchObject({
      status: 400,
      body: { field: 'published' },
    });
    const stored = await t.db.selectFrom('pages').selectAll().where('id', '=', page._id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ title: 'Returns', slug: 'returns' });
  });

  it('answers 404 for an unknown page on PUT, PATCH and DELETE', async () => {
    for (const [method, body] of [
      ['PUT', { title: 'x' }],
      ['PATCH', { published: true }],
      ['DELETE', undefined],
    ] as const) {
      expect(await call(method, '/api/admin/pages/nope', { body })).toMatchObject({
        status: 404,
        body: { message: PAGE_NOT_FOUND },
      });
    }
  });

  it('DELETE removes the page from the public reads and records it', async () => {
    const page = await create({ title: 'Short lived', published: true, in_footer: true });
    expect(await asksRebuild(() => call('DELETE', `/api/admin/pages/${page._id}`))).toBe(true);
    expect((await publicList()).map((p) => p._id)).not.toContain(page._id);
    expect((await call('GET', `/api/pages/${page.slug}`, { token: '' })).status).toBe(404);
    expect(await auditActions()).toContainEqual({ action: 'page.delete', target_id: page._id });
  });
});
