/**
 * kill -9 in the middle of sending a newsletter, and of mailing an import's confirmations: the real server
 * (scripts/start-api.ts) as a child process, sending slowly; SIGKILL once some mails went out; started again on the
 * same DATA_DIR (and database), it finishes the work, and no address gets a mail twice.
 */
import { rmSync } from 'node:fs';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/server/modules/auth/tokens.ts';
import type { NewsletterIssue } from '../../src/shared/schemas/newsletter-admin.ts';
import { mailFiles, parseMail } from '../helpers/outbox.ts';
import { startProductProcess, type ProductProcess } from '../helpers/product-process.ts';
import { prepareTestData, TEST_ADMIN_PASSWORD, type TestData } from '../helpers/test-app.ts';
import { dropTestDatabase } from '../helpers/test-database.ts';

const SUBSCRIBERS = 12;
const SUBJECT = 'Crash-proof issue';

let data: TestData;
const children: ProductProcess[] = [];

beforeAll(async () => {
  data = await prepareTestData();
  const at = new Date().toISOString();
  await data.db
    .insertInto('newsletter_subscribers')
    .values(
      Array.from({ length: SUBSCRIBERS }, (_, i) => ({
        id: `sub-${String(i).padStart(2, '0')}`,
        email: `reader${i}@example.com`,
        status: 'confirmed' as const,
        confirm_token_hash: null,
        confirm_expires_at: null,
        unsubscribe_token_hash: sha256Hex(`token-${i}`),
        created_at: at,
        confirmed_at: at,
        unsubscribed_at: null,
      })),
    )
    .execute();
  // One pending address: it must get nothing.
  await data.db
    .insertInto('newsletter_subscribers')
    .values({
      id: 'sub-pending',
      email: 'pending@example.com',
      status: 'pending',
      confirm_token_hash: sha256Hex('c'),
      confirm_expires_at: at,
      unsubscribe_token_hash: sha256Hex('u'),
      created_at: at,
      confirmed_at: null,
      unsubscribed_at: null,
    })
    .execute();
});

afterAll(async () => {
  for (const child of children) child.kill();
  await data.db.destroy();
  rmSync(data.dataDir, { recursive: true, force: true });
  await dropTestDatabase(data.databaseUrl);
});

/** The server on the test's DATA_DIR, four mails a second. */
async function start(): Promise<ProductProcess> {
  const child = await startProductProcess(
    {
      DATA_DIR: data.dataDir,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      NEWSLETTER_SEND_RATE: '4',
      SITE_URL: 'https://shop.example',
    },
    60_000,
    'start-api.ts',
  );
  children.push(child);
  return child;
}

const issueMails = () =>
  mailFiles(data.dataDir)
    .map((f) => parseMail(data.dataDir, f))
    .filter((m) => m.subject === SUBJECT);

describe('a server killed while sending a newsletter', () => {
  it('resumes after a restart and mails no confirmed subscriber twice', async () => {
    const first = await start();
    const post = async (path: string, body: unknown, token?: string) =>
      fetch(`${first.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const login = await post('/api/auth/login', { username: 'admin', password: TEST_ADMIN_PASSWORD });
    const { token } = (await login.json()) as { token: string };
    const created = await post('/api/admin/newsletter/issues', { subject: SUBJECT, body: '<p>Hi</p>' }, token);
    const { issue } = (await created.json()) as { issue: NewsletterIssue };
    expect((await post(`/api/admin/newsletter/issues/${issue._id}/send`, {}, token)).status).toBe(202);

    // Some went out, not all: then the process dies without a chance to finish anything.
    for (const deadline = Date.now() + 20_000; issueMails().length < 4;) {
      if (Date.now() > deadline) throw new Error(`too few mails:\n${first.output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    first.kill();
    await first.exited;
    const atKill = issueMails().length;
    expect(atKill).toBeGreaterThanOrEqual(4);
    expect(atKill).toBeLessThan(SUBSCRIBERS);
    // A claim whose mail may have gone out just before the kill: the restart must never send it again.
    const claimed = await data.db
      .selectFrom('newsletter_deliveries')
      .select('email')
      .where('issue_id', '=', issue._id)
      .where('status', '=', 'queued')
      .orderBy('subscriber_id', 'desc')
      .executeTakeFirstOrThrow();
    await data.db
      .updateTable('newsletter_deliveries')
      .set({ status: 'sending', claimed_at: new Date().toISOString() })
      .where('issue_id', '=', issue._id)
      .where('email', '=', claimed.email)
      .execute();

    await start();
    const deadline = Date.now() + 30_000;
    let status = '';
    while (status !== 'sent') {
      if (Date.now() > deadline) throw new Error(`the issue is still ${status}`);
      await new Promise((r) => setTimeout(r, 100));
      status =
        (await data.db.selectFrom('newsletter_issues').select('status').where('id', '=', issue._id).executeTakeFirst())
          ?.status ?? '';
    }

    const deliveries = await data.db
      .selectFrom('newsletter_deliveries')
      .select(['email', 'status', 'failure'])
      .where('issue_id', '=', issue._id)
      .execute();
    expect(deliveries).toHaveLength(SUBSCRIBERS);
    const perAddress = new Map<string, number>();
    for (const mail of issueMails()) {
      const to = mail.to.replace(/^.*<|>.*$/g, '');
      perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    }
    expect(perAddress.get('pending@example.com')).toBeUndefined();
    // Never twice.
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    // Every delivery recorded as sent went out exactly once; a claim left behind (the one above, and the one in flight
    // if the kill caught it) is failed as 'interrupted', never retried: it may or may not have gone out.
    const interrupted = deliveries.filter((d) => d.status === 'failed');
    expect(interrupted.length).toBeLessThanOrEqual(2);
    expect(interrupted.map((d) => d.email)).toContain(claimed.email);
    expect(perAddress.get(claimed.email)).toBeUndefined();
    for (const d of interrupted) expect(d.failure).toBe('interrupted');
    for (const d of deliveries.filter((x) => x.status === 'sent')) expect(perAddress.get(d.email)).toBe(1);
    expect(deliveries.filter((d) => d.status === 'sent').length + interrupted.length).toBe(SUBSCRIBERS);
    // Each other confirmed subscriber got the issue exactly once, save one the kill may have caught mid-send.
    expect(perAddress.size).toBeGreaterThanOrEqual(SUBSCRIBERS - interrupted.length);
    for (const d of deliveries) assert(d.status === 'sent' || d.status === 'failed', `${d.email} is ${d.status}`);
  });
});

describe('a server killed while mailing the confirmations of an import', () => {
  it('mails the rest after a restart and no address twice', async () => {
    const emails = Array.from({ length: 10 }, (_, i) => `imported${i}@example.com`);
    const confirmations = () =>
      mailFiles(data.dataDir)
        .map((f) => parseMail(data.dataDir, f))
        .filter((m) => m.subject.includes('confirm your newsletter subscription'));
    // The restarted server of the test above would send too: only the servers of this test run.
    for (const child of children.splice(0)) {
      child.kill();
      await child.exited;
    }
    const first = await start();
    const login = await fetch(`${first.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const imported = await fetch(`${first.origin}/api/admin/newsletter/subscribers/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ csv: emails.join('\n') }),
    });
    expect(imported.status).toBe(200);
    for (const deadline = Date.now() + 20_000; confirmations().length < 3;) {
      if (Date.now() > deadline) throw new Error(`too few mails:\n${first.output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    first.kill();
    await first.exited;
    const atKill = confirmations().length;
    expect(atKill).toBeLessThan(emails.length);

    await start();
    // The one the kill may have caught between its claim and its mail is never mailed after it.
    for (const deadline = Date.now() + 30_000; confirmations().length < emails.length - 1;) {
      if (Date.now() > deadline) throw new Error(`only ${confirmations().length} confirmations`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 600));
    const perAddress = new Map<string, number>();
    for (const mail of confirmations()) {
      const to = mail.to.replace(/^.*<|>.*$/g, '');
      perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    }
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    expect(perAddress.size).toBeGreaterThanOrEqual(emails.length - 1);
    for (const to of perAddress.keys()) expect(emails).toContain(to);
    // None is owed any more: each was claimed, and all but at most one of the claims were mailed.
    const owed = await data.db
      .selectFrom('newsletter_subscribers')
      .select('email')
      .where('status', '=', 'pending')
      .where('confirm_token_hash', 'is', null)
      .execute();
    expect(owed).toEqual([]);
  });
});
