/**
 * An import's confirmation mails are durable (both databases): the import stores its addresses as owed a
 * confirmation, and the send worker claims and mails each exactly once at the newsletter's rate. A worker stopped
 * midway leaves the rest owed; the API a site build starts sends none of them; a new instance on the same DATA_DIR
 * (and database) sends the rest, and never a second mail to an address.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterEach, assert, describe, expect, it } from 'vitest';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { launchApi, launchBuildApi } from '../../src/server/main.ts';
import { sha256Hex } from '../../src/server/modules/auth/tokens.ts';
import { startNewsletterSender, type NewsletterSender } from '../../src/server/modules/newsletter/newsletter-sender.ts';
import type { ImportReport } from '../../src/shared/schemas/newsletter-admin.ts';
import { fetchFrom, jsonClient } from '../helpers/json-client.ts';
import { mailFiles, parseMail, type OutboxMail } from '../helpers/outbox.ts';
import { TEST_ADMIN_PASSWORD } from '../helpers/test-app.ts';
import { dropTestDatabase } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const SITE_URL = 'https://shop.example';
const SUBJECT = 'confirm your newsletter subscription';

const cleanUp: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanUp.splice(0).reverse()) await step();
  setAuthLogSink(null);
});

/** A test server at `rate` mails a second, removed (DATA_DIR and database) once the test is over. */
async function server(rate: number): Promise<TestServer> {
  setAuthLogSink(() => undefined);
  const started = await startTestServer({
    env: { SITE_URL, RATE_LIMITS: 'off', NEWSLETTER_SEND_RATE: String(rate) },
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await started.stop();
  };
  cleanUp.push(async () => {
    await stop();
    rmSync(started.dataDir, { recursive: true, force: true });
    await dropTestDatabase(started.databaseUrl);
  });
  return { ...started, stop };
}

/** Imports `emails` through the admin route (the server's admin signed in). */
async function importList(at: TestServer, emails: string[]): Promise<ImportReport> {
  const call = jsonClient(fetchFrom(at.url));
  const login = await call<{ token: string }>('POST', '/api/auth/login', {
    body: { username: 'admin', password: TEST_ADMIN_PASSWORD },
  });
  expect(login.status).toBe(200);
  const res = await call<ImportReport>('POST', '/api/admin/newsletter/subscribers/import', {
    body: { csv: ['Email', ...emails].join('\n') },
    token: login.body.token,
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** The confirmation mails in DATA_DIR's outbox. */
const confirmations = (dataDir: string): OutboxMail[] =>
  mailFiles(dataDir)
    .map((file) => parseMail(dataDir, file))
    .filter((mail) => mail.subject.includes(SUBJECT));

/** How many confirmation mails each address got. */
function perAddress(mails: OutboxMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of mails) {
    const to = mail.to.replace(/^.*<|>.*$/g, '');
    counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

async function until(what: string, done: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  for (const deadline = Date.now() + ms; !(await done());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Imported addresses still owed their mail (pending, no confirmation token yet). */
const owed = (at: TestServer) =>
  at.db
    .selectFrom('newsletter_subscribers')
    .select('email')
    .where('status', '=', 'pending')
    .where('confirm_token_hash', 'is', null)
    .orderBy('email')
    .execute()
    .then((rows) => rows.map((r) => r.email));

function startSender(at: TestServer): NewsletterSender {
  const sender = startNewsletterSender({ db: at.db, env: at.env, mailer: at.deps.mailer }, { idlePollMs: 100 });
  cleanUp.push(() => sender.stop());
  return sender;
}

describe('the confirmations of an import', () => {
  it('are owed until the send worker mails each exactly once, with a link that confirms', async () => {
    const at = await server(100);
    const emails = Array.from({ length: 5 }, (_, i) => `owed-${i}@example.com`);
    const report = await importList(at, emails);
    expect(report).toMatchObject({ added: 5, existing: 0 });
    // The request mailed nothing: the addresses wait, stored, for the worker.
    await pause(200);
    expect(confirmations(at.dataDir)).toEqual([]);
    expect(await owed(at)).toEqual(emails);

    // Two workers at once (two instances): each address is claimed by one of them before its mail goes out.
    startSender(at);
    startSender(at);
    await until('five confirmations', () => confirmations(at.dataDir).length >= 5);
    await pause(400);
    const mails = confirmations(at.dataDir);
    expect([...perAddress(mails).entries()].sort()).toEqual(emails.map((email) => [email, 1]));
    expect(await owed(at)).toEqual([]);

    // The link in the mail is the one stored (as its hash), and it confirms.
    const mail = mails.find((m) => m.to.includes('owed-3@example.com'));
    const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    assert(token, 'the mail has a confirmation link');
    const row = await at.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email', '=', 'owed-3@example.com')
      .executeTakeFirstOrThrow();
    expect(row.confirm_token_hash).toBe(sha256Hex(token));
    const confirmed = await fetch(`${at.url}/api/newsletter/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(confirmed.status).toBe(200);
  });

  it('an address that signs up from the form before its turn gets only the form’s mail', async () => {
    const at = await server(100);
    await importList(at, ['early@example.com', 'later@example.com']);
    const signup = await fetch(`${at.url}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'early@example.com' }),
    });
    expect(signup.status).toBeLessThan(300);
    await until('the sign-up mail', () => confirmations(at.dataDir).length === 1);
    startSender(at);
    await until('the import mail', () => confirmations(at.dataDir).length === 2);
    await pause(300);
    expect([...perAddress(confirmations(at.dataDir)).entries()].sort()).toEqual([
      ['early@example.com', 1],
      ['later@example.com', 1],
    ]);
  });

  it('survive a stop midway: the build’s API sends none, a new instance sends the rest, none twice', async () => {
    // Five a second: the stop comes while most are still owed.
    const at = await server(5);
    const emails = Array.from({ length: 8 }, (_, i) => `resume-${i}@example.com`);
    await importList(at, emails);
    const first = startSender(at);
    await until('two confirmations', () => confirmations(at.dataDir).length >= 2);
    await first.stop();
    const sentBefore = perAddress(confirmations(at.dataDir));
    const left = await owed(at);
    // Every claim of the stopped worker was mailed (a stop lets the mail in flight finish), and the rest are owed.
    expect(sentBefore.size).toBeGreaterThanOrEqual(2);
    expect(left.length).toBe(emails.length - sentBefore.size);
    expect(left.length).toBeGreaterThan(2);
    // A worker killed between its claim and its mail leaves a claim behind: that address is never mailed after it.
    const lost = left[0] ?? '';
    await at.db
      .updateTable('newsletter_subscribers')
      .set({ confirm_token_hash: sha256Hex(randomUUID()), confirm_expires_at: new Date().toISOString() })
      .where('email', '=', lost)
      .execute();
    await at.stop();

    // `npm run build`'s API on the same DATA_DIR and database: a build never mails.
    const build = await launchBuildApi(at.env);
    try {
      await pause(1_000);
    } finally {
      await build.close();
    }
    expect(confirmations(at.dataDir)).toHaveLength(sentBefore.size);

    // A new instance (launchApi, as npm start and start:api start) sends the rest: every address once, the lost none.
    const api = await launchApi({ env: at.env });
    try {
      await until('the rest', () => confirmations(at.dataDir).length >= emails.length - 1);
      await pause(500);
    } finally {
      await api.close();
    }
    const counts = perAddress(confirmations(at.dataDir));
    expect(counts.get(lost)).toBeUndefined();
    expect([...counts.entries()].sort()).toEqual(
      emails
        .filter((email) => email !== lost)
        .map((email) => [email, 1])
        .sort(),
    );
  });
});
