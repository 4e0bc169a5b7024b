import { PERSON_UA } from '../helpers/user-agents.ts';
import assert from 'node:assert/strict';
import { formatCount } from '../../src/lib/format/numbers.ts';
import { expect, test } from './fixtures.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { withDb } from './helpers/e2e-db.ts';

interface Blog {
  _id: string;
  title: string;
  slug: string;
  caption: string;
  category: string;
  views: number;
  comments: { comment: string }[];
}

test.describe('blogs', () => {
  let blogs: Blog[];
  test.beforeAll(async ({ request }) => {
    blogs = ((await (await request.get('/api/blogs')).json()) as { results: Blog[] }).results;
  });

  test('the list is pre-rendered with every post and a Read More link to its page', async ({ request, page }) => {
    const html = await (await request.get('/blogs')).text();
    for (const blog of blogs) expect(html).toContain(`href="/blogs/${blog.slug}"`);
    await page.goto('/blogs');
    await waitForIslands(page);
    await page.waitForLoadState('networkidle');
    // Hydrated and refreshed, every post is still listed: the static grid the build wrote (inside the island's
    // <astro-slot>) while the API's posts equal the build's, the island's own list once they differ. Which one depends
    // on what earlier files did on this worker's server (a post page counts a view; its site is not rebuilt).
    await expect(page.getByRole('link', { name: /^Read More/ })).toHaveCount(blogs.length);
    const [first] = blogs;
    assert(first);
    await page.getByRole('link', { name: `Read More: ${first.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blogs/${first.slug}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
  });

  test('filtering by category narrows the list, lives in the URL and resets', async ({ page }) => {
    const [first] = blogs;
    assert(first);
    const category = first.category;
    const expected = blogs.filter((b) => b.category === category).length;
    await page.goto('/blogs');
    await waitForIslands(page);
    await page.getByLabel('Category').selectOption(category);
    await expect(page.getByRole('link', { name: /^Read More/ })).toHaveCount(expected);
    // The island's own list has replaced the static grid.
    await expect(page.locator('astro-slot')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`category=${category}`));
    await page.reload();
    await waitForIslands(page);
    await expect(page.getByRole('link', { name: /^Read More/ })).toHaveCount(expected);
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page.getByRole('link', { name: /^Read More/ })).toHaveCount(blogs.length);
    await page.getByPlaceholder('Search posts...').fill('zzzzzz');
    await expect(page.getByText('No blogs found')).toBeVisible();
  });

  test("a post page shows its content, comments and related posts, counts the view and shows today's count", async ({
    browser,
    request,
  }) => {
    const blog = blogs.find((b) => b.comments.length > 0);
    assert(blog);
    // Views since the build: the page's HTML holds the build's count, the page shows today's.
    const before = withDb((db) => {
      db.prepare('UPDATE blogs SET views = views + 1000 WHERE id = ?').run(blog._id);
      return (db.prepare('SELECT views FROM blogs WHERE id = ?').get(blog._id) as { views: number }).views;
    });
    // A person's browser: Playwright's headless one is a bot to the counter.
    const visitor = await browser.newContext({ userAgent: PERSON_UA });
    const page = await visitor.newPage();
    const res = await page.goto(`/blogs/${blog.slug}`);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(blog.title));
    await expect(page.getByRole('heading', { name: `Comments (${blog.comments.length})` })).toBeVisible();
    const [comment] = blog.comments;
    assert(comment);
    await expect(page.getByText(comment.comment)).toBeVisible();
    // Read before or after this visit's own view is counted.
    await expect(page.locator('article p').first()).toContainText(
      new RegExp(`· (${formatCount(before)}|${formatCount(before + 1)}) views`),
    );
    await expect
      .poll(() =>
        withDb((db) => (db.prepare('SELECT views FROM blogs WHERE id = ?').get(blog._id) as { views: number }).views),
      )
      .toBe(before + 1);
    await visitor.close();
    const html = await (await request.get(`/blogs/${blog.slug}`)).text();
    expect(html).toContain(blog.caption);
    expect(html).not.toContain('<script>alert');
  });

  test('a post created after the build opens from the API, and an unknown one is a 404', async ({ page }) => {
    const slug = 'written-after-the-build';
    withDb((db) =>
      db
        .prepare(
          "INSERT INTO blogs (id, title, slug, content, caption, category, tags, created_at) VALUES (?, ?, ?, ?, ?, 'Business', '[\"news\"]', ?)",
        )
        .run(
          'e2e-new-blog',
          'Written After The Build',
          slug,
          '<p>Fresh words.</p><script>window.pwned = 1</script>',
          'Brand new',
          new Date().toISOString(),
        ),
    );
    try {
      const res = await page.goto(`/blogs/${slug}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Written After The Build');
      await expect(page.getByText('Fresh words.')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    } finally {
      withDb((db) => db.prepare('DELETE FROM blogs WHERE id = ?').run('e2e-new-blog'));
    }
    const missing = await page.goto('/blogs/no-such-post-here');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  });

  test('the RSS feed and the sitemap list the posts', async ({ request }) => {
    const rss = await request.get('/rss.xml');
    expect(rss.status()).toBe(200);
    const feed = await rss.text();
    for (const blog of blogs) expect(feed).toContain(`/blogs/${blog.slug}/`);
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    const [first] = blogs;
    assert(first);
    expect(sitemap).toContain(`/blogs/${first.slug}/`);
    expect(sitemap).toContain('/shop/');
    expect(sitemap).not.toContain('/admin');
  });
});
