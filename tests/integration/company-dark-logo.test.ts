/**
 * A rebrand's dark logo: on the demo site the dark logo is the demo's, so a new main logo replaces it (the admin is told,
 * the old file goes); once the company uploads a dark logo of its own, a new main logo leaves it alone.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DARK_LOGO_FOLLOWS } from '../../src/server/modules/company/dark-logo.ts';
import type { Company } from '../../src/shared/types.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
}, 120_000);
afterAll(() => t.close());

const picture = (background: string) =>
  sharp({ create: { width: 48, height: 32, channels: 3, background } })
    .png()
    .toBuffer();

async function save(files: Partial<Record<'logo' | 'logo_dark', string>>, name?: string) {
  const body = new FormData();
  if (name !== undefined) body.append('name', name);
  for (const [field, colour] of Object.entries(files))
    body.append(field, new Blob([new Uint8Array(await picture(colour))], { type: 'image/png' }), `${field}.png`);
  const res = await t.request('/api/company', { method: 'PUT', headers: { authorization: `Bearer ${admin}` }, body });
  expect(res.status).toBe(200);
  return (await res.json()) as { message: string; company: Company; notices?: string[] };
}

/** The media record of a stored picture's URL (/media/<file name>). */
const mediaRow = (url: string) =>
  t.db
    .selectFrom('media')
    .select('id')
    .where('file_name', '=', url.split('/').pop() ?? '')
    .executeTakeFirst();

describe('the dark logo after a new main logo', () => {
  it("replaces the demo's dark logo, says so, and removes its file once no kept version names it", async () => {
    const demo = (await (await t.request('/api/company')).json()) as Company;
    expect(demo.logo_dark).not.toBe('');
    expect(await mediaRow(demo.logo_dark)).toBeDefined();

    const answer = await save({ logo: '#123456' }, 'Bakery Bloom');
    expect(answer.message).toBe('Company settings updated successfully');
    expect(answer.notices).toEqual([DARK_LOGO_FOLLOWS]);
    expect(answer.company.logo).not.toBe(demo.logo);
    // Without a dark logo the main one shows in both themes.
    expect(answer.company.logo_dark).toBe('');
    // The version before the save names it until a later save prunes that version (two kept here).
    expect(await mediaRow(demo.logo_dark)).toBeDefined();
    const limit = await t.request('/api/admin/revision-settings', {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 2 }),
    });
    expect(limit.status).toBe(200);
    await save({}, 'Bakery Bloom Ltd');
    await save({}, 'Bakery Bloom');
    expect(await mediaRow(demo.logo_dark)).toBeUndefined();
  });

  it('keeps a dark logo the company uploaded when the main logo changes again, and says nothing', async () => {
    const own = await save({ logo_dark: '#fedcba' });
    expect(own.notices).toBeUndefined();
    const next = await save({ logo: '#abcdef' });
    expect(next.notices).toBeUndefined();
    expect(next.company.logo_dark).toBe(own.company.logo_dark);
    expect(next.company.logo).not.toBe(own.company.logo);
  });

  it('leaves both alone when a save changes neither picture', async () => {
    const before = (await (await t.request('/api/company')).json()) as Company;
    const answer = await save({}, 'Bakery Bloom & Co');
    expect(answer.notices).toBeUndefined();
    expect(answer.company).toMatchObject({ logo: before.logo, logo_dark: before.logo_dark, name: 'Bakery Bloom & Co' });
  });
});
