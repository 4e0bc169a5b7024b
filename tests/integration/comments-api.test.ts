/**
 * Comments on posts and reviews of audio and products with the real app and database: signed-in visitors only, held or
 * shown by the moderation setting, the admin's queue and moderation (approve shows it and moves the mean rating,
 * reject and spam hide it), blocked authors, the honeypot, links, repeats, the attempt limit, the admin guard and
 * clear 400s.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_USER_LIMIT } from '../../src/server/modules/comments/comments.routes.ts';
import {
  COMMENT_BLOCKED,
  COMMENT_DUPLICATE,
  COMMENT_TOO_MANY,
  COMMENT_WAITING,
  SIGN_IN_TO_COMMENT,
  TOO_MANY_LINKS,
  type AdminComment,
  type AdminCommentPage,
  type CommentDigests,
  type CommentList,
  type PostedComment,
} from '../../src/shared/comments.ts';
import type { Audio, Blog } from '../../src/shared/types.ts';
import { jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let carol: string;
let dave: string;
const blog = { id: randomUUID(), slug: 'spring-notes' };
const audio = { id: randomUUID() };
const product = { id: randomUUID(), slug: 'desk-lamp' };

interface Refusal {
  message: string;
  field?: string;
}

function call<T = Refusal>(method: string, path: string, token?: string, body?: object | string, app = t) {
  return jsonClient((target, init) => app.request(target, init))<T>(method, path, { token, body });
}
const comment = (token: string | undefined, body: object | string, app = t) =>
  call<PostedComment & Refusal>('POST', `/api/blogs/${blog.slug}/comments`, token, body, app);
const review = (kind: 'audios' | 'products', token: string | undefined, body: object) =>
  call<PostedComment & Refusal>(
    'POST',
    `/api/${kind}/${kind === 'audios' ? audio.id : product.id}/reviews`,
    token,
    body,
  );
const queue = (query = '') => call<AdminCommentPage>('GET', `/api/admin/comments${query}`, admin);
const moderate = (c: { type: string; _id: string }, body: object) =>
  call<{ message: string; comment: AdminComment } & Refusal>(
    'PATCH',
    `/api/admin/comments/${c.type}/${c._id}`,
    admin,
    body,
  );
const publicComments = async () =>
  (await call<CommentList>('GET', `/api/blogs/${blog.slug}/comments`)).body.results.map((c) => c.comment);
const setModeration = async (moderation: string) =>
  expect((await call('PUT', '/api/admin/comment-settings', admin, { moderation })).status).toBe(200);
/** The queue row of a comment by its text. */
async function queued(text: string, status = 'pending'): Promise<AdminComment> {
  const { body } = await queue(`?status=${status}&pageSize=100`);
  const row = body.results.find((r) => r.comment === text);
  if (!row) throw new Error(`no ${status} comment "${text}" in ${JSON.stringify(body.results.map((r) => r.comment))}`);
  return row;
}

async function seedItems(app: TestApp) {
  const now = new Date().toISOString();
  await app.db
    .insertInto('blogs')
    .values({ id: blog.id, title: 'Spring notes', slug: blog.slug, published: true, created_at: now })
    .execute();
  await app.db
    .insertInto('audios')
    .values({ id: audio.id, name: 'Morning Set', published: true, created_at: now })
    .execute();
  await app.db
    .insertInto('products')
    .values({ id: product.id, name: 'Desk lamp', slug: product.slug, published: true, created_at: now })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'off' } });
  await seedItems(t);
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  carol = await t.customerToken('carol');
  dave = await t.customerToken('dave');
});
afterAll(() => t.close());

describe('a visitor commenting', () => {
  it('must sign in: a guest is refused with 401 and nothing is stored', async () => {
    const answer = await comment(undefined, { comment: 'Hello there' });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(SIGN_IN_TO_COMMENT);
    expect((await review('audios', undefined, { rating: 5, comment: 'Nice' })).status).toBe(401);
    expect(await t.db.selectFrom('blog_comments').select('id').execute()).toEqual([]);
  });

  it("holds a visitor's first comment, shows it once approved, and publishes the next one at once", async () => {
    const first = await comment(carol, { comment: 'Lovely post!', author: 'Somebody else' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'pending', message: COMMENT_WAITING });
    // The name shown is the account's, never one from the body.
    expect(first.body.comment.author).toBe('Carol C.');
    expect(await publicComments()).toEqual([]);
    const blogs = (await call<{ results: Blog[] }>('GET', '/api/blogs')).body.results;
    expect(blogs.find((b) => b._id === blog.id)?.comments).toEqual([]);

    const row = await queued('Lovely post!');
    expect(row).toMatchObject({
      type: 'blog',
      author: 'Carol C.',
      authorEmail: 'carol@example.com',
      itemTitle: 'Spring notes',
      itemUrl: `/blogs/${blog.slug}`,
      blocked: false,
    });
    const approved = await moderate(row, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body.comment.status).toBe('approved');
    expect(await publicComments()).toEqual(['Lovely post!']);
    const after = (await call<{ results: Blog[] }>('GET', '/api/blogs')).body.results;
    expect(after.find((b) => b._id === blog.id)?.comments.map((c) => c.comment)).toEqual(['Lovely post!']);

    const second = await comment(carol, { comment: 'And one more thought.' });
    expect(second.body.status).toBe('approved');
    expect(await publicComments()).toEqual(['Lovely post!', 'And one more thought.']);
  });

  it('holds everything under "hold all" and shows everything under "publish at once"', async () => {
    await setModeration('hold-all');
    expect((await comment(carol, { comment: 'Held although I was approved before.' })).body.status).toBe('pending');
    await setModeration('publish');
    expect((await comment(dave, { comment: 'Straight out.' })).body.status).toBe('approved');
    expect(await publicComments()).toContain('Straight out.');
    await setModeration('hold-first');
    expect((await call('GET', '/api/admin/comment-settings', admin)).body).toEqual({
      moderation: 'hold-first',
      guests: false,
    });
  });

  it('keeps rejected and spam comments from the public', async () => {
    const text = 'Please reject me.';
    await comment(carol, { comment: text });
    // Carol has an approved comment, so hold-first shows hers at once.
    expect(await publicComments()).toContain(text);
    const row = await queued(text, 'approved');
    expect((await moderate(row, { status: 'rejected' })).status).toBe(200);
    expect(await publicComments()).not.toContain(text);
    expect((await moderate(row, { status: 'approved' })).status).toBe(200);
    expect((await moderate(row, { status: 'spam' })).status).toBe(200);
    expect(await publicComments()).not.toContain(text);
    expect((await queue('?status=spam')).body.results.map((r) => r.comment)).toContain(text);
  });

  it('lets the admin edit the text (the original is kept) and delete a comment', async () => {
    const row = await queued('And one more thought.', 'approved');
    const edited = await moderate(row, { comment: 'And one more, edited.' });
    expect(edited.body.comment).toMatchObject({
      comment: 'And one more, edited.',
      originalComment: 'And one more thought.',
    });
    expect(await publicComments()).toContain('And one more, edited.');
    expect((await call('DELETE', `/api/admin/comments/blog/${row._id}`, admin)).status).toBe(200);
    expect(await publicComments()).not.toContain('And one more, edited.');
    expect((await call('DELETE', `/api/admin/comments/blog/${row._id}`, admin)).status).toBe(404);
  });
});

describe('reviews and the mean rating', () => {
  const audioRating = async () =>
    (await call<{ results: Audio[] }>('GET', '/api/audios')).body.results.find((a) => a._id === audio.id);

  it('moves the audio rating with approvals, rejections and deletions', async () => {
    // Carol is trusted already (an approved comment); Dave's first approved comment came under 'publish'.
    expect((await review('audios', carol, { rating: 5, comment: 'Great set' })).body.status).toBe('approved');
    expect((await audioRating())?.rating).toBe(5);
    const erin = await t.customerToken('erin');
    expect((await review('audios', erin, { rating: '2', comment: 'Not for me' })).body.status).toBe('pending');
    expect((await audioRating())?.rating).toBe(5);
    const row = await queued('Not for me');
    expect(row).toMatchObject({ rating: 2, itemUrl: `/audio/${audio.id}` });
    await moderate(row, { status: 'approved' });
    expect(await audioRating()).toMatchObject({ rating: 3.5 });
    expect((await audioRating())?.reviews.map((r) => r.rating)).toEqual([5, 2]);
    await moderate(row, { status: 'rejected' });
    expect((await audioRating())?.rating).toBe(5);
    const list = await call<CommentList>('GET', `/api/audios/${audio.id}/reviews`);
    expect(list.body).toMatchObject({ rating: 5, results: [{ rating: 5, comment: 'Great set', author: 'Carol C.' }] });
    const great = await queued('Great set', 'approved');
    await call('DELETE', `/api/admin/comments/audio/${great._id}`, admin);
    expect((await audioRating())?.rating).toBe(0);
  });

  it("keeps a product rating from its approved reviews, and a digest of them that moves with them (the page's build key)", async () => {
    const digest = async () =>
      (await call<CommentDigests>('GET', '/api/comments/product/digests')).body.results[product.id];
    expect(await digest()).toBeUndefined();
    await review('products', carol, { rating: 4, comment: 'Bright and sturdy' });
    const one = await digest();
    expect(one).toMatch(/^[\w-]{43}$/);
    await review('products', dave, { rating: 3, comment: 'Fine lamp' });
    const two = await digest();
    expect(two).not.toBe(one);
    const list = await call<CommentList>('GET', `/api/products/${product.id}/reviews`);
    expect(list.body.rating).toBe(3.5);
    expect(list.body.results.map((r) => r.rating)).toEqual([4, 3]);
    const stored = await t.db
      .selectFrom('products')
      .select('rating')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(stored.rating).toBe(3.5);
    await moderate(await queued('Fine lamp', 'approved'), { status: 'spam' });
    expect((await call<CommentList>('GET', `/api/products/${product.id}/reviews`)).body.rating).toBe(4);
    expect(await digest()).toBe(one);
    const edited = await queued('Bright and sturdy', 'approved');
    await moderate(edited, { comment: 'Bright, sturdy and warm' });
    expect(await digest()).not.toBe(one);
    expect((await call('GET', '/api/comments/video/digests')).status).toBe(404);
  });
});

describe('spam guards', () => {
  it('refuses an author the admin blocked, and takes them back once unblocked', async () => {
    const row = await queued('Straight out.', 'approved');
    const blocked = await call<{ comment: AdminComment }>('POST', `/api/admin/comments/blog/${row._id}/block`, admin);
    expect(blocked.status).toBe(200);
    expect(blocked.body.comment.blocked).toBe(true);
    const refused = await comment(dave, { comment: 'Let me in' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(COMMENT_BLOCKED);
    expect((await review('products', dave, { rating: 5, comment: 'Let me in' })).status).toBe(403);
    expect((await call('DELETE', `/api/admin/comments/blog/${row._id}/block`, admin)).status).toBe(200);
    expect((await comment(dave, { comment: 'Back again' })).status).toBe(201);
  });

  it('answers a filled honeypot like a held comment but stores it as spam', async () => {
    const answer = await comment(carol, { comment: 'Buy cheap watches', website: 'http://spam.example' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ status: 'pending', message: COMMENT_WAITING });
    const row = await t.db
      .selectFrom('blog_comments')
      .select('status')
      .where('comment', '=', 'Buy cheap watches')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('spam');
    expect(await publicComments()).not.toContain('Buy cheap watches');
  });

  it('refuses more than two links with a clear message', async () => {
    const answer = await comment(carol, { comment: 'See https://a.example, www.b.example and c.example/x' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: TOO_MANY_LINKS, field: 'comment' });
    expect((await comment(carol, { comment: 'See https://a.example and www.b.example' })).status).toBe(201);
  });

  it('refuses the same text from the same account within minutes', async () => {
    expect((await comment(carol, { comment: 'Echo' })).status).toBe(201);
    const again = await comment(carol, { comment: '  Echo ' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: COMMENT_DUPLICATE, field: 'comment' });
    expect((await comment(dave, { comment: 'Echo' })).status).toBe(201);
  });

  it('limits how often one account comments', async () => {
    const limited = await createTestApp();
    try {
      await seedItems(limited);
      const token = await limited.customerToken('frank');
      for (let i = 0; i < COMMENT_USER_LIMIT.limit; i++)
        expect((await comment(token, { comment: `Note number ${i}` }, limited)).status).toBe(201);
      const over = await comment(token, { comment: 'One too many' }, limited);
      expect(over.status).toBe(429);
      expect(over.body.message).toBe(COMMENT_TOO_MANY);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('bad input', () => {
  const cases: [string, object | string, string][] = [
    ['a missing comment', {}, 'comment'],
    ['a blank comment', { comment: '   ' }, 'comment'],
    ['a number for a comment', { comment: 5 }, 'comment'],
    ['a too long comment', { comment: 'x'.repeat(2001) }, 'comment'],
    ['control characters', { comment: 'bad\u0007bell' }, 'comment'],
    ['an array body', [], 'body'],
  ];
  it.each(cases)('refuses %s with 400 and the field', async (_name, body, field) => {
    const answer = await comment(carol, body);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
    expect(answer.body.message).toMatch(/\S/);
  });

  it.each([[0], [6], [3.5], ['x'], [null]])('refuses the rating %s', async (rating) => {
    const answer = await review('audios', carol, { rating, comment: 'Rated' });
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('rating');
  });

  it('answers 404 for an unknown or unpublished item', async () => {
    expect((await call('POST', '/api/blogs/nope/comments', carol, { comment: 'Hi' })).status).toBe(404);
    expect((await call('GET', '/api/blogs/nope/comments')).status).toBe(404);
    expect((await call('POST', '/api/audios/nope/reviews', carol, { rating: 3, comment: 'Hi' })).status).toBe(404);
    expect((await call('GET', `/api/products/${'x'.repeat(500)}/reviews`)).status).toBe(404);
  });

  it("refuses the admin's bad queries and changes with 400 or 404", async () => {
    expect((await queue('?status=maybe')).status).toBe(400);
    expect((await queue('?type=video')).body).toMatchObject({ field: 'type' });
    expect((await queue('?page=0')).status).toBe(400);
    const row = (await queue('?status=approved')).body.results[0];
    if (!row) throw new Error('no approved comment');
    expect((await moderate(row, { status: 'gone' })).body).toMatchObject({ field: 'status' });
    expect((await moderate(row, {})).status).toBe(400);
    expect((await moderate(row, { comment: '' })).body).toMatchObject({ field: 'comment' });
    expect((await call('PATCH', `/api/admin/comments/video/${row._id}`, admin, { status: 'approved' })).status).toBe(
      404,
    );
    expect((await call('PATCH', '/api/admin/comments/blog/missing', admin, { status: 'approved' })).status).toBe(404);
    expect((await call('PUT', '/api/admin/comment-settings', admin, { moderation: 'sometimes' })).body).toMatchObject({
      field: 'moderation',
    });
  });
});

describe('the admin routes', () => {
  const routes: [string, string, object?][] = [
    ['GET', '/api/admin/comments'],
    ['GET', '/api/admin/comment-settings'],
    ['PUT', '/api/admin/comment-settings', { moderation: 'publish' }],
    ['PATCH', '/api/admin/comments/blog/x', { status: 'approved' }],
    ['DELETE', '/api/admin/comments/blog/x'],
    ['POST', '/api/admin/comments/blog/x/block'],
    ['DELETE', '/api/admin/comments/blog/x/block'],
  ];
  it.each(routes)('%s %s is refused without a session (401) and to a customer (403)', async (method, path, body) => {
    expect((await call(method, path, undefined, body)).status).toBe(401);
    expect((await call(method, path, carol, body)).status).toBe(403);
  });

  it('pages the queue by status and type with the counts', async () => {
    const { body } = await queue('?status=approved&type=product&pageSize=1');
    expect(body.results).toHaveLength(1);
    expect(body.results[0]?.type).toBe('product');
    expect(body.total).toBe(body.counts.approved);
    expect(body.pageSize).toBe(1);
  });
});
