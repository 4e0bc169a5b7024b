/**
 * The store's settings: GET /api/store for everyone, GET/PUT /api/admin/store for admins only, the
 * body validated field by field (400 naming it, never a 500), each change audited and followed by a site rebuild.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoreSettings } from '../../src/shared/commerce.ts';
import { jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let customer: string;

const call = jsonClient((path, init) => t.request(path, init));

const VALID = {
  currency: 'EUR',
  taxRateBp: 2000,
  taxInclusive: true,
  shippingCents: 495,
  manualPaymentEnabled: true,
  manualPaymentInstructions: 'IBAN DE00 1234.\r\nReference: your order number.',
};
/** As the admin unless a token is given; null for no session. */
const put = (body: object | string, token: string | null = admin) =>
  call('PUT', '/api/admin/store', { token: token ?? undefined, body });

beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('carol');
});

describe('GET /api/store', () => {
  it('answers the defaults to anyone, Stripe off without its keys', async () => {
    const answer = await call('GET', '/api/store');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      currency: 'USD',
      taxRateBp: 0,
      taxInclusive: false,
      shippingCents: 0,
      timeZone: 'UTC',
      priceBandsCents: { shop: [5000, 10000, 50000], search: [5000, 10000] },
      payment: {
        manual: { enabled: true, instructions: expect.stringContaining('bank transfer') as unknown },
        stripe: { enabled: false },
      },
    });
  });
});

describe('PUT /api/admin/store', () => {
  it('is for admins only (401 without a session, 403 for a customer), like GET', async () => {
    expect((await put(VALID, null)).status).toBe(401);
    expect((await put(VALID, customer)).status).toBe(403);
    expect((await call('GET', '/api/admin/store')).status).toBe(401);
    expect((await call('GET', '/api/admin/store', { token: customer })).status).toBe(403);
    expect((await call<StoreSettings>('GET', '/api/store')).body.currency).toBe('USD');
  });

  it('saves the settings, answers them as GET /api/store will, audits the change and asks for a rebuild', async () => {
    const rebuild = vi.spyOn(t.deps.rebuilds, 'request');
    const answer = await put({ ...VALID, currency: ' eur ' });
    expect(answer.status).toBe(200);
    const expected: StoreSettings = {
      currency: 'EUR',
      taxRateBp: 2000,
      taxInclusive: true,
      shippingCents: 495,
      timeZone: 'UTC',
      priceBandsCents: { shop: [5000, 10000, 50000], search: [5000, 10000] },
      payment: {
        manual: { enabled: true, instructions: 'IBAN DE00 1234.\nReference: your order number.' },
        stripe: { enabled: false },
      },
    };
    expect(answer.body).toEqual(expected);
    expect((await call('GET', '/api/store')).body).toEqual(expected);
    expect((await call('GET', '/api/admin/store', { token: admin })).body).toEqual(expected);
    expect(rebuild).toHaveBeenCalledTimes(1);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'store.update').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.summary).toBe(
      'Store settings updated: currency, taxRateBp, taxInclusive, shippingCents, manualPaymentInstructions',
    );
    // Saved again unchanged: audited, no rebuild.
    expect((await put(VALID)).status).toBe(200);
    expect(rebuild).toHaveBeenCalledTimes(1);
    rebuild.mockRestore();
  });

  it('refuses bad values with 400 naming the field, and changes nothing', async () => {
    const before = (await call('GET', '/api/store')).body;
    const cases: [object, string][] = [
      [[], 'body'],
      [{ ...VALID, currency: 'XYZ' }, 'currency'],
      [{ ...VALID, currency: 'JPY' }, 'currency'],
      [{ ...VALID, currency: 5 }, 'currency'],
      [{ ...VALID, taxRateBp: -1 }, 'taxRateBp'],
      [{ ...VALID, taxRateBp: 10_001 }, 'taxRateBp'],
      [{ ...VALID, taxRateBp: 12.5 }, 'taxRateBp'],
      [{ ...VALID, taxRateBp: '2000' }, 'taxRateBp'],
      [{ ...VALID, taxInclusive: 'yes' }, 'taxInclusive'],
      [{ ...VALID, shippingCents: 10_000_001 }, 'shippingCents'],
      [{ ...VALID, shippingCents: -5 }, 'shippingCents'],
      [{ ...VALID, manualPaymentEnabled: 1 }, 'manualPaymentEnabled'],
      [{ ...VALID, manualPaymentInstructions: 'x'.repeat(2001) }, 'manualPaymentInstructions'],
      [{ ...VALID, manualPaymentInstructions: 'bad \u0000 byte' }, 'manualPaymentInstructions'],
      [{ ...VALID, manualPaymentInstructions: '  ' }, 'manualPaymentInstructions'],
      // With no Stripe keys, manual payment is the only way to pay: it cannot be switched off.
      [{ ...VALID, manualPaymentEnabled: false }, 'manualPaymentEnabled'],
      [{ currency: 'EUR' }, 'taxRateBp'],
      [{ ...VALID, timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ ...VALID, timeZone: '' }, 'timeZone'],
      [{ ...VALID, timeZone: 3 }, 'timeZone'],
    ];
    for (const [body, field] of cases) {
      const answer = await put(body);
      expect([answer.status, answer.body.field], JSON.stringify(body).slice(0, 100)).toEqual([400, field]);
    }
    expect((await put('{not json')).status).toBe(400);
    expect((await call('GET', '/api/store')).body).toEqual(before);
  });

  it('takes the edges of each range', async () => {
    expect((await put({ ...VALID, taxRateBp: 0, shippingCents: 0 })).status).toBe(200);
    expect(
      (
        await put({
          ...VALID,
          taxRateBp: 10_000,
          shippingCents: 10_000_000,
          manualPaymentInstructions: 'y'.repeat(2000),
        })
      ).status,
    ).toBe(200);
    expect((await call('GET', '/api/store')).body).toMatchObject({ taxRateBp: 10_000, shippingCents: 10_000_000 });
  });

  it('keeps the time zone order times are shown in, and keeps it when a client sends none', async () => {
    const saved = await put({ ...VALID, timeZone: ' Europe/Berlin ' });
    expect([saved.status, saved.body['timeZone']]).toEqual([200, 'Europe/Berlin']);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'store.update')
      .orderBy('at', 'desc')
      .executeTakeFirst();
    expect(audit?.summary).toContain('timeZone');
    expect((await put(VALID)).status).toBe(200);
    expect((await call<StoreSettings>('GET', '/api/store')).body.timeZone).toBe('Europe/Berlin');
    expect((await put({ ...VALID, timeZone: 'UTC' })).status).toBe(200);
    expect((await call<StoreSettings>('GET', '/api/store')).body.timeZone).toBe('UTC');
  });

  it("keeps the shop's and search's price bands, in cents, and keeps them when a client sends none", async () => {
    const rebuild = vi.spyOn(t.deps.rebuilds, 'request');
    const bands = { shop: [2000, 7500, 15000, 99999], search: [1000] };
    const saved = await put({ ...VALID, priceBandsCents: bands });
    expect([saved.status, saved.body['priceBandsCents']]).toEqual([200, bands]);
    expect(rebuild).toHaveBeenCalledTimes(1);
    expect((await call<StoreSettings>('GET', '/api/store')).body.priceBandsCents).toEqual(bands);
    expect((await call<StoreSettings>('GET', '/api/admin/store', { token: admin })).body.priceBandsCents).toEqual(
      bands,
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'store.update')
      .orderBy('at', 'desc')
      .executeTakeFirst();
    expect(audit?.summary).toContain('priceBandsCents');
    expect((await put(VALID)).status).toBe(200);
    expect((await call<StoreSettings>('GET', '/api/store')).body.priceBandsCents).toEqual(bands);
    expect(rebuild).toHaveBeenCalledTimes(1);
    rebuild.mockRestore();
  });

  it("stores the spec's bands as none, so a reset store follows the defaults", async () => {
    const defaults = { shop: [5000, 10000, 50000], search: [5000, 10000] };
    expect((await put({ ...VALID, priceBandsCents: { shop: [100], search: [100] } })).status).toBe(200);
    expect((await t.db.selectFrom('store_settings').select('price_bands').executeTakeFirst())?.price_bands).toBe(
      JSON.stringify({ shop: [100], search: [100] }),
    );
    expect((await put({ ...VALID, priceBandsCents: defaults })).body['priceBandsCents']).toEqual(defaults);
    expect((await t.db.selectFrom('store_settings').select('price_bands').executeTakeFirst())?.price_bands).toBeNull();
  });

  it('refuses bad price bands with 400, a plain sentence and the list or amount at fault, and changes nothing', async () => {
    const EUR_BANDS = { shop: [5000, 10000, 50000], search: [2500, 5000] };
    expect((await put({ ...VALID, priceBandsCents: EUR_BANDS })).status).toBe(200);
    const before = (await call('GET', '/api/store')).body;
    const row = await t.db.selectFrom('store_settings').selectAll().executeTakeFirst();
    const bad = (shop: unknown, search: unknown = [5000]) => ({
      ...VALID,
      currency: 'GBP',
      priceBandsCents: { shop, search },
    });
    const cases: [object, string, RegExp][] = [
      [
        { ...VALID, priceBandsCents: [5000] },
        'priceBandsCents',
        /must be an object with a shop list and a search list/,
      ],
      [{ ...VALID, priceBandsCents: null }, 'priceBandsCents', /must be an object/],
      [{ ...VALID, priceBandsCents: { shop: [5000] } }, 'priceBandsCents.search', /search price bands must be a list/],
      [bad('5000'), 'priceBandsCents.shop', /shop price bands must be a list of amounts in cents/],
      [bad([]), 'priceBandsCents.shop', /need at least one amount/],
      [bad([1, 2, 3, 4, 5, 6, 7, 8]), 'priceBandsCents.shop', /at most 8 bands \(7 amounts\)/],
      [bad([5000, 'x']), 'priceBandsCents.shop.1', /^Amount 2 of the shop price bands must be a number of cents\.$/],
      [bad([5000, null]), 'priceBandsCents.shop.1', /must be a number of cents/],
      [bad([50.5]), 'priceBandsCents.shop.0', /must be a whole number of cents/],
      [bad([-5000, 100]), 'priceBandsCents.shop.0', /^Amount 1 of the shop price bands must be more than 0\.$/],
      [bad([0, 100]), 'priceBandsCents.shop.0', /must be more than 0/],
      [bad([100_000_001]), 'priceBandsCents.shop.0', /must be at most 1000000/],
      [
        bad([5000, 50000, 10000]),
        'priceBandsCents.shop.2',
        /\(100\) must be more than amount 2 \(500\): the bands go up/,
      ],
      [bad([5000, 5000]), 'priceBandsCents.shop.1', /cannot overlap/],
      [bad([5000], [100, 50]), 'priceBandsCents.search.1', /Amount 2 of the search price bands/],
    ];
    for (const [body, field, message] of cases) {
      const answer = await put(body);
      const label = JSON.stringify(body).slice(-80);
      expect([answer.status, answer.body.field], label).toEqual([400, field]);
      expect(String(answer.body.message), label).toMatch(message);
      expect(String(answer.body.message), label).toMatch(/^[A-Z].*\.$/);
    }
    expect((await call('GET', '/api/store')).body).toEqual(before);
    expect(await t.db.selectFrom('store_settings').selectAll().executeTakeFirst()).toEqual(row);
  });
});
