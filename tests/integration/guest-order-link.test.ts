/**
 * POST /api/orders/guest-link: a guest whose order link no longer opens gets a new one by the address the order was
 * placed with; every address hears the same sentence, only the order's own address gets a mail, and the link opens
 * the order.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ORDER_LINK_SENT, GUEST_ORDER_LINK_TOO_MANY } from '../../src/shared/schemas/guest-order-link.ts';
import { sha256Hex } from '../../src/server/modules/auth/tokens.ts';
import { accessTokenFor, orderAccessKey } from '../../src/server/modules/checkout/checkout.service.ts';
import { GUEST_LINK_LIMITS } from '../../src/server/modules/orders/orders.customer.routes.ts';
import { mailFiles, parseMail, waitForMail } from '../helpers/outbox.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const GUEST = 'grace.guest@example.com';
const OTHER_GUEST = 'otto.guest@example.com';
let guestOrder: string;
let otherGuestOrder: string;
let olderGuestOrder: string;
let accountOrder: string;

async function ask(body: unknown) {
  const res = await t.request('/api/orders/guest-link', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { message?: string; field?: string } };
}

async function insertOrder(email: string, userId: string | null, createdAt: string) {
  const id = randomUUID();
  // As checkout stores it: a guest's order keeps the SHA-256 of its link's token.
  const token = userId === null ? accessTokenFor(orderAccessKey(t.deps.keys.otp), id) : null;
  await t.db
    .insertInto('orders')
    .values({
      id,
      user_id: userId,
      customer_name: 'Grace Guest',
      customer_email: email,
      access_token_hash: token && sha256Hex(token),
      created_at: createdAt,
    })
    .execute();
  return id;
}

/** The order page address in a mail's text. */
const linkIn = (text: string) => {
  const match = /\/orders\/view\?id=([A-Za-z0-9-]+)&token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no order link in: ${text}`);
  return { id: match[1] ?? '', token: match[2] ?? '' };
};

const mailsTo = (to: string, after: string[]) =>
  mailFiles(t.dataDir)
    .filter((f) => !after.includes(f))
    .map((f) => parseMail(t.dataDir, f))
    .filter((m) => m.to.includes(to));

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'off' } });
  olderGuestOrder = await insertOrder(GUEST, null, '2026-01-01T10:00:00.000Z');
  guestOrder = await insertOrder(GUEST, null, '2026-02-01T10:00:00.000Z');
  otherGuestOrder = await insertOrder(OTHER_GUEST, null, '2026-02-03T10:00:00.000Z');
  const carol = await t.customerToken('carol');
  expect(carol).toBeTruthy();
  const owner = await t.db.selectFrom('users').select('id').where('username', '=', 'carol').executeTakeFirstOrThrow();
  accountOrder = await insertOrder('carol@example.com', owner.id, '2026-02-02T10:00:00.000Z');
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/orders/guest-link', () => {
  it("mails the named order's address a link that opens it", async () => {
    const before = mailFiles(t.dataDir);
    const answer = await ask({ email: ' Grace.Guest@Example.com ', orderId: guestOrder });
    expect(answer).toEqual({ status: 202, body: { message: GUEST_ORDER_LINK_SENT } });
    const mail = await waitForMail(t.dataDir, { to: GUEST, after: before });
    expect(mail.subject).toContain('your link to order');
    const link = linkIn(mail.text);
    expect(link.id).toBe(guestOrder);
    const opened = await t.request(`/api/orders/${link.id}?token=${link.token}`);
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { _id: string })._id).toBe(guestOrder);
  });

  it("without an order id, mails the address's guest orders, newest first", async () => {
    const before = mailFiles(t.dataDir);
    expect((await ask({ email: GUEST })).status).toBe(202);
    await waitForMail(t.dataDir, { to: GUEST, after: before });
    await expect.poll(() => mailsTo(GUEST, before).length).toBe(2);
    expect(mailsTo(GUEST, before).map((m) => linkIn(m.text).id)).toEqual([guestOrder, olderGuestOrder]);
  });

  it('answers the same for a wrong address, an unknown order or an account order, and mails nobody', async () => {
    const before = mailFiles(t.dataDir);
    for (const body of [
      { email: 'someone.else@example.com', orderId: guestOrder },
      { email: GUEST, orderId: randomUUID() },
      { email: 'nobody@example.com' },
      { email: 'carol@example.com', orderId: accountOrder },
      { email: 'carol@example.com' },
    ]) {
      expect(await ask(body)).toEqual({ status: 202, body: { message: GUEST_ORDER_LINK_SENT } });
    }
    // A mail that is sent goes out after the answer: one asked for last shows the others had their chance.
    expect((await ask({ email: OTHER_GUEST, orderId: otherGuestOrder })).status).toBe(202);
    await waitForMail(t.dataDir, { to: OTHER_GUEST, after: before });
    const sent = mailFiles(t.dataDir).filter((f) => !before.includes(f));
    expect(sent.map((f) => parseMail(t.dataDir, f).to)).toEqual([expect.stringContaining(OTHER_GUEST)]);
  });

  it.each([
    [{}, 'email'],
    [{ email: 'not an address' }, 'email'],
    [{ email: GUEST, orderId: '../../etc' }, 'orderId'],
    [{ email: GUEST, orderId: 'x'.repeat(101) }, 'orderId'],
  ])('refuses %o with 400 naming %s, and mails nothing', async (body, field) => {
    const before = mailFiles(t.dataDir);
    const answer = await ask(body);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
    expect(answer.body.message).toBeTruthy();
    expect(mailFiles(t.dataDir).filter((f) => !before.includes(f))).toEqual([]);
  });

  it('limits the links per address, for an address with no order just the same', async () => {
    for (const email of ['limit.nobody@example.com', 'Limit.Other@example.com']) {
      for (let i = 0; i < GUEST_LINK_LIMITS.perEmail; i += 1) expect((await ask({ email })).status).toBe(202);
      const refused = await ask({ email });
      expect(refused).toEqual({ status: 429, body: { message: GUEST_ORDER_LINK_TOO_MANY } });
    }
  });
});
