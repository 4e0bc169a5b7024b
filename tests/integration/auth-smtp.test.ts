/** With SMTP_URL set, account mails go to that SMTP server (here a real one, the smtp-server package) and not to the outbox. */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { cookieFetch } from '../helpers/cookie-fetch.ts';
import { mailFiles } from '../helpers/outbox.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

interface Received {
  envelopeFrom: string;
  envelopeTo: string[];
  mail: ParsedMail;
}

/** A plain local SMTP server that keeps every message it accepts. */
async function startSmtp(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            mail,
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (smtp.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('account mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  const logs: string[] = [];

  beforeAll(async () => {
    setAuthLogSink((line) => logs.push(line));
    smtp = await startSmtp();
    return () => smtp.close();
  });
  beforeAll(async () => {
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    return () => server.stop(true);
  });
  afterAll(() => {
    setAuthLogSink(null);
  });

  const browserFetch = cookieFetch();
  const post = (path: string, body: unknown) =>
    browserFetch(`${server.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('delivers the branded code mail of register + request-otp to the SMTP server, not the outbox', async () => {
    const company = (await (await fetch(`${server.url}/api/company`)).json()) as { name: string };
    expect(company.name.length).toBeGreaterThan(0);
    const email = 'smtp.person@example.com';

    const registered = await post('/register', {
      first_name: 'Smtp',
      last_name: 'Person',
      email,
      username: 'smtp_person',
      password: 'postal relay evening lamp',
    });
    expect(registered.status).toBe(201);
    const requested = await post('/request-otp', { email });
    expect(requested.status).toBe(200);

    const message = await waitFor(
      () => smtp.received.find((m) => m.envelopeTo.includes(email)),
      `an SMTP message to ${email}`,
    );
    expect(logs.filter((line) => line.includes('mail.failure'))).toEqual([]);

    // Envelope and headers.
    expect(message.envelopeTo).toEqual([email]);
    expect(message.envelopeFrom).toBe(server.env.MAIL_FROM ?? `no-reply@${new URL(server.env.SITE_URL).hostname}`);
    const { mail } = message;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual([email]);
    expect(mail.from?.value[0]?.name).toBe(company.name);
    expect(mail.subject).toContain(company.name);

    // A text and an HTML part, both with the company name and the same 6-digit code.
    expect(mail.text).toBeTruthy();
    expect(typeof mail.html).toBe('string');
    const text = mail.text ?? '';
    const html = typeof mail.html === 'string' ? mail.html : '';
    expect(text).toContain(company.name);
    expect(html).toContain(company.name);
    const code = /Your code: (\d{6})\b/.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(html).toContain(code);

    // Nothing went to the file outbox.
    expect(mailFiles(server.dataDir)).toEqual([]);

    // The delivered code is the one the server accepts.
    const verified = await post('/verify-otp', { email, otp: code });
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as { token: string }).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mailFiles(server.dataDir)).toEqual([]);
  });
});
