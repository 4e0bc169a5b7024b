/**
 * The publish checks with the real app and database (SQLite here, PostgreSQL on the node-postgres run): a post with a
 * broken link or a picture without alt text is held back from every public read until it is fixed, and so is what
 * links to it; a slide whose text is unreadable on its picture leaves the hero; theme colours under 4.5:1 give way to
 * the last ones that passed; warnings (long titles, page weight) publish; the report is the admin's alone. And the
 * demo company passes every check without an error, as a new site's first build sees it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { weighBuiltPages } from '../../src/server/modules/publish-checks/publish-checks.service.ts';
import { PUBLISH_CHECKS_STARTED, type CheckedItem, type PublishCheckReport } from '../../src/shared/publish-checks.ts';
import type { AdminNotification } from '../../src/shared/admin.ts';
import type { PublicNavigation } from '../../src/shared/navigation.ts';
import type { PublicPage } from '../../src/shared/pages.ts';
import type { Blog, Company, Slider } from '../../src/shared/types.ts';
import { jsonClient, type ApiBody, type CallOptions } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
const client = jsonClient((path, init) => t.request(path, init));
const call = <T = ApiBody>(method: string, path: string, options: CallOptions = {}) =>
  client<T & ApiBody>(method, path, { token: admin, ...options });

const report = async () => {
  const answer = await call<PublishCheckReport>('GET', '/api/admin/publish-checks');
  expect(answer.status).toBe(200);
  return answer.body as PublishCheckReport;
};
const runChecks = async () => {
  const answer = await call('POST', '/api/admin/publish-checks');
  expect(answer.status).toBe(202);
  expect(answer.body.message).toBe(PUBLISH_CHECKS_STARTED);
  return report();
};
const itemOf = (r: PublishCheckReport, kind: CheckedItem['kind'], id: string) =>
  r.items.find((item) => item.kind === kind && item.id === id);
const publicSlugs = async () =>
  (await call<{ results: Blog[] }>('GET', '/api/blogs', { token: null })).body.results.map((b) => b.slug);

async function newPost(fields: Record<string, unknown>): Promise<Blog> {
  const answer = await call<{ blog: Blog }>('POST', '/api/admin/blogs', { body: { published: true, ...fields } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.blog;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'off' } });
  await t.db
    .insertInto('company_settings')
    .values({ id: 1, public_id: randomUUID(), name: 'Northwind', updated_at: new Date().toISOString() })
    .execute();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

describe('errors hold an item back until they are fixed', () => {
  it('a post linking to no page is held back from every public read, and comes back once its link is fixed', async () => {
    const post = await newPost({
      title: 'Spring notes',
      content: '<p>Read <a href="/blogs/no-such-post">the older post</a> and <a href="/shop">the shop</a>.</p>',
    });
    let found = itemOf(await runChecks(), 'blog', post._id);
    assert(found, 'the post is reported');
    expect(found).toMatchObject({
      held: true,
      title: 'Spring notes',
      path: `/blogs/${post.slug}`,
      fixHref: '/admin/content?tab=Blogs&q=Spring%20notes',
    });
    expect(found.findings.map((f) => [f.code, f.severity])).toEqual([['broken-link', 'error']]);
    expect(found.findings[0]?.message).toContain('/blogs/no-such-post');
    expect(await publicSlugs()).not.toContain(post.slug);
    expect((await call('GET', `/api/blogs/${post.slug}`, { token: null })).status).toBe(404);
    const notes = (await call<{ results: AdminNotification[] }>('GET', '/api/admin/notifications')).body.results;
    expect(notes.find((note) => note.kind === 'publish-held')).toMatchObject({
      text: 'An item is held back by the publish checks.',
      href: '/admin/publish-checks',
    });

    const fixed = await call('PUT', `/api/admin/blogs/${post._id}`, {
      body: { content: '<p>Read <a href="/blogs">the other posts</a>.</p>' },
    });
    expect(fixed.status).toBe(200);
    found = itemOf(await runChecks(), 'blog', post._id);
    expect(found).toBeUndefined();
    expect(await publicSlugs()).toContain(post.slug);
    expect((await call('GET', `/api/blogs/${post.slug}`, { token: null })).status).toBe(200);
  });

  it('a page linking to a held post is held too, menus and all; a link to an old address that redirects is fine', async () => {
    const broken = await newPost({ title: 'Broken', content: '<p><a href="/pages/missing">gone</a></p>' });
    await t.db.insertInto('redirects').values({ from_path: '/2019/05/old-post', to_path: '/blogs' }).execute();
    const made = await call<{ page: PublicPage }>('POST', '/api/admin/pages', {
      body: {
        title: 'Linking',
        published: true,
        content: `<p><a href="/blogs/${broken.slug}#top">there</a>, <a href="/2019/05/old-post/">old</a></p>`,
      },
    });
    expect(made.status).toBe(201);
    const page = made.body.page;
    const publicPages = async () =>
      (await call<{ results: PublicPage[] }>('GET', '/api/pages', { token: null })).body.results.map((p) => p.slug);
    expect(await publicPages()).toContain(page.slug);
    const linked = await call('PUT', '/api/admin/navigation/footer', {
      body: { items: [{ kind: 'page', page: page._id, label: 'Linking', visibility: 'auto' }] },
    });
    expect(linked.status).toBe(200);
    const footerLinks = async () =>
      JSON.stringify((await call<PublicNavigation>('GET', '/api/navigation', { token: null })).body.footer);
    expect(await footerLinks()).toContain(`/pages/${page.slug}`);

    const r = await runChecks();
    expect(itemOf(r, 'blog', broken._id)?.held).toBe(true);
    const held = itemOf(r, 'page', page._id);
    expect(held).toMatchObject({
      held: true,
      path: `/pages/${page.slug}`,
      fixHref: '/admin/content?tab=Pages&q=Linking',
    });
    expect(held?.findings.map((f) => f.code)).toEqual(['broken-link']);
    expect(held?.findings[0]?.message).toContain(`/blogs/${broken.slug}#top`);
    expect(await publicPages()).not.toContain(page.slug);
    expect((await call('GET', `/api/pages/${page.slug}`, { token: null })).status).toBe(404);
    expect(await footerLinks()).not.toContain(`/pages/${page.slug}`);

    await call('DELETE', `/api/admin/blogs/${broken._id}`);
    await call('PUT', `/api/admin/pages/${page._id}`, {
      body: { content: '<p><a href="/2019/05/old-post">old</a></p>' },
    });
    expect(itemOf(await runChecks(), 'page', page._id)).toBeUndefined();
    expect(await publicPages()).toContain(page.slug);
  });

  it('a picture without alt text (as an import or an old backup may leave one) holds a post back', async () => {
    const post = await newPost({ title: 'Pictured', content: '<p>Hello</p>' });
    await t.db
      .updateTable('blogs')
      .set({ content: '<p><img src="/media/old-site-picture.jpg"> and <img src="/media/x.webp" alt="A red kite"></p>' })
      .where('id', '=', post._id)
      .execute();
    const found = itemOf(await runChecks(), 'blog', post._id);
    expect(found?.held).toBe(true);
    expect(found?.findings.map((f) => [f.code, f.severity])).toEqual([['alt-text', 'error']]);
    expect(found?.findings[0]?.message).toContain('old-site-picture.jpg');
    expect(await publicSlugs()).not.toContain(post.slug);
    await call('DELETE', `/api/admin/blogs/${post._id}`);
  });
});

describe('warnings publish', () => {
  it('a title and a description longer than search results show are reported, and the post stays public', async () => {
    const title = 'A very long title that goes on and on past what search results show';
    const post = await newPost({ title, caption: 'x'.repeat(170), content: '<p>Fine</p>' });
    const found = itemOf(await runChecks(), 'blog', post._id);
    expect(found?.held).toBe(false);
    expect(found?.findings.map((f) => [f.code, f.severity])).toEqual([
      ['title-length', 'warning'],
      ['description-length', 'warning'],
    ]);
    expect(found?.findings[0]?.message).toContain(`${Array.from(title).length} characters`);
    expect(await publicSlugs()).toContain(post.slug);
  });

  it('a built page over its budget is reported after the build; a page within it is not', async () => {
    const heavy = await newPost({ title: 'Heavy', content: '<p>Big</p>' });
    const light = await newPost({ title: 'Light', content: '<p>Small</p>' });
    const outDir = mkdtempSync(join(tmpdir(), 'weighed-site-'));
    try {
      for (const [post, bytes] of [
        [heavy, randomBytes(80_000).toString('base64')],
        [light, 'x'.repeat(80_000)],
      ] as const) {
        mkdirSync(join(outDir, 'blogs', post.slug), { recursive: true });
        writeFileSync(join(outDir, 'blogs', post.slug, 'index.html'), `<!doctype html><p>${bytes}</p>`);
      }
      await weighBuiltPages(t.db, outDir);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
    const r = await report();
    expect(r.pagesMeasuredAt).not.toBeNull();
    expect(itemOf(r, 'blog', heavy._id)?.findings.map((f) => [f.code, f.severity])).toEqual([
      ['page-bytes', 'warning'],
    ]);
    expect(itemOf(r, 'blog', heavy._id)?.findings[0]?.message).toContain('over its budget of 60 KB');
    expect(itemOf(r, 'blog', light._id)).toBeUndefined();
    // The next run before a build keeps what the last build weighed.
    expect(itemOf(await runChecks(), 'blog', heavy._id)?.findings.map((f) => f.code)).toEqual(['page-bytes']);
  });
});

describe('colours', () => {
  const picture = (background: string) =>
    sharp({ create: { width: 1920, height: 1080, channels: 3, background } })
      .png()
      .toBuffer();
  const addSlide = async (title: string, background: string) => {
    const data = new FormData();
    data.append('title', title);
    data.append('image', new Blob([new Uint8Array(await picture(background))], { type: 'image/png' }), 'slide.png');
    const answer = await call<{ slider: Slider }>('POST', '/api/sliders', { body: data });
    expect(answer.status).toBe(201);
    return answer.body.slider;
  };
  const heroTitles = async () =>
    (await call<{ results: Slider[] }>('GET', '/api/sliders', { token: null })).body.results.map((s) => s.title);

  it('a slide whose white text is unreadable on its picture leaves the hero; one on a darker picture stays', async () => {
    const bright = await addSlide('On snow', '#fafafa');
    const dark = await addSlide('At night', '#1e293b');
    const r = await runChecks();
    const held = itemOf(r, 'slide', bright._id);
    expect(held?.held).toBe(true);
    expect(held?.fixHref).toBe('/admin/edit-hero');
    expect(held?.findings.map((f) => [f.code, f.severity])).toEqual([['contrast', 'error']]);
    expect(held?.findings[0]?.message).toMatch(/only \d\.\d\d:1/);
    expect(itemOf(r, 'slide', dark._id)).toBeUndefined();
    expect(await heroTitles()).toEqual(expect.arrayContaining(['At night']));
    expect(await heroTitles()).not.toContain('On snow');
  });

  it('theme colours under 4.5:1 give way to the last ones that passed, until they are fixed', async () => {
    const before = (await call<Company>('GET', '/api/company', { token: null })).body;
    expect(itemOf(await runChecks(), 'theme', 'theme')).toBeUndefined();
    const saved = await call('PUT', '/api/company', { body: { secondary_color: '#000000', secondary_opacity: 1 } });
    expect(saved.status).toBe(200);

    const held = itemOf(await runChecks(), 'theme', 'theme');
    expect(held).toMatchObject({ held: true, fixHref: '/admin/theme-settings' });
    expect(held?.findings[0]).toMatchObject({ code: 'contrast', severity: 'error' });
    const shown = (await call<Company>('GET', '/api/company', { token: null })).body;
    expect(shown.secondary_color).toBe(before.secondary_color);
    expect(shown.secondary_opacity).toBe(before.secondary_opacity);

    await call('PUT', '/api/company', { body: { secondary_color: '#e0f2fe', secondary_opacity: 0.1 } });
    expect(itemOf(await runChecks(), 'theme', 'theme')).toBeUndefined();
    const fixed = (await call<Company>('GET', '/api/company', { token: null })).body;
    expect(fixed).toMatchObject({ secondary_color: '#e0f2fe', secondary_opacity: 0.1 });
  });
});

describe('who may read and run the checks', () => {
  it('answers 401 signed out and 403 to a customer, and runs nothing for them', async () => {
    const { checkedAt } = await report();
    const customer = await t.customerToken('dana');
    for (const method of ['GET', 'POST']) {
      expect((await call(method, '/api/admin/publish-checks', { token: null })).status).toBe(401);
      expect((await call(method, '/api/admin/publish-checks', { token: customer })).status).toBe(403);
    }
    expect((await report()).checkedAt).toBe(checkedAt);
  });
});

describe('the demo company', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ seed: 'demo' });
  });
  afterAll(() => demo.close());

  it('passes every check without an error when it starts, so its first build holds nothing back', async () => {
    const token = await demo.login('admin', TEST_ADMIN_PASSWORD);
    const answer = await jsonClient((path, init) => demo.request(path, init))<PublishCheckReport & ApiBody>(
      'GET',
      '/api/admin/publish-checks',
      { token },
    );
    const r = answer.body as PublishCheckReport;
    expect(r.checkedAt).not.toBeNull();
    const published = await demo.db.selectFrom('blogs').select('id').where('published', '=', true).execute();
    expect(r.checked).toBeGreaterThan(published.length);
    const errors = r.items.flatMap((item) =>
      item.findings.filter((f) => f.severity === 'error').map((f) => `${item.kind} ${item.title}: ${f.message}`),
    );
    expect(errors).toEqual([]);
    expect(r.items.filter((item) => item.held)).toEqual([]);
  });
});
