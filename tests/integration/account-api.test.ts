/**
 * The signed-in person's own account, /api/account, with the real app, database and DATA_DIR: each
 * route answers the session's user only; profile edits follow registration's rules; the picture follows the upload
 * rules; an email change is confirmed by a code mailed to the new address; other sessions can be ended; the export
 * holds the person's data and no secret; deletion asks for the password and keeps the orders.
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from '../../src/server/media/media-store.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import type { AccountExport, AccountSessions } from '../../src/shared/account.ts';
import { jsonClient } from '../helpers/json-client.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_CUSTOMER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

const call = jsonClient((path, init) => t.request(path, init));

/** A verified customer made straight in the database, signed in; `password: null` makes a Google-only account. */
async function person(username: string, options: { password?: string | null; role?: string } = {}) {
  const now = new Date().toISOString();
  const id = randomUUID();
  const password = options.password === undefined ? TEST_CUSTOMER_PASSWORD : options.password;
  await t.db
    .insertInto('users')
    .values({
      id,
      first_name: 'Pat',
      last_name: username,
      email: `${username}@example.com`,
      username,
      username_key: username.toLowerCase(),
      password_hash: password === null ? null : await hashPassword(password),
      role: options.role ?? 'customer',
      email_verified: true,
      created_at: now,
      updated_at: now,
      ...(password === null ? { oidc_issuer: 'https://accounts.example', oidc_subject: `sub-${username}` } : {}),
    })
    .execute();
  // A Google-only account has no password to sign in with: its session is started as the Google callback would.
  const token = password === null ? await googleSession(id) : await t.login(username, password);
  return { id, token, email: `${username}@example.com` };
}

async function googleSession(userId: string): Promise<string> {
  const { startSession } = await import('../../src/server/modules/auth/sessions.service.ts');
  return (await startSession(t.db, t.env, { id: userId, role: 'customer' })).token;
}

const png = async (size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
function imageForm(bytes: Buffer | Uint8Array, name: string, type: string, field = 'image'): FormData {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
}
const mediaFiles = async () => (await readdir(mediaDir(t.dataDir)).catch(() => [] as string[])).sort();
const stemOf = (url: string) => url.replace(/^\/media\//, '').replace(/\.webp$/, '');

beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});

describe('access', () => {
  const routes: [string, string, object | undefined][] = [
    ['GET', '/api/account', undefined],
    ['DELETE', '/api/account', { password: 'x' }],
    ['PATCH', '/api/account/profile', { first_name: 'A', last_name: 'B', username: 'abc' }],
    ['POST', '/api/account/profile-image', undefined],
    ['DELETE', '/api/account/profile-image', undefined],
    ['POST', '/api/account/email', { newEmail: 'x@example.com', password: 'x' }],
    ['POST', '/api/account/email/confirm', { code: '123456' }],
    ['DELETE', '/api/account/email', undefined],
    ['GET', '/api/account/sessions', undefined],
    ['POST', '/api/account/sessions/sign-out-others', undefined],
    ['GET', '/api/account/export', undefined],
  ];
  it.each(routes)('%s %s: 401 without a session, never cached', async (method, path, body) => {
    const answer = await call(method, path, body === undefined ? {} : { body });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Please sign in' });
  });

  it('GET /api/account answers the caller as /api/auth/me does, plus the account facts, and no secret', async () => {
    const ann = await person('ann');
    const answer = await call('GET', '/api/account?userId=someone-else', { token: ann.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const me = await call('GET', '/api/auth/me', { token: ann.token });
    expect(answer.body).toMatchObject({ ...me.body, hasPassword: true, pendingEmail: null, newsletter: null });
    expect(answer.body['_id']).toBe(ann.id);
    expect(typeof answer.body['createdAt']).toBe('string');
    expect(JSON.stringify(answer.body)).not.toMatch(/argon2|password_hash|token/);
  });
});

describe('profile', () => {
  let bo: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    bo = await person('bo');
    await person('taken_name');
  });
  const profile = (body: object) => call('PATCH', '/api/account/profile', { token: bo.token, body });

  const refusals: [string, object, string, string][] = [
    [
      'a blank first name',
      { first_name: '  ', last_name: 'B', username: 'bo' },
      'first_name',
      'First name is required',
    ],
    ['a missing last name', { first_name: 'Bo', username: 'bo' }, 'last_name', 'Last name is required'],
    [
      'a line break in a name',
      { first_name: 'B\no', last_name: 'B', username: 'bo' },
      'first_name',
      'First name must not contain control characters',
    ],
    [
      'a name too long',
      { first_name: 'x'.repeat(101), last_name: 'B', username: 'bo' },
      'first_name',
      'First name must be at most 100 characters',
    ],
    [
      'a short username',
      { first_name: 'Bo', last_name: 'B', username: 'bo' },
      'username',
      'Username must be 3 to 30 characters',
    ],
    [
      'a username with spaces',
      { first_name: 'Bo', last_name: 'B', username: 'bo bo' },
      'username',
      'Username may contain only letters, digits, dots, hyphens and underscores',
    ],
    [
      'a reserved username',
      { first_name: 'Bo', last_name: 'B', username: 'Admin' },
      'username',
      'This username is reserved; choose another',
    ],
  ];
  it.each(refusals)('refuses %s as registration does, changing nothing', async (_what, body, field, message) => {
    expect(await profile(body)).toMatchObject({ status: 400, body: { message, field } });
    expect((await call('GET', '/api/account', { token: bo.token })).body).toMatchObject({
      first_name: 'Pat',
      username: 'bo',
    });
  });

  it('refuses a username another account has (whatever its case) with 409 naming the field', async () => {
    expect(await profile({ first_name: 'Bo', last_name: 'B', username: 'TAKEN_NAME' })).toMatchObject({
      status: 409,
      body: { message: 'This username is already taken', field: 'username' },
    });
  });

  it('saves the names and username; the new username signs in; the caller keeps their own username when unchanged', async () => {
    const saved = await profile({ first_name: ' Bo ', last_name: 'Brown', username: 'Bo.Brown' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      _id: bo.id,
      first_name: 'Bo',
      last_name: 'Brown',
      username: 'Bo.Brown',
      email: bo.email,
    });
    expect((await call('GET', '/api/auth/me', { token: bo.token })).body).toMatchObject({
      first_name: 'Bo',
      username: 'Bo.Brown',
    });
    expect(await t.login('bo.brown', TEST_CUSTOMER_PASSWORD)).toBeTruthy();
    expect((await profile({ first_name: 'Bo', last_name: 'Brown', username: 'bo.brown' })).status).toBe(200);
  });

  it('never touches another account, whatever the body says', async () => {
    const other = await person('cy');
    await profile({
      first_name: 'Bo',
      last_name: 'Brown',
      username: 'bo.brown',
      _id: other.id,
      id: other.id,
      role: 'admin',
      email: 'hijack@example.com',
    });
    expect((await call('GET', '/api/account', { token: other.token })).body).toMatchObject({
      first_name: 'Pat',
      username: 'cy',
      email: 'cy@example.com',
    });
    expect((await call('GET', '/api/account', { token: bo.token })).body).toMatchObject({
      role: 'customer',
      email: bo.email,
    });
  });
});

describe('profile picture', () => {
  let di: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    di = await person('di');
  });
  const upload = (body: FormData | object) => call('POST', '/api/account/profile-image', { token: di.token, body });

  it('refuses a file over 5 MB with the spec text and stores nothing', async () => {
    const before = await mediaFiles();
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]);
    expect(await upload(imageForm(big, 'big.png', 'image/png'))).toMatchObject({
      status: 413,
      body: { message: 'File size must be less than 5MB' },
    });
    expect(await mediaFiles()).toEqual(before);
  });

  it('refuses anything but JPEG, PNG, GIF and WEBP with the spec text', async () => {
    const svg = await upload(
      imageForm(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'me.svg', 'image/svg+xml'),
    );
    expect(svg).toMatchObject({
      status: 415,
      body: { message: 'Only JPEG, PNG, GIF, and WEBP files are allowed', field: 'image' },
    });
    const text = await upload(imageForm(Buffer.from('hello there'), 'me.txt', 'text/plain'));
    expect(text).toMatchObject({ status: 415, body: { message: 'Only JPEG, PNG, GIF, and WEBP files are allowed' } });
  });

  it('refuses a form without the picture, a file under another name, and a JSON body', async () => {
    expect(await upload(new FormData())).toMatchObject({
      status: 400,
      body: { message: 'Choose a picture to upload', field: 'image' },
    });
    expect((await upload(imageForm(await png(), 'a.png', 'image/png', 'photo'))).status).toBe(400);
    expect(await upload({ image: 'x' })).toMatchObject({ status: 400, body: { field: 'image' } });
  });

  it('stores a good picture re-encoded, served from /media; a second replaces it and the first is released; DELETE removes it', async () => {
    const first = await upload(imageForm(await png(), 'me.png', 'image/png'));
    expect(first.status).toBe(200);
    const url = first.body['profile_image'] as string;
    expect(url).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    const served = await t.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await call('GET', '/api/auth/me', { token: di.token })).body['profile_image']).toBe(url);

    const second = await upload(imageForm(await png(80), 'me2.png', 'image/png'));
    const next = second.body['profile_image'] as string;
    expect(next).not.toBe(url);
    expect((await mediaFiles()).filter((f) => f.startsWith(stemOf(url)))).toEqual([]);
    expect((await t.request(url)).status).toBe(404);

    expect(await call('DELETE', '/api/account/profile-image', { token: di.token })).toMatchObject({
      status: 200,
      body: { profile_image: '' },
    });
    expect((await call('GET', '/api/account', { token: di.token })).body['profile_image']).toBe('');
    expect((await mediaFiles()).filter((f) => f.startsWith(stemOf(next)))).toEqual([]);
  });
});

describe('email change by code', () => {
  let ed: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    ed = await person('ed');
    await person('fay');
  });
  const request = (body: object, token = ed.token) => call('POST', '/api/account/email', { token, body });
  const confirm = (code: string, token = ed.token) =>
    call('POST', '/api/account/email/confirm', { token, body: { code } });
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('asks for the password, refuses a wrong one, the same address and a bad address', async () => {
    expect(await request({ newEmail: 'ed.new@example.com' })).toMatchObject({
      status: 400,
      body: { field: 'password', message: 'Enter your password to confirm' },
    });
    expect(await request({ newEmail: 'ed.new@example.com', password: 'not the password at all' })).toMatchObject({
      status: 400,
      body: { field: 'password', message: 'The password is not correct' },
    });
    expect(await request({ newEmail: 'ED@example.com', password: TEST_CUSTOMER_PASSWORD })).toMatchObject({
      status: 400,
      body: { field: 'newEmail', message: 'This is already your email address' },
    });
    expect(await request({ newEmail: 'not-an-address', password: TEST_CUSTOMER_PASSWORD })).toMatchObject({
      status: 400,
      body: { field: 'newEmail', message: 'Please enter a valid email address' },
    });
    expect(
      await request({ newEmail: 'a@example.com\r\nBcc: x@example.com', password: TEST_CUSTOMER_PASSWORD }),
    ).toMatchObject({ status: 400, body: { field: 'newEmail' } });
  });

  it('refuses an address another account has with 409, after the password, and mails nothing', async () => {
    const before = mailFiles(t.dataDir);
    expect(await request({ newEmail: 'Fay@Example.com', password: TEST_CUSTOMER_PASSWORD })).toMatchObject({
      status: 409,
      body: { field: 'newEmail', message: 'An account with this email already exists' },
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(mailFiles(t.dataDir)).toEqual(before);
  });

  it('mails a code to the new address only; a wrong code is refused; the right one changes the address and tells the old one', async () => {
    const before = mailFiles(t.dataDir);
    const asked = await request({ newEmail: 'Ed.New@Example.com', password: TEST_CUSTOMER_PASSWORD });
    expect(asked).toMatchObject({
      status: 202,
      body: {
        pendingEmail: 'ed.new@example.com',
        message: 'We sent a 6-digit code to ed.new@example.com. Enter it to confirm the change.',
      },
    });
    const mail = await waitForMail(t.dataDir, { to: 'ed.new@example.com', after: before });
    const code = codeFrom(mail);
    expect(mailFiles(t.dataDir).filter((f) => !before.includes(f))).toHaveLength(1);
    expect((await call('GET', '/api/account', { token: ed.token })).body).toMatchObject({
      email: ed.email,
      pendingEmail: 'ed.new@example.com',
    });
    // The code is stored as a hash only.
    const row = await t.db.selectFrom('email_changes').selectAll().executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);

    expect(await confirm(wrongOf(code))).toMatchObject({
      status: 400,
      body: { message: 'That code is not right', field: 'code' },
    });
    expect(await confirm('12ab56')).toMatchObject({ status: 400, body: { field: 'code' } });
    const afterCode = mailFiles(t.dataDir);
    const changed = await confirm(code);
    expect(changed).toMatchObject({ status: 200, body: { email: 'ed.new@example.com', pendingEmail: null } });
    const notice = await waitForMail(t.dataDir, { to: ed.email, after: afterCode });
    expect(notice.subject).toContain('your email address was changed');
    expect(notice.text).toContain('ed.new@example.com');
    // Used once.
    expect(await confirm(code)).toMatchObject({
      status: 400,
      body: { message: 'There is no email change waiting for a code. Please start again' },
    });
    // The new address signs in; the old one no longer does.
    expect(await t.login('ed.new@example.com', TEST_CUSTOMER_PASSWORD)).toBeTruthy();
    expect(
      (await call('POST', '/api/auth/login', { body: { username: ed.email, password: TEST_CUSTOMER_PASSWORD } }))
        .status,
    ).toBe(401);
  });

  it('mails at most 5 codes an hour per account, refusals included', async () => {
    const answer = await request({ newEmail: 'ed.sixth@example.com', password: TEST_CUSTOMER_PASSWORD });
    expect(answer).toMatchObject({ status: 429, body: { message: 'Too many attempts. Please try again later' } });
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('voids a code after 5 wrong tries (429), even for the right code then', async () => {
    ed = await person('ed2');
    const before = mailFiles(t.dataDir);
    expect((await request({ newEmail: 'ed.third@example.com', password: TEST_CUSTOMER_PASSWORD })).status).toBe(202);
    const code = codeFrom(await waitForMail(t.dataDir, { to: 'ed.third@example.com', after: before }));
    for (let i = 0; i < 4; i++) expect((await confirm(wrongOf(code))).status).toBe(400);
    expect(await confirm(wrongOf(code))).toMatchObject({
      status: 429,
      body: { message: 'Too many wrong codes. Please ask for a new code' },
    });
    expect((await confirm(code)).status).toBe(429);
    expect((await call('GET', '/api/account', { token: ed.token })).body['email']).toBe(ed.email);
  });

  it('refuses an expired code', async () => {
    const before = mailFiles(t.dataDir);
    await request({ newEmail: 'ed.fourth@example.com', password: TEST_CUSTOMER_PASSWORD });
    const code = codeFrom(await waitForMail(t.dataDir, { to: 'ed.fourth@example.com', after: before }));
    await t.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await confirm(code)).toMatchObject({
      status: 400,
      body: { message: 'That code has expired. Please ask for a new one', field: 'code' },
    });
    expect((await call('GET', '/api/account', { token: ed.token })).body['pendingEmail']).toBeNull();
  });

  it('a code works for its own account only; a cancelled change takes no code', async () => {
    const gus = await person('gus');
    const before = mailFiles(t.dataDir);
    await request({ newEmail: 'ed.fifth@example.com', password: TEST_CUSTOMER_PASSWORD });
    const code = codeFrom(await waitForMail(t.dataDir, { to: 'ed.fifth@example.com', after: before }));
    expect((await confirm(code, gus.token)).status).toBe(400);
    expect((await call('GET', '/api/account', { token: gus.token })).body['email']).toBe(gus.email);
    expect(await call('DELETE', '/api/account/email', { token: ed.token })).toMatchObject({
      status: 200,
      body: { message: 'The email change was cancelled' },
    });
    expect((await call('GET', '/api/account', { token: ed.token })).body['pendingEmail']).toBeNull();
    expect((await confirm(code)).status).toBe(400);
  });

  it('refuses at confirmation an address another account took meanwhile', async () => {
    ed = await person('ed3');
    const before = mailFiles(t.dataDir);
    await request({ newEmail: 'race@example.com', password: TEST_CUSTOMER_PASSWORD });
    const code = codeFrom(await waitForMail(t.dataDir, { to: 'race@example.com', after: before }));
    await t.db.updateTable('users').set({ email: 'race@example.com' }).where('username', '=', 'gus').execute();
    expect(await confirm(code)).toMatchObject({ status: 409, body: { field: 'newEmail' } });
    expect((await call('GET', '/api/account', { token: ed.token })).body['email']).toBe(ed.email);
  });

  it('an account without a password (Google) needs none', async () => {
    const gina = await person('gina', { password: null });
    const before = mailFiles(t.dataDir);
    expect((await request({ newEmail: 'gina.new@example.com' }, gina.token)).status).toBe(202);
    const code = codeFrom(await waitForMail(t.dataDir, { to: 'gina.new@example.com', after: before }));
    expect((await confirm(code, gina.token)).body['email']).toBe('gina.new@example.com');
  });
});

describe('sessions', () => {
  it('lists the caller’s sessions without tokens; signing out the others leaves this one working', async () => {
    const hal = await person('hal');
    const second = await t.login('hal', TEST_CUSTOMER_PASSWORD);
    const third = await t.login('hal', TEST_CUSTOMER_PASSWORD);
    const other = await person('ivy');
    const list = await call<AccountSessions>('GET', '/api/account/sessions', { token: hal.token });
    const { results } = list.body;
    expect(results).toHaveLength(3);
    expect(results.filter((s) => s.current)).toHaveLength(1);
    for (const s of results)
      expect(Object.keys(s).sort()).toEqual(['_id', 'createdAt', 'current', 'device', 'lastSeenAt']);

    expect(await call('POST', '/api/account/sessions/sign-out-others', { token: hal.token })).toMatchObject({
      status: 200,
      body: { signedOut: 2 },
    });
    expect((await call('GET', '/api/auth/me', { token: second })).status).toBe(401);
    expect((await call('GET', '/api/auth/me', { token: third })).status).toBe(401);
    expect((await call('GET', '/api/auth/me', { token: hal.token })).status).toBe(200);
    expect(
      (await call<AccountSessions>('GET', '/api/account/sessions', { token: hal.token })).body.results,
    ).toHaveLength(1);
    // Another person's session is untouched.
    expect((await call('GET', '/api/auth/me', { token: other.token })).status).toBe(200);
  });
});

/** An order of `userId` with one line, as checkout stores it. */
async function placeOrder(userId: string | null, name: string) {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.db
    .insertInto('orders')
    .values({
      id,
      user_id: userId,
      status: 'pending',
      total_cents: 2400,
      subtotal_cents: 2400,
      currency: 'USD',
      customer_name: name,
      customer_email: `${name}@example.com`,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.db
    .insertInto('order_items')
    .values({
      id: randomUUID(),
      order_id: id,
      product_id: null,
      name: `Lamp for ${name}`,
      unit_price_cents: 1200,
      quantity: 2,
    })
    .execute();
  return id;
}

async function startConversation(userId: string | null, subject: string, body: string) {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.db
    .insertInto('conversations')
    .values({ id, user_id: userId, name: 'N', email: 'n@example.com', subject, source: userId ? 'account' : 'contact' })
    .execute();
  await t.db
    .insertInto('conversation_messages')
    .values({ id: randomUUID(), conversation_id: id, author: 'visitor', author_id: userId, body, created_at: now })
    .execute();
  await t.db
    .insertInto('conversation_messages')
    .values({
      id: randomUUID(),
      conversation_id: id,
      author: 'company',
      author_id: null,
      body: `Re: ${body}`,
      created_at: new Date(Date.now() + 1000).toISOString(),
    })
    .execute();
  return id;
}

describe('export', () => {
  it('downloads the caller’s profile, orders with lines, conversations with messages, views and sessions; no hash, nobody else’s', async () => {
    const jo = await person('jo');
    const kim = await person('kim');
    const order = await placeOrder(jo.id, 'jo');
    await placeOrder(kim.id, 'kim');
    const thread = await startConversation(jo.id, 'About my lamp', 'Is it blue?');
    await startConversation(kim.id, 'Kim private', 'Secret of kim');
    await startConversation(null, 'Guest thread', 'Guest secret');
    await t.db
      .insertInto('user_views')
      .values({ user_id: jo.id, content_type: 'blog', ref_id: 'b1', viewed_at: new Date().toISOString() })
      .execute();

    const res = await t.request('/api/account/export', { headers: { authorization: `Bearer ${jo.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="account-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).not.toMatch(/argon2|password_hash|token_hash|code_hash/);
    expect(text).not.toMatch(/kim|Guest secret/i);
    const data = JSON.parse(text) as AccountExport;
    expect(data.profile).toMatchObject({
      _id: jo.id,
      email: jo.email,
      username: 'jo',
      hasPassword: true,
      signsInWithGoogle: false,
    });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      _id: order,
      total_cents: 2400,
      items: [{ name: 'Lamp for jo', quantity: 2, unit_price_cents: 1200 }],
    });
    expect(data.conversations).toEqual([
      expect.objectContaining({
        _id: thread,
        subject: 'About my lamp',
        messages: [
          expect.objectContaining({ author: 'visitor', body: 'Is it blue?' }),
          expect.objectContaining({ author: 'company', body: 'Re: Is it blue?' }),
        ],
      }),
    ]);
    expect(data.viewedContent).toEqual([expect.objectContaining({ contentType: 'blog', refId: 'b1' })]);
    expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect(data.newsletter).toBeNull();
  });

  it('includes the newsletter subscription of the caller’s address', async () => {
    const lu = await person('lu');
    await t.db
      .insertInto('newsletter_subscribers')
      .values({
        id: randomUUID(),
        email: lu.email,
        status: 'confirmed',
        confirm_token_hash: null,
        confirm_expires_at: null,
        unsubscribe_token_hash: 'x'.repeat(64),
        confirmed_at: new Date().toISOString(),
      })
      .execute();
    const data = JSON.parse(
      await (await t.request('/api/account/export', { headers: { authorization: `Bearer ${lu.token}` } })).text(),
    ) as AccountExport;
    expect(data.newsletter).toMatchObject({ email: lu.email, status: 'confirmed' });
    expect(JSON.stringify(data)).not.toContain('x'.repeat(64));
    expect((await call('GET', '/api/account', { token: lu.token })).body['newsletter']).toBe('confirmed');
  });
});

describe('deleting the account', () => {
  it('a wrong or missing password is refused and nothing is deleted', async () => {
    const mo = await person('mo');
    expect(
      await call('DELETE', '/api/account', { token: mo.token, body: { password: 'certainly not it' } }),
    ).toMatchObject({ status: 400, body: { field: 'password', message: 'The password is not correct' } });
    expect(await call('DELETE', '/api/account', { token: mo.token, body: {} })).toMatchObject({
      status: 400,
      body: { field: 'password' },
    });
    expect(await call('DELETE', '/api/account', { token: mo.token, body: { confirm: 'DELETE' } })).toMatchObject({
      status: 400,
      body: { field: 'password' },
    });
    expect((await call('GET', '/api/account', { token: mo.token })).status).toBe(200);
  });

  it('removes the user, sessions, conversations and views, keeps the orders without the account, releases the picture, says goodbye', async () => {
    const ned = await person('ned');
    const other = await t.login('ned', TEST_CUSTOMER_PASSWORD);
    const order = await placeOrder(ned.id, 'ned');
    const thread = await startConversation(ned.id, 'Hello', 'Hi');
    await t.db
      .insertInto('user_views')
      .values({ user_id: ned.id, content_type: 'blog', ref_id: 'b1', viewed_at: new Date().toISOString() })
      .execute();
    const picture = (
      await call('POST', '/api/account/profile-image', {
        token: ned.token,
        body: imageForm(await png(), 'n.png', 'image/png'),
      })
    ).body['profile_image'] as string;
    const before = mailFiles(t.dataDir);

    expect(
      await call('DELETE', '/api/account', { token: ned.token, body: { password: TEST_CUSTOMER_PASSWORD } }),
    ).toMatchObject({ status: 200, body: { message: 'Your account was deleted' } });
    expect((await call('GET', '/api/auth/me', { token: ned.token })).status).toBe(401);
    expect((await call('GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', ned.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', ned.id).execute()).toEqual([]);
    expect(
      await t.db.selectFrom('conversations').select('id').where('id', '=', thread).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.db.selectFrom('conversation_messages').select('id').where('conversation_id', '=', thread).execute(),
    ).toEqual([]);
    expect(await t.db.selectFrom('user_views').select('ref_id').where('user_id', '=', ned.id).execute()).toEqual([]);
    expect(
      await t.db
        .selectFrom('orders')
        .select(['id', 'user_id', 'customer_email'])
        .where('id', '=', order)
        .executeTakeFirst(),
    ).toEqual({ id: order, user_id: null, customer_email: 'ned@example.com' });
    expect((await mediaFiles()).filter((f) => f.startsWith(stemOf(picture)))).toEqual([]);
    const goodbye = await waitForMail(t.dataDir, { to: ned.email, after: before });
    expect(goodbye.subject).toContain('your account was deleted');
    expect(
      (await call('POST', '/api/auth/login', { body: { username: 'ned', password: TEST_CUSTOMER_PASSWORD } })).status,
    ).toBe(401);
  });

  it('an account without a password confirms by typing DELETE', async () => {
    const ola = await person('ola', { password: null });
    expect(await call('DELETE', '/api/account', { token: ola.token, body: { confirm: 'delete' } })).toMatchObject({
      status: 400,
      body: { field: 'confirm', message: 'Type DELETE to confirm' },
    });
    expect((await call('DELETE', '/api/account', { token: ola.token, body: { confirm: 'DELETE' } })).status).toBe(200);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', ola.id).executeTakeFirst()).toBeUndefined();
  });

  it('the last enabled admin cannot delete their account; with another admin they can', async () => {
    const admin = await t.login('admin', TEST_ADMIN_PASSWORD);
    const refused = await call('DELETE', '/api/account', { token: admin, body: { password: TEST_ADMIN_PASSWORD } });
    expect(refused).toEqual(
      expect.objectContaining({
        status: 409,
        body: {
          message: 'You are the only administrator of this site. Make another account an admin before deleting yours.',
        },
      }),
    );
    expect((await call('GET', '/api/auth/me', { token: admin })).status).toBe(200);
    // A disabled admin does not count.
    await person('sleepy', { role: 'admin' });
    await t.db.updateTable('users').set({ disabled: true }).where('username', '=', 'sleepy').execute();
    expect(
      (await call('DELETE', '/api/account', { token: admin, body: { password: TEST_ADMIN_PASSWORD } })).status,
    ).toBe(409);
    const second = await person('second_admin', { role: 'admin' });
    expect(
      (await call('DELETE', '/api/account', { token: admin, body: { password: TEST_ADMIN_PASSWORD } })).status,
    ).toBe(200);
    expect(
      (await call('DELETE', '/api/account', { token: second.token, body: { password: TEST_CUSTOMER_PASSWORD } }))
        .status,
    ).toBe(409);
    const audit = await t.db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').executeTakeFirst();
    expect(audit?.summary).toContain('deleted their own admin account');
  });
});
