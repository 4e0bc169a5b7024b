/**
 * A rebrand reaches the mails: after the company's name, logo and colour change, the next code mail carries the new
 * name in its sender, subject and both bodies, the new logo and colour in its HTML, and nothing of the old brand.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../../src/shared/types.ts';
import { mailFiles, parseMail } from '../helpers/outbox.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
}, 120_000);
afterAll(() => t.close());

async function rebrand(name: string, colour: string): Promise<Company> {
  const body = new FormData();
  body.append('name', name);
  body.append('primary_color', colour);
  const logo = await sharp({ create: { width: 64, height: 32, channels: 3, background: colour } })
    .png()
    .toBuffer();
  body.append('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  const res = await t.request('/api/company', { method: 'PUT', headers: { authorization: `Bearer ${admin}` }, body });
  expect(res.status).toBe(200);
  return ((await res.json()) as { company: Company }).company;
}

/** Asks for a sign-in code for the admin and returns the mail it sent (mails are written after the answer). */
async function codeMail() {
  const sent = () => mailFiles(t.dataDir).filter((f) => parseMail(t.dataDir, f).subject.endsWith('your sign-in code'));
  const before = sent().length;
  const res = await t.request('/api/auth/request-otp', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin' }),
  });
  expect(res.status).toBe(200);
  await expect.poll(() => sent().length, { timeout: 10_000 }).toBe(before + 1);
  return parseMail(t.dataDir, sent().at(-1) ?? '');
}

describe('mails after a rebrand', () => {
  it('carry the new name, logo and colour, and none of the old brand', async () => {
    const first = await rebrand('Harbour Ceramics', '#1f6f5c');
    const before = await codeMail();
    expect(before.subject).toBe('Harbour Ceramics: your sign-in code');

    const renamed = await rebrand('Bakery Bloom', '#b4462e');
    expect(renamed.logo).not.toBe(first.logo);
    const mail = await codeMail();
    expect(mail.headers.from).toContain('Bakery Bloom');
    expect(mail.subject).toBe('Bakery Bloom: your sign-in code');
    expect(mail.text.split('\n')[0]).toBe('Bakery Bloom');
    expect(mail.text).toContain('your Bakery Bloom account');
    expect(mail.html).toContain('alt="Bakery Bloom"');
    expect(mail.html).toContain(renamed.logo.split('/').pop());
    expect(mail.html.toLowerCase()).toContain('#b4462e');
    for (const part of [mail.headers.from, mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('Harbour Ceramics');
    }
    expect(mail.html).not.toContain(first.logo.split('/').pop());
  });
});
