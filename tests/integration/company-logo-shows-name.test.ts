/**
 * Whether the logo shows the company name (a wordmark), through PUT /api/company and GET /api/company on the real app:
 * off on a new site, saved from the multipart form and from JSON and read back, a value other than a boolean refused
 * with { message, field } and nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../../src/shared/types.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { expectSentence } from '../helpers/sentence.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

const auth = () => ({ authorization: `Bearer ${admin}` });
const putJson = (body: unknown) =>
  t.request('/api/company', {
    method: 'PUT',
    headers: { ...auth(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
function putForm(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return t.request('/api/company', { method: 'PUT', headers: auth(), body });
}
async function publicCompany(): Promise<Company> {
  const res = await t.request('/api/company');
  expect(res.status).toBe(200);
  return (await res.json()) as Company;
}
const storedFlag = async () =>
  Boolean(
    (await t.db.selectFrom('company_settings').select('logo_shows_name').executeTakeFirst())?.logo_shows_name ?? false,
  );

describe('the logo shows the company name', () => {
  it('is off on a new site', async () => {
    expect((await publicCompany()).logo_shows_name).toBe(false);
  });

  it('is saved on from the multipart form, with the other fields, and read back', async () => {
    const res = await putForm({ logo_shows_name: 'true', tagline: 'Letters in the logo' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { company: Company };
    expect(answer.company.logo_shows_name).toBe(true);
    expect(await publicCompany()).toMatchObject({ logo_shows_name: true, tagline: 'Letters in the logo' });
    expect(await storedFlag()).toBe(true);
    expect(['scheduled', 'building']).toContain(t.deps.rebuilds.status().state);
  });

  it('is left alone by a save that does not name it', async () => {
    expect((await putForm({ tagline: 'Still letters' })).status).toBe(200);
    expect((await publicCompany()).logo_shows_name).toBe(true);
  });

  it('is saved off as JSON and read back', async () => {
    const res = await putJson({ logo_shows_name: false });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { company: Company }).company.logo_shows_name).toBe(false);
    expect((await publicCompany()).logo_shows_name).toBe(false);
    expect(await storedFlag()).toBe(false);
  });

  it.each([
    ['JSON text', () => putJson({ logo_shows_name: 'yes', name: 'Not Saved Co' })],
    ['a JSON number', () => putJson({ logo_shows_name: 1, name: 'Not Saved Co' })],
    ['JSON null', () => putJson({ logo_shows_name: null, name: 'Not Saved Co' })],
    ['form text', () => putForm({ logo_shows_name: 'on', name: 'Not Saved Co' })],
    ['empty form text', () => putForm({ logo_shows_name: '', name: 'Not Saved Co' })],
  ])('refuses %s that is no boolean with 400 naming the field, and changes nothing', async (_, send) => {
    const before = await publicCompany();
    const res = await send();
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { message: string; field: string };
    expect(answer.field).toBe('logo_shows_name');
    expect(answer.message).toBe('Logo shows name must be true or false.');
    expectSentence(answer.message, answer.field);
    expect(await publicCompany()).toEqual(before);
  });
});
