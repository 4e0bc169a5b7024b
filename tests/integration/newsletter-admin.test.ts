/**
 * The newsletter's admin side through the real HTTP server (both databases): subscribers listed, searched, exported,
 * removed and imported (the double opt-in kept); issues composed, previewed, tested and sent by the send worker to the
 * confirmed subscribers only, each mail with its own one-click unsubscribe.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import { sha256Hex } from '../../src/server/modules/auth/tokens.ts';
import { startNewsletterSender, type NewsletterSender } from '../../src/server/modules/newsletter/newsletter-sender.ts';
import type {
  ImportReport,
  IssuePreview,
  NewsletterAudience,
  NewsletterIssue,
  NewsletterIssuePage,
} from '../../src/shared/schemas/newsletter-admin.ts';
import type { NewsletterSubscriberPage } from '../../src/shared/schemas/newsletter.ts';
import { fetchFrom, jsonClient, type Call } from '../helpers/json-client.ts';
import { mailFiles, parseMail, waitForMail, type OutboxMail } from '../helpers/outbox.ts';
import { TEST_ADMIN_PASSWORD, TEST_CUSTOMER_PASSWORD } from '../helpers/test-app.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const SITE_URL = 'https://shop.example';
const ADMIN_EMAIL = 'admin@example.com';
const BASE = '/api/admin/newsletter';

let server: TestServer;
let sender: NewsletterSender;
let call: Call;
let admin = '';
let customer = '';

async function login(username: string, password: string): Promise<string> {
  const res = await call<{ token: string }>('POST', '/api/auth/login', { body: { username, password }, token: null });
  expect(res.status).toBe(200);
  return res.body.token;
}

/** A subscriber stored as it would be after signing up (and confirming), with its sign-up token hashed. */
async function addSubscriber(email: string, status: 'pending' | 'confirmed' | 'unsubscribed', source = 'form') {
  const id = randomUUID();
  await server.db
    .insertInto('newsletter_subscribers')
    .values({
      id,
      email,
      status,
      source,
      // A pending sign-up was mailed its link (one without a token would be owed a confirmation by the send worker).
      confirm_token_hash: status === 'pending' ? sha256Hex(randomUUID()) : null,
      confirm_expires_at: null,
      unsubscribe_token_hash: sha256Hex(randomUUID()),
      created_at: new Date().toISOString(),
      confirmed_at: status === 'confirmed' ? new Date().toISOString() : null,
      unsubscribed_at: status === 'unsubscribed' ? new Date().toISOString() : null,
    })
    .execute();
  return id;
}

const subscriber = (email: string) =>
  server.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();

beforeAll(async () => {
  setAuthLogSink(() => undefined);
  server = await startTestServer({ env: { SITE_URL, RATE_LIMITS: 'off', NEWSLETTER_SEND_RATE: '100' } });
  sender = startNewsletterSender({ db: server.db, env: server.env, mailer: server.deps.mailer }, { idlePollMs: 100 });
  call = jsonClient(fetchFrom(server.url), () => admin);
  admin = await login('admin', TEST_ADMIN_PASSWORD);
  const now = new Date().toISOString();
  await server.db
    .insertInto('users')
    .values({
      id: randomUUID(),
      first_name: 'Nora',
      last_name: 'Reader',
      email: 'nora@example.com',
      username: 'nora',
      username_key: 'nora',
      password_hash: await hashPassword(TEST_CUSTOMER_PASSWORD),
      email_verified: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  customer = await login('nora', TEST_CUSTOMER_PASSWORD);
});

afterAll(async () => {
  setAuthLogSink(null);
  await sender.stop();
  await server.stop(true);
});

const ISSUE = { subject: 'Autumn news', body: '<p>Hello <strong>readers</strong></p><script>alert(1)</script>' };

describe('the admin routes', () => {
  const routes: [string, string, object?][] = [
    ['GET', `${BASE}/audience`],
    ['GET', `${BASE}/subscribers`],
    ['GET', `${BASE}/subscribers/export`],
    ['POST', `${BASE}/subscribers/import`, { csv: 'x@example.com' }],
    ['DELETE', `${BASE}/subscribers/some-id`],
    ['GET', `${BASE}/issues`],
    ['POST', `${BASE}/issues`, ISSUE],
    ['GET', `${BASE}/issues/some-id`],
    ['PUT', `${BASE}/issues/some-id`, ISSUE],
    ['DELETE', `${BASE}/issues/some-id`],
    ['POST', `${BASE}/issues/some-id/send`],
    ['POST', `${BASE}/preview`, ISSUE],
    ['POST', `${BASE}/test`, ISSUE],
  ];

  it.each(routes)('%s %s: 401 without a token, 403 for a customer', async (method, path, body) => {
    const options = body === undefined ? {} : { body };
    expect((await call(method, path, { ...options, token: null })).status).toBe(401);
    expect((await call(method, path, { ...options, token: customer })).status).toBe(403);
  });

  it('refuses to send when nobody has confirmed, and the draft stays a draft', async () => {
    await addSubscriber('only-pending@example.com', 'pending');
    const created = await call<{ issue: NewsletterIssue }>('POST', `${BASE}/issues`, { body: ISSUE });
    const res = await call('POST', `${BASE}/issues/${created.body.issue._id}/send`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('There are no confirmed subscribers to send to.');
    expect((await call<NewsletterIssue>('GET', `${BASE}/issues/${created.body.issue._id}`)).body.status).toBe('draft');
    expect((await call('DELETE', `${BASE}/issues/${created.body.issue._id}`)).status).toBe(200);
  });
});

describe('subscribers', () => {
  beforeAll(async () => {
    await addSubscriber('list-ada@example.com', 'confirmed');
    await addSubscriber('list-bob@example.com', 'pending', 'import');
    await addSubscriber('list-cy@example.com', 'unsubscribed');
    // Written straight into the database: no form takes it, and the export must still not let it run as a formula.
    await addSubscriber('=cmd|list@example.com', 'confirmed', 'import');
  });

  it('lists with search, status and source filters and pages, and counts the audience', async () => {
    const all = await call<NewsletterSubscriberPage>('GET', `${BASE}/subscribers?q=LIST&pageSize=2`);
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    expect(all.body.total).toBe(4);
    expect(all.body.results).toHaveLength(2);
    const second = await call<NewsletterSubscriberPage>('GET', `${BASE}/subscribers?q=list&pageSize=2&page=2`);
    expect(second.body.results.map((s) => s.email)).not.toContain(all.body.results[0]?.email);
    const imported = await call<NewsletterSubscriberPage>('GET', `${BASE}/subscribers?q=list&source=import`);
    expect(imported.body.results.map((s) => s.email).sort()).toEqual(['=cmd|list@example.com', 'list-bob@example.com']);
    const confirmed = await call<NewsletterSubscriberPage>(
      'GET',
      `${BASE}/subscribers?q=list-&status=confirmed&source=form`,
    );
    expect(confirmed.body.results.map((s) => [s.email, s.status, s.source])).toEqual([
      ['list-ada@example.com', 'confirmed', 'form'],
    ]);
    const audience = await call<NewsletterAudience>('GET', `${BASE}/audience`);
    expect(audience.body.confirmed).toBeGreaterThanOrEqual(2);
    expect(audience.body.unsubscribed).toBeGreaterThanOrEqual(1);
  });

  it('refuses bad list queries with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['status=gone', 'status'],
      ['source=web', 'source'],
      ['pageSize=1000', 'pageSize'],
      ['page=0', 'page'],
    ] as const) {
      const res = await call('GET', `${BASE}/subscribers?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.field).toBe(field);
      expect((await call('GET', `${BASE}/subscribers/export?${query}`)).status).toBe(400);
    }
  });

  it('exports the matching subscribers as CSV with formula-leading cells escaped', async () => {
    const res = await fetch(`${server.url}${BASE}/subscribers/export?q=list&status=confirmed`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="newsletter-subscribers-[\d-]+\.csv"$/,
    );
    const lines = (await res.text())
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Email,Status,Source,Signed up,Confirmed,Unsubscribed');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3))).toEqual(
      expect.arrayContaining([
        ['list-ada@example.com', 'confirmed', 'form'],
        ["'=cmd|list@example.com", 'confirmed', 'import'],
      ]),
    );
    expect(lines).toHaveLength(3);
    // Not an address a mail server would take: out of the sends below.
    await server.db.deleteFrom('newsletter_subscribers').where('email', 'like', '=%').execute();
  });

  it('removes a subscriber, and a second removal is a 404', async () => {
    const id = await addSubscriber('remove-me@example.com', 'confirmed');
    const res = await call('DELETE', `${BASE}/subscribers/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('remove-me@example.com was removed from the newsletter.');
    expect(await subscriber('remove-me@example.com')).toBeUndefined();
    expect((await call('DELETE', `${BASE}/subscribers/${id}`)).status).toBe(404);
    expect((await call('DELETE', `${BASE}/subscribers/${'x'.repeat(200)}`)).status).toBe(404);
  });

  it('imports new addresses as pending and mails each the confirmation; never re-subscribes the unsubscribed', async () => {
    await addSubscriber('imp-confirmed@example.com', 'confirmed');
    await addSubscriber('imp-pending@example.com', 'pending');
    await addSubscriber('imp-gone@example.com', 'unsubscribed');
    const before = mailFiles(server.dataDir);
    const csv = [
      'Name;Email;Note',
      'New One;imp-new1@example.com;"likes ""wool"""',
      'New Two;IMP-NEW2@example.com;',
      'Conf;imp-confirmed@example.com;',
      'Pend;imp-pending@example.com;',
      'Gone;imp-gone@example.com;',
      'Bad;not-an-address;',
      'Twice;imp-new1@example.com;',
    ].join('\r\n');
    const res = await call<ImportReport>('POST', `${BASE}/subscribers/import`, { body: { csv } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ added: 2, existing: 3, invalid: 1, unsubscribed: 1 });
    expect(res.body.message).toContain('2 addresses added');
    for (const email of ['imp-new1@example.com', 'imp-new2@example.com']) {
      expect(await subscriber(email)).toMatchObject({ status: 'pending', source: 'import' });
      const mail = await waitForMail(server.dataDir, { to: email, after: before });
      expect(mail.subject).toMatch(/confirm your newsletter subscription/);
      const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
      assert(token, 'the mail has a confirmation link');
      expect((await subscriber(email))?.confirm_token_hash).toBe(sha256Hex(token));
    }
    expect((await subscriber('imp-gone@example.com'))?.status).toBe('unsubscribed');
    expect((await subscriber('imp-confirmed@example.com'))?.status).toBe('confirmed');
    await new Promise((r) => setTimeout(r, 150));
    const mailed = mailFiles(server.dataDir)
      .filter((f) => !before.includes(f))
      .map((f) => parseMail(server.dataDir, f).to);
    expect(mailed.sort()).toEqual(['imp-new1@example.com', 'imp-new2@example.com']);
  });

  it('refuses an empty, too long or malformed import with 400 naming csv', async () => {
    for (const body of [
      { csv: '' },
      { csv: '   \n  ' },
      { csv: 'x'.repeat(90_001) },
      { csv: Array.from({ length: 5_001 }, (_, i) => `r${i}@e.co`).join('\n') },
      { csv: 42 },
      {},
    ]) {
      const res = await call('POST', `${BASE}/subscribers/import`, { body });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('csv');
    }
    expect((await call('POST', `${BASE}/subscribers/import`, { body: '[1]' })).status).toBe(400);
  });
});

describe('issues', () => {
  it('saves a draft with its rich text sanitised, changes it, previews it and sends a test to the admin', async () => {
    const created = await call<{ issue: NewsletterIssue }>('POST', `${BASE}/issues`, { body: ISSUE });
    expect(created.status).toBe(201);
    const { issue } = created.body;
    expect(issue).toMatchObject({
      subject: 'Autumn news',
      status: 'draft',
      body: '<p>Hello <strong>readers</strong></p>',
    });
    const changed = await call<{ issue: NewsletterIssue }>('PUT', `${BASE}/issues/${issue._id}`, {
      body: { subject: 'Autumn news, again', body: '<p>See <a href="/shop">the shop</a></p>' },
    });
    expect(changed.body.issue.subject).toBe('Autumn news, again');
    const list = await call<NewsletterIssuePage>('GET', `${BASE}/issues`);
    expect(list.body.results.map((i) => i._id)).toContain(issue._id);

    const preview = await call<IssuePreview>('POST', `${BASE}/preview`, { body: changed.body.issue });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('<a href="https://shop.example/shop">the shop</a>');
    expect(preview.body.html).toContain('Autumn news, again');
    expect(preview.body.html).not.toContain('<script');
    expect(preview.body.text).toContain('See the shop (https://shop.example/shop)');

    const before = mailFiles(server.dataDir);
    const test = await call('POST', `${BASE}/test`, { body: changed.body.issue });
    expect(test.status).toBe(200);
    expect(test.body.message).toBe(`A test was sent to ${ADMIN_EMAIL}.`);
    const mail = await waitForMail(server.dataDir, { to: ADMIN_EMAIL, after: before, subject: '[Test]' });
    expect(mail.subject).toBe('[Test] Autumn news, again');
    expect(mail.html).toContain('https://shop.example/shop');
  });

  it('refuses a bad issue with 400 naming the field, and an unknown one with 404', async () => {
    for (const [body, field] of [
      [{ body: '<p>x</p>' }, 'subject'],
      [{ subject: '   ' }, 'subject'],
      [{ subject: 'x'.repeat(151) }, 'subject'],
      [{ subject: 'ok', body: 42 }, 'body'],
      [{ subject: 'ok\u0007' }, 'subject'],
    ] as const) {
      for (const path of [`${BASE}/issues`, `${BASE}/preview`, `${BASE}/test`]) {
        const res = await call('POST', path, { body });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.field).toBe(field);
      }
    }
    expect((await call('POST', `${BASE}/issues`, { body: '{' })).status).toBe(400);
    expect((await call('GET', `${BASE}/issues/nope`)).status).toBe(404);
    expect((await call('POST', `${BASE}/issues/nope/send`)).status).toBe(404);
    expect((await call('PUT', `${BASE}/issues/nope`, { body: ISSUE })).status).toBe(404);
    expect((await call('GET', `${BASE}/issues?pageSize=500`)).status).toBe(400);
  });

  it('sends once to every confirmed subscriber, none to pending or unsubscribed ones, each mail with its own one-click unsubscribe', async () => {
    const confirmed = ['send-a@example.com', 'send-b@example.com', 'send-c@example.com'];
    for (const email of confirmed) await addSubscriber(email, 'confirmed');
    await addSubscriber('send-pending@example.com', 'pending');
    await addSubscriber('send-gone@example.com', 'unsubscribed');
    const audience = (await call<NewsletterAudience>('GET', `${BASE}/audience`)).body;

    const subject = `Winter issue ${randomUUID().slice(0, 8)}`;
    const { issue } = (
      await call<{ issue: NewsletterIssue }>('POST', `${BASE}/issues`, { body: { subject, body: '<p>Warm wool</p>' } })
    ).body;
    const sent = await call<{ message: string; issue: NewsletterIssue }>('POST', `${BASE}/issues/${issue._id}/send`);
    expect(sent.status).toBe(202);
    expect(sent.body.issue.status).toBe('sending');
    expect(sent.body.issue.counts.total).toBe(audience.confirmed);
    expect(sent.body.message).toBe(`Sending to ${audience.confirmed} subscribers.`);
    // Twice is refused: the issue is no draft any more.
    expect((await call('POST', `${BASE}/issues/${issue._id}/send`)).status).toBe(409);

    let done: NewsletterIssue | undefined;
    for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
      done = (await call<NewsletterIssue>('GET', `${BASE}/issues/${issue._id}`)).body;
      if (done.status === 'sent') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(done?.status).toBe('sent');
    expect(done?.counts).toMatchObject({ total: audience.confirmed, sent: audience.confirmed, queued: 0, failed: 0 });
    expect(done?.sentAt).toBeTruthy();

    const mails = mailFiles(server.dataDir)
      .map((f) => parseMail(server.dataDir, f))
      .filter((m) => m.subject === subject);
    expect(mails).toHaveLength(audience.confirmed);
    const to = (m: OutboxMail) => m.to.replace(/^.*<|>.*$/g, '');
    for (const email of confirmed) expect(mails.filter((m) => to(m) === email)).toHaveLength(1);
    for (const email of ['send-pending@example.com', 'send-gone@example.com', 'imp-new1@example.com'])
      expect(mails.filter((m) => to(m) === email)).toHaveLength(0);

    const tokens = new Set<string>();
    for (const mail of mails) {
      const token = /\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
      assert(token, 'the mail has a personal unsubscribe link');
      tokens.add(token);
      expect(mail.headers['list-unsubscribe']).toBe(`<${SITE_URL}/api/newsletter/unsubscribe?token=${token}>`);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.html).toContain(`href="${SITE_URL}/newsletter/unsubscribe?token=${token}"`);
      expect(mail.html).toContain('<p>Warm wool</p>');
    }
    expect(tokens.size).toBe(mails.length);
    const stored = await server.db
      .selectFrom('newsletter_deliveries')
      .selectAll()
      .where('issue_id', '=', issue._id)
      .execute();
    expect(JSON.stringify(stored)).not.toContain([...tokens][0]);

    // A sent issue is the record of what went out.
    expect((await call('PUT', `${BASE}/issues/${issue._id}`, { body: ISSUE })).status).toBe(409);
    expect((await call('DELETE', `${BASE}/issues/${issue._id}`)).status).toBe(409);

    // One click in the mail program: a cross-site form POST, no page, no session.
    const mail = mails.find((m) => to(m) === 'send-a@example.com');
    assert(mail);
    const oneClick = /<([^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1]?.replace(SITE_URL, server.url);
    assert(oneClick);
    const post = (url: string, body: string, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example', ...headers },
        body,
      });
    const wrongBody = await post(oneClick, 'List-Unsubscribe=Yes');
    expect(wrongBody.status).toBe(400);
    expect((await subscriber('send-a@example.com'))?.status).toBe('confirmed');
    const res = await post(oneClick, 'List-Unsubscribe=One-Click', { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(200);
    expect((await subscriber('send-a@example.com'))?.status).toBe('unsubscribed');
    expect((await post(oneClick, 'List-Unsubscribe=One-Click')).status).toBe(200);
    // A GET of the header's address (a link scanner) changes nothing.
    const b = mails.find((m) => to(m) === 'send-b@example.com');
    const getB = /<([^>]+)>/.exec(b?.headers['list-unsubscribe'] ?? '')?.[1]?.replace(SITE_URL, server.url);
    assert(getB);
    expect((await fetch(getB)).status).toBe(405);
    expect((await subscriber('send-b@example.com'))?.status).toBe('confirmed');
    // The page's link in the mail carries the same token, which the page POSTs as JSON.
    const viaPage = await fetch(`${server.url}/api/newsletter/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: new URL(getB).searchParams.get('token') }),
    });
    expect(viaPage.status).toBe(200);
    expect((await subscriber('send-b@example.com'))?.status).toBe('unsubscribed');
  });

  it('lets no other cross-site form write through', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' };
    const token = 'x'.repeat(43);
    for (const [path, status] of [
      // Without the token it is no one-click request: the same-origin guard refuses it.
      ['/api/newsletter/unsubscribe', 403],
      [`/api/newsletter/confirm?token=${token}`, 403],
      [`/api/newsletter?token=${token}`, 403],
      [`/api/newsletter/unsubscribe/?token=${token}`, 403],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: form,
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status, path).toBe(status);
    }
    // Same origin, still a form: only JSON is taken elsewhere.
    const sameSite = await fetch(`${server.url}/api/newsletter/confirm?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(sameSite.status).toBe(415);
    // The one-click form with an unknown token: 400, never 500.
    const unknown = await fetch(`${server.url}/api/newsletter/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: form,
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { field: string }).field).toBe('token');
  });

  it('skips a subscriber removed or unsubscribed before their turn', async () => {
    const keep = await addSubscriber('turn-keep@example.com', 'confirmed');
    const leave = await addSubscriber('turn-leave@example.com', 'confirmed');
    await sender.stop();
    {
      const { issue } = (
        await call<{ issue: NewsletterIssue }>('POST', `${BASE}/issues`, { body: { subject: 'Turn', body: '' } })
      ).body;
      expect((await call('POST', `${BASE}/issues/${issue._id}/send`)).status).toBe(202);
      await server.db
        .updateTable('newsletter_subscribers')
        .set({ status: 'unsubscribed' })
        .where('id', '=', leave)
        .execute();
      const removed = await addSubscriber('turn-removed@example.com', 'confirmed');
      expect(removed).not.toBe(keep);
      sender = startNewsletterSender(
        { db: server.db, env: server.env, mailer: server.deps.mailer },
        { idlePollMs: 100 },
      );
      let done: NewsletterIssue | undefined;
      for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
        done = (await call<NewsletterIssue>('GET', `${BASE}/issues/${issue._id}`)).body;
        if (done.status === 'sent') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(done?.status).toBe('sent');
      expect(done?.counts.skipped).toBe(1);
      const rows = await server.db
        .selectFrom('newsletter_deliveries')
        .select(['email', 'status', 'failure'])
        .where('issue_id', '=', issue._id)
        .where('email', 'like', 'turn-%')
        .orderBy('email')
        .execute();
      // The address added after the send began was never queued for it.
      expect(rows).toEqual([
        { email: 'turn-keep@example.com', status: 'sent', failure: null },
        { email: 'turn-leave@example.com', status: 'skipped', failure: 'unsubscribed' },
      ]);
    }
  });
});
