/**
 * Guests commenting and reviewing with a code mailed to their address, with the real app, database and outbox: off
 * by default (401 to a comment, 403 to a code), the admin setting, the mailed code used once, wrong, expired, used and
 * other-address codes refused with field 'code', the code's guess cap and the attempt limit, the first comment of an
 * address held, a guest address blocked, the queue's guest rows, the spam guards and clear 400s.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_USER_LIMIT, GUEST_CODE_EMAIL_LIMIT } from '../../src/server/modules/comments/comments.routes.ts';
import {
  COMMENT_DUPLICATE,
  COMMENT_TOO_MANY,
  COMMENT_WAITING,
  GUEST_BLOCKED,
  GUEST_CODE_SENT,
  GUEST_CODE_TOO_MANY,
  GUEST_CODE_WRONG,
  SIGN_IN_TO_COMMENT,
  TOO_MANY_LINKS,
  type AdminComment,
  type AdminCommentPage,
  type CommentList,
  type PostedComment,
} from '../../src/shared/comments.ts';
import { jsonClient } from '../helpers/json-client.ts';
import { codeFrom, mailFiles, parseMail, waitForMail } from '../helpers/outbox.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let carol: string;
const blog = { id: randomUUID(), slug: 'guest-notes' };
const audio = { id: randomUUID() };
const product = { id: randomUUID() };

interface Refusal {
  message: string;
  field?: string;
}

function call<T = Refusal>(method: string, path: string, token?: string, body?: object | string, app = t) {
  return jsonClient((target, init) => app.request(target, init))<T>(method, path, { token, body });
}
const comment = (body: object, app = t, token?: string) =>
  call<PostedComment & Refusal>('POST', `/api/blogs/${blog.slug}/comments`, token, body, app);
const review = (kind: 'audios' | 'products', body: object) =>
  call<PostedComment & Refusal>(
    'POST',
    `/api/${kind}/${kind === 'audios' ? audio.id : product.id}/reviews`,
    undefined,
    body,
  );
const askCode = (email: string, app = t) => call('POST', '/api/comments/guest-code', undefined, { email }, app);
const settings = (body: object, app = t, token = admin) =>
  call<{ moderation: string; guests: boolean; message: string }>(
    'PUT',
    '/api/admin/comment-settings',
    token,
    body,
    app,
  );

/** Asks a code for `email` and reads it from the outbox. */
async function mailedCode(email: string, app = t): Promise<string> {
  const before = mailFiles(app.dataDir);
  const answer = await askCode(email, app);
  expect(answer.status).toBe(202);
  expect(answer.body).toEqual({ message: GUEST_CODE_SENT });
  return codeFrom(await waitForMail(app.dataDir, { to: email, after: before }));
}

/** The queue row of a comment by its text. */
async function queued(text: string, status = 'pending'): Promise<AdminComment> {
  const { body } = await call<AdminCommentPage>('GET', `/api/admin/comments?status=${status}&pageSize=100`, admin);
  const row = body.results.find((r) => r.comment === text);
  if (!row) throw new Error(`no ${status} comment "${text}"`);
  return row;
}
const publicComments = async () =>
  (await call<CommentList>('GET', `/api/blogs/${blog.slug}/comments`)).body.results.map((c) => c.comment);

async function seedItems(app: TestApp) {
  const now = new Date().toISOString();
  await app.db
    .insertInto('blogs')
    .values({ id: blog.id, title: 'Guest notes', slug: blog.slug, published: true, created_at: now })
    .execute();
  await app.db
    .insertInto('audios')
    .values({ id: audio.id, name: 'Evening Set', published: true, created_at: now })
    .execute();
  await app.db
    .insertInto('products')
    .values({ id: product.id, name: 'Mug', slug: 'mug', published: true, created_at: now })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'off' } });
  await seedItems(t);
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  carol = await t.customerToken('carol');
});
afterAll(() => t.close());

describe('with guests off (the default)', () => {
  it('refuses a guest comment with 401 and a code with 403, and says so publicly', async () => {
    expect((await call('GET', '/api/comment-settings')).body).toEqual({ guests: false });
    expect((await call('GET', '/api/admin/comment-settings', admin)).body).toEqual({
      moderation: 'hold-first',
      guests: false,
    });
    const answer = await comment({ name: 'Gail', email: 'gail@example.com', code: '123456', comment: 'Hi' });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(SIGN_IN_TO_COMMENT);
    expect((await review('products', { name: 'Gail', email: 'gail@example.com', code: '1', rating: 4 })).status).toBe(
      401,
    );
    const code = await askCode('gail@example.com');
    expect(code.status).toBe(403);
    expect(code.body.message).toBe(SIGN_IN_TO_COMMENT);
    expect(mailFiles(t.dataDir).filter((f) => parseMail(t.dataDir, f).to.includes('gail@'))).toEqual([]);
    expect(await t.db.selectFrom('guest_comment_codes').selectAll().execute()).toEqual([]);
  });
});

describe('the admin setting', () => {
  it('turns guests on and keeps the moderation rule a partial save leaves out', async () => {
    const saved = await settings({ guests: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ moderation: 'hold-first', guests: true });
    expect(saved.body.message).toMatch(/from now on/);
    expect((await settings({ moderation: 'hold-first' })).body.guests).toBe(true);
    const publicAnswer = await t.request('/api/comment-settings');
    expect(await publicAnswer.json()).toEqual({ guests: true });
    expect(publicAnswer.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('refuses a bad setting with 400 and the field', async () => {
    expect((await settings({ guests: 'yes' })).body).toMatchObject({ field: 'guests' });
    expect((await settings({})).status).toBe(400);
    expect((await settings({ guests: true }, t, carol)).status).toBe(403);
  });
});

describe('a guest with a mailed code', () => {
  it('mails a code in the brand layout and accepts it once; the first comment of the address is held', async () => {
    const before = mailFiles(t.dataDir);
    expect((await askCode('  Gail@Example.com ')).status).toBe(202);
    const mail = await waitForMail(t.dataDir, { to: 'gail@example.com', after: before });
    expect(mail.subject).toMatch(/your code to comment$/);
    expect(mail.html).toContain(codeFrom(mail));
    const code = codeFrom(mail);
    const stored = await t.db.selectFrom('guest_comment_codes').selectAll().executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    const minutes = (Date.parse(stored.expires_at) - Date.parse(stored.created_at)) / 60_000;
    expect(minutes).toBe(15);

    const first = await comment({ name: ' Gail G ', email: 'GAIL@example.com', code, comment: 'A guest thought.' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'pending', message: COMMENT_WAITING, comment: { author: 'Gail G' } });
    const row = await t.db
      .selectFrom('blog_comments')
      .select(['author', 'author_email', 'user_id', 'status'])
      .where('comment', '=', 'A guest thought.')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ author: 'Gail G', author_email: 'gail@example.com', user_id: null, status: 'pending' });

    // Used up: the same code again is refused.
    const again = await comment({ name: 'Gail G', email: 'gail@example.com', code, comment: 'Second thought.' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: GUEST_CODE_WRONG, field: 'code' });

    // The queue shows the guest's address; once approved, the address's next comment shows at once.
    const queuedRow = await queued('A guest thought.');
    expect(queuedRow).toMatchObject({
      author: 'Gail G',
      authorEmail: 'gail@example.com',
      userId: null,
      blocked: false,
    });
    expect(
      (await call('PATCH', `/api/admin/comments/blog/${queuedRow._id}`, admin, { status: 'approved' })).status,
    ).toBe(200);
    const next = await comment({
      name: 'Gail G',
      email: 'gail@example.com',
      code: await mailedCode('gail@example.com'),
      comment: 'Second thought.',
    });
    expect(next.body.status).toBe('approved');
    expect(await publicComments()).toEqual(['A guest thought.', 'Second thought.']);
  });

  it('holds the first comment of another address, and does not count an account of the same address', async () => {
    await t.customerToken('hank');
    const hank = await t.login('hank', 'a customer passphrase 2026');
    await settings({ moderation: 'publish' });
    expect((await comment({ comment: 'Hank as himself.' }, t, hank)).body.status).toBe('approved');
    await settings({ moderation: 'hold-first' });
    const code = await mailedCode('hank@example.com');
    const guest = await comment({ name: 'Hank', email: 'hank@example.com', code, comment: 'Hank as a guest.' });
    expect(guest.body.status).toBe('pending');
  });

  it('sends reviews too, and the review counts once approved', async () => {
    await settings({ moderation: 'publish' });
    const code = await mailedCode('ivy@example.com');
    const answer = await review('products', {
      name: 'Ivy',
      email: 'ivy@example.com',
      code,
      rating: 4,
      comment: 'Solid mug',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.comment).toMatchObject({ author: 'Ivy', rating: 4 });
    expect((await call<CommentList>('GET', `/api/products/${product.id}/reviews`)).body.rating).toBe(4);
    await settings({ moderation: 'hold-first' });
  });

  it('does not need a code from a signed-in visitor', async () => {
    const answer = await comment({ comment: 'Signed in, no code.' }, t, carol);
    expect(answer.status).toBe(201);
    expect(answer.body.comment.author).toBe('Carol C.');
  });
});

describe('codes that do not work', () => {
  it('refuses a wrong, an expired and another address’s code with field code', async () => {
    const code = await mailedCode('jo@example.com');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refusedWrong = await comment({ name: 'Jo', email: 'jo@example.com', code: wrong, comment: 'Wrong code' });
    expect(refusedWrong.status).toBe(400);
    expect(refusedWrong.body).toEqual({ message: GUEST_CODE_WRONG, field: 'code' });

    // Another address's code, even a good one, opens nothing for this address.
    const kimCode = await mailedCode('kim@example.com');
    const other = await comment({ name: 'Jo', email: 'jo@example.com', code: kimCode, comment: 'Borrowed code' });
    expect(other.body).toEqual({ message: GUEST_CODE_WRONG, field: 'code' });
    const noCode = await comment({ name: 'Lu', email: 'lu@example.com', code: kimCode, comment: 'No code asked' });
    expect(noCode.body).toEqual({ message: GUEST_CODE_WRONG, field: 'code' });

    await t.db
      .updateTable('guest_comment_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'jo@example.com')
      .execute();
    const expired = await comment({ name: 'Jo', email: 'jo@example.com', code, comment: 'Too late' });
    expect(expired.body).toEqual({ message: GUEST_CODE_WRONG, field: 'code' });
    // Kim's own code still works for Kim.
    expect((await comment({ name: 'Kim', email: 'kim@example.com', code: kimCode, comment: 'Kim here' })).status).toBe(
      201,
    );
    expect(
      await t.db.selectFrom('blog_comments').select('id').where('comment', 'in', ['Wrong code', 'Too late']).execute(),
    ).toEqual([]);
  });

  it('voids a code after five wrong guesses, so guessing cannot find it', async () => {
    const code = await mailedCode('max@example.com');
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expect(
        (await comment({ name: 'Max', email: 'max@example.com', code: wrong, comment: `Guess ${i}` })).status,
      ).toBe(400);
    const right = await comment({ name: 'Max', email: 'max@example.com', code, comment: 'The right one, too late' });
    expect(right.body).toEqual({ message: GUEST_CODE_WRONG, field: 'code' });
    // A new code works again.
    const fresh = await mailedCode('max@example.com');
    expect((await comment({ name: 'Max', email: 'max@example.com', code: fresh, comment: 'Fresh code' })).status).toBe(
      201,
    );
  });

  it('counts a guest’s attempts against its email and the codes asked for against the inbox', async () => {
    const limited = await createTestApp();
    try {
      await seedItems(limited);
      const limitedAdmin = await limited.login('admin', TEST_ADMIN_PASSWORD);
      expect((await settings({ guests: true }, limited, limitedAdmin)).status).toBe(200);
      const code = await mailedCode('ned@example.com', limited);
      const wrong = String((Number(code) + 3) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < COMMENT_USER_LIMIT.limit; i++)
        expect(
          (await comment({ name: 'Ned', email: 'ned@example.com', code: wrong, comment: `Try ${i}` }, limited)).status,
        ).toBe(400);
      const over = await comment({ name: 'Ned', email: 'ned@example.com', code, comment: 'Over' }, limited);
      expect(over.status).toBe(429);
      expect(over.body.message).toBe(COMMENT_TOO_MANY);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);

      for (let i = 1; i < GUEST_CODE_EMAIL_LIMIT.limit; i++)
        expect((await askCode('ned@example.com', limited)).status).toBe(202);
      const tooMany = await askCode('NED@example.com', limited);
      expect(tooMany.status).toBe(429);
      expect(tooMany.body.message).toBe(GUEST_CODE_TOO_MANY);
      expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await askCode('olga@example.com', limited)).status).toBe(202);
    } finally {
      await limited.close();
    }
  });
});

describe('blocking a guest', () => {
  it('blocks the address (after the code, so only its owner learns it) and unblocks it', async () => {
    const row = await queued('Kim here', 'pending');
    const blocked = await call<{ comment: AdminComment; message: string }>(
      'POST',
      `/api/admin/comments/blog/${row._id}/block`,
      admin,
    );
    expect(blocked.status).toBe(200);
    expect(blocked.body.comment).toMatchObject({ blocked: true, userId: null, authorEmail: 'kim@example.com' });
    const code = await mailedCode('kim@example.com');
    const refused = await comment({ name: 'Kim', email: 'kim@example.com', code, comment: 'Let me back' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(GUEST_BLOCKED);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id'])
      .where('action', '=', 'sender.block')
      .execute();
    expect(audit).toContainEqual({
      action: 'sender.block',
      target_type: 'guest-commenter',
      target_id: 'kim@example.com',
    });
    expect((await call('DELETE', `/api/admin/comments/blog/${row._id}/block`, admin)).status).toBe(200);
    expect((await comment({ name: 'Kim', email: 'kim@example.com', code, comment: 'Let me back' })).status).toBe(201);
  });

  it('refuses a guest using the address of a blocked account', async () => {
    const row = await queued('Signed in, no code.', 'pending');
    expect((await call('POST', `/api/admin/comments/blog/${row._id}/block`, admin)).status).toBe(200);
    const code = await mailedCode('carol@example.com');
    const refused = await comment({ name: 'Carol', email: 'carol@example.com', code, comment: 'Sneaking in' });
    expect(refused.status).toBe(403);
    expect((await call('DELETE', `/api/admin/comments/blog/${row._id}/block`, admin)).status).toBe(200);
  });

  it('has nothing to block on a demo row without account or address', async () => {
    const id = randomUUID();
    await t.db
      .insertInto('blog_comments')
      .values({ id, blog_id: blog.id, author: 'Leah', comment: 'Old demo', created_at: new Date().toISOString() })
      .execute();
    expect((await call('POST', `/api/admin/comments/blog/${id}/block`, admin)).status).toBe(409);
  });
});

describe('spam guards and bad input from guests', () => {
  it('keeps the honeypot, the links limit and the repeat check', async () => {
    await settings({ moderation: 'publish' });
    // An inbox gets at most 3 codes in 15 minutes whatever RATE_LIMITS says: each guard gets its own guest.
    const trapped = await comment({
      name: 'Pia',
      email: 'pia1@example.com',
      code: await mailedCode('pia1@example.com'),
      comment: 'Cheap pills',
      website: 'x',
    });
    expect(trapped.body).toMatchObject({ status: 'pending', message: COMMENT_WAITING });
    const spam = await t.db.selectFrom('blog_comments').select('status').where('comment', '=', 'Cheap pills').execute();
    expect(spam).toEqual([{ status: 'spam' }]);
    const links = await comment({
      name: 'Pia',
      email: 'pia2@example.com',
      code: await mailedCode('pia2@example.com'),
      comment: 'https://a.example www.b.example c.example/x',
    });
    expect(links.body).toEqual({ message: TOO_MANY_LINKS, field: 'comment' });
    const guest = { name: 'Pia', email: 'pia3@example.com' };
    const code = await mailedCode(guest.email);
    expect((await comment({ ...guest, code, comment: 'Echo from Pia' })).status).toBe(201);
    const repeat = await comment({ ...guest, code: await mailedCode(guest.email), comment: 'Echo from Pia' });
    expect(repeat.status).toBe(409);
    expect(repeat.body).toEqual({ message: COMMENT_DUPLICATE, field: 'comment' });
    await settings({ moderation: 'hold-first' });
  });

  const cases: [string, object, string][] = [
    ['no name', { email: 'a@example.com', code: '123456', comment: 'Hi' }, 'name'],
    ['a blank name', { name: '  ', email: 'a@example.com', code: '123456', comment: 'Hi' }, 'name'],
    [
      'a name with a link',
      { name: 'Visit www.spam.example', email: 'a@example.com', code: '123456', comment: 'Hi' },
      'name',
    ],
    ['a too long name', { name: 'n'.repeat(61), email: 'a@example.com', code: '123456', comment: 'Hi' }, 'name'],
    ['no email', { name: 'Ann', code: '123456', comment: 'Hi' }, 'email'],
    ['a bad email', { name: 'Ann', email: 'not-an-address', code: '123456', comment: 'Hi' }, 'email'],
    ['no code', { name: 'Ann', email: 'a@example.com', comment: 'Hi' }, 'code'],
    ['a short code', { name: 'Ann', email: 'a@example.com', code: '12345', comment: 'Hi' }, 'code'],
    ['no comment', { name: 'Ann', email: 'a@example.com', code: '123456' }, 'comment'],
  ];
  it.each(cases)('refuses %s with 400 and the field', async (_name, body, field) => {
    const answer = await comment(body);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
  });

  it('refuses a bad email for a code with 400', async () => {
    expect((await askCode('nope')).body).toMatchObject({ field: 'email' });
    expect((await call('POST', '/api/comments/guest-code', undefined, [])).status).toBe(400);
  });
});
