/**
 * Drafts, preview links and versions of the site's settings, with the real app, database and DATA_DIR (SQLite and
 * PostgreSQL): a draft of the company's settings (multipart, as PUT /api/company, with its own logo, dark logo and
 * icon) or of the theme changes nothing visitors see until it is published, is checked by the settings' own rules,
 * previews as the whole settings with the draft applied, and is published through the settings' own write; the two
 * drafts never publish each other; every save keeps a version that can be restored; only an admin reaches any of it.
 */
import { assert, beforeAll, describe, expect, it } from 'vitest';
import {
  DRAFT_DISCARDED,
  DRAFT_NOT_FOUND,
  DRAFT_PUBLISHED,
  type PreviewAnswer,
  type PreviewLink,
} from '../../src/shared/drafts.ts';
import { REVISION_RESTORED, type RevisionComparison, type RevisionHistory } from '../../src/shared/revisions.ts';
import { COMPANY_NAME_REQUIRED } from '../../src/shared/schemas/company.ts';
import type { CompanyDraft, ThemeDraft } from '../../src/shared/settings-drafts.ts';
import type { Company } from '../../src/shared/types.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { isStored, pngBlob } from '../helpers/pictures.ts';
import { staffToken } from '../helpers/staff.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const tokens = { admin: '', editor: '', shop: '' };

type Body = ApiBody & { company?: Company; item?: Company; draft?: CompanyDraft & ThemeDraft; link?: PreviewLink };
const client = jsonClient(
  (path, init) => t.request(path, init),
  () => tokens.admin,
);
const call = <B = Body>(method: string, path: string, options?: CallOptions) => client<B>(method, path, options);

const COMPANY = '/api/admin/company';
const THEME = '/api/admin/company/theme';
const stored = (url: string) => isStored(t.dataDir, url);
const live = async () => (await client<Company>('GET', '/api/company', { token: null })).body;
const history = async (path: string) => (await call<RevisionHistory>('GET', `${path}/revisions`)).body.revisions;
const formOf = (fields: Record<string, string>, files: Record<string, Blob> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, file, `${name}.png`);
  return form;
};
const previewOf = async (path: string) => {
  const link = await call('POST', `${path}/preview-link`);
  assert(link.body.link, JSON.stringify(link.body));
  const token = new URL(link.body.link.url).searchParams.get('token') ?? '';
  return call<PreviewAnswer>('GET', `/api/preview/${token}`, { token: null });
};

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.editor = await staffToken(t, tokens.admin, 'eddie', 'editor');
  tokens.shop = await staffToken(t, tokens.admin, 'sam', 'shop_manager');
  return () => t.close();
});

describe('a draft of the company settings', () => {
  let before: Company;
  const pictures = { logo: '', logo_dark: '', icon: '' };

  it('is saved without changing what visitors see, checked as PUT /api/company checks', async () => {
    const saved = await call('PUT', '/api/company', {
      body: formOf(
        { name: 'Harbour Bakery', tagline: 'Bread at dawn', 'social[facebook]': 'facebook.com/harbour' },
        {
          logo: await pngBlob('#884422', 120, 40),
        },
      ),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    before = await live();
    expect(await call('GET', `${COMPANY}/draft`)).toMatchObject({ status: 404, body: { message: DRAFT_NOT_FOUND } });

    for (const [fields, field] of [
      [{ name: ' ' }, 'name'],
      [{ 'social[instagram]': 'javascript:alert(1)' }, 'social[instagram]'],
      [{ cta_link: '//evil.example' }, 'cta_link'],
      [{ home_sections: '[{"section":"hero","visible":true}]' }, 'home_sections'],
    ] as const) {
      const refused = await call('PUT', `${COMPANY}/draft`, { body: formOf(fields) });
      expect([refused.status, refused.body.field], JSON.stringify(refused.body)).toEqual([400, field]);
      if (field === 'name') expect(refused.body.message).toContain(COMPANY_NAME_REQUIRED);
    }
    const notAPicture = await call('PUT', `${COMPANY}/draft`, {
      body: formOf({}, { icon: new Blob(['plain text'], { type: 'image/png' }) }),
    });
    expect([notAPicture.status, notAPicture.body.field]).toEqual([415, 'icon']);
    expect((await call('GET', `${COMPANY}/draft`)).status).toBe(404);

    const draft = await call('PUT', `${COMPANY}/draft`, {
      body: formOf(
        {
          name: 'Harbour Bakehouse',
          tagline: '',
          'social[instagram]': 'instagram.com/harbour',
          about_story: 'Three ovens, one harbour.',
          // A theme field is the theme draft's: the company draft does not take it.
          primary_color: '#ff0000',
        },
        {
          logo: await pngBlob('#113355', 120, 40),
          logo_dark: await pngBlob('#eeeeee', 120, 40),
          icon: await pngBlob('#113355', 64, 64),
        },
      ),
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const fields = draft.body.draft?.fields;
    assert(fields, 'a draft');
    expect(fields).toMatchObject({
      name: 'Harbour Bakehouse',
      // Cleared: the site's default, as visitors would see it.
      tagline: 'Welcome to our platform',
      about_story: 'Three ovens, one harbour.',
      social: { facebook: 'facebook.com/harbour', instagram: 'instagram.com/harbour' },
    });
    expect(fields).not.toHaveProperty('primary_color');
    Object.assign(pictures, { logo: fields.logo, logo_dark: fields.logo_dark, icon: fields.icon });
    for (const url of Object.values(pictures)) {
      expect(url).toMatch(/^\/media\//);
      expect(await stored(url)).toBe(true);
    }
    expect(pictures.logo).not.toBe(before.logo);
    expect(await live()).toEqual(before);
  });

  it('takes a second save on top of the first: a social link changes its own value only', async () => {
    const again = await call('PUT', `${COMPANY}/draft`, { body: { social: { facebook: '' }, phone: '+44 1234 5678' } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.draft?.fields).toMatchObject({
      name: 'Harbour Bakehouse',
      phone: '+44 1234 5678',
      social: { facebook: '', instagram: 'instagram.com/harbour' },
      logo: pictures.logo,
    });
  });

  it('is previewed as the whole settings with the draft applied, never cached or indexed', async () => {
    const preview = await previewOf(COMPANY);
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    assert(preview.body.type === 'company', JSON.stringify(preview.body));
    expect(preview.body).toMatchObject({ draft: true, published: true });
    expect(preview.body.item).toMatchObject({
      name: 'Harbour Bakehouse',
      logo: pictures.logo,
      logo_dark: pictures.logo_dark,
      icon: pictures.icon,
      phone: '+44 1234 5678',
      primary_color: before.primary_color,
    });
  });

  it('is for an admin alone', async () => {
    for (const token of [tokens.editor, tokens.shop]) {
      for (const [method, path] of [
        ['GET', `${COMPANY}/draft`],
        ['PUT', `${COMPANY}/draft`],
        ['DELETE', `${THEME}/draft`],
        ['POST', `${COMPANY}/draft/publish`],
        ['POST', `${THEME}/preview-link`],
        ['GET', `${COMPANY}/revisions`],
      ] as const)
        expect(
          (await call(method, path, { token, ...(method === 'GET' ? {} : { body: { name: 'Taken' } }) })).status,
          `${method} ${path}`,
        ).toBe(403);
    }
    expect((await call('GET', `${COMPANY}/draft`, { token: null })).status).toBe(401);
    expect((await live()).name).toBe('Harbour Bakery');
  });

  it('becomes the live settings when published, the replaced logo released once no version names it', async () => {
    const published = await call('POST', `${COMPANY}/draft/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({
      message: DRAFT_PUBLISHED,
      item: { name: 'Harbour Bakehouse', logo: pictures.logo, logo_dark: pictures.logo_dark, icon: pictures.icon },
    });
    const now = await live();
    expect(now).toMatchObject({
      name: 'Harbour Bakehouse',
      tagline: 'Welcome to our platform',
      phone: '+44 1234 5678',
      about_story: 'Three ovens, one harbour.',
      social: { facebook: '', instagram: 'instagram.com/harbour' },
      logo: pictures.logo,
      logo_dark: pictures.logo_dark,
      icon: pictures.icon,
    });
    expect((await call('GET', `${COMPANY}/draft`)).status).toBe(404);
    // The old logo stays while the first version names it.
    expect(await stored(before.logo)).toBe(true);
    const revisions = await history(COMPANY);
    expect(revisions.map((r) => [r.number, r.action, r.current])).toEqual([
      [5, 'publish', true],
      [4, 'draft', false],
      [3, 'draft', false],
      [2, 'update', false],
      [1, 'update', false],
    ]);
    expect(revisions[0]?.changed).toEqual([]);
    expect(revisions[2]?.changed).toEqual(
      expect.arrayContaining(['Logo', 'Logo (dark theme)', 'Icon (favicon)', 'Company name', 'Social links']),
    );
    const audit = await t.db.selectFrom('audit_log').select(['action', 'summary']).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['company.draft', 'company.update']));
    expect(audit.some((a) => a.summary.startsWith('Company settings published from its draft: logo'))).toBe(true);
  });

  it('compares two versions side by side and restores one as a new draft, pictures included', async () => {
    const revisions = await history(COMPANY);
    const [newest, , , second] = revisions;
    assert(newest && second, 'kept');
    const compared = await call<RevisionComparison>(
      'GET',
      `${COMPANY}/revisions/compare?from=${second.id}&to=${newest.id}`,
    );
    expect(compared.status, JSON.stringify(compared.body)).toBe(200);
    const names = compared.body.fields.map((f) => f.label);
    expect(names).toEqual(expect.arrayContaining(['Company name', 'Logo', 'Social links']));

    const restored = await call('POST', `${COMPANY}/revisions/${second.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.message).toBe(REVISION_RESTORED);
    expect(restored.body.draft?.fields).toMatchObject({ name: 'Harbour Bakery', logo: before.logo, icon: before.icon });
    expect((await live()).name).toBe('Harbour Bakehouse');

    const discarded = await call('DELETE', `${COMPANY}/draft`);
    expect(discarded.body).toMatchObject({ message: DRAFT_DISCARDED, item: { name: 'Harbour Bakehouse' } });
    for (const url of [before.logo, ...Object.values(pictures)]) expect(await stored(url)).toBe(true);
  });

  it('keeps versions to the company’s limit, releasing the pictures only pruned versions named', async () => {
    const limited = await call('PUT', '/api/admin/revision-settings', { body: { limit: 2 } });
    expect(limited.status, JSON.stringify(limited.body)).toBe(200);
    const draftOnly = await call('PUT', `${COMPANY}/draft`, {
      body: formOf({}, { logo_dark: await pngBlob('#445566', 120, 40) }),
    });
    const dark = draftOnly.body.draft?.fields.logo_dark ?? '';
    expect(await stored(dark)).toBe(true);
    expect((await call('DELETE', `${COMPANY}/draft`)).status).toBe(200);
    await call('PUT', '/api/company', { body: { name: 'Harbour Bakehouse Ltd' } });
    await call('PUT', '/api/company', { body: { name: 'Harbour Bakehouse' } });
    expect((await history(COMPANY)).length).toBe(2);
    // The first logo and the discarded draft's dark logo were named only by pruned versions.
    expect([await stored(before.logo), await stored(dark), await stored(pictures.logo)]).toEqual([false, false, true]);
    expect((await call('PUT', '/api/admin/revision-settings', { body: { limit: 25 } })).status).toBe(200);
  });
});

describe('a draft of the theme', () => {
  it('is its own: saved, previewed and published without the company draft, and back to defaults when cleared', async () => {
    const company = await call('PUT', `${COMPANY}/draft`, { body: { name: 'Not Yet Bakery' } });
    expect(company.status).toBe(200);
    const colour = (await live()).primary_color;

    for (const [body, field] of [
      [{ primary_color: 'red' }, 'primary_color'],
      [{ button_radius: 1.5 }, 'button_radius'],
      [{ primary_opacity: 2 }, 'primary_opacity'],
    ] as const) {
      const refused = await call('PUT', `${THEME}/draft`, { body });
      expect([refused.status, refused.body.field], JSON.stringify(body)).toEqual([400, field]);
    }
    const saved = await call('PUT', `${THEME}/draft`, {
      body: { primary_color: '#336699', button_radius: 20, name: 'X' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.draft?.fields).toMatchObject({ primary_color: '#336699', button_radius: 20 });
    expect(saved.body.draft?.fields).not.toHaveProperty('name');
    expect((await live()).primary_color).toBe(colour);

    const preview = await previewOf(THEME);
    assert(preview.body.type === 'theme', JSON.stringify(preview.body));
    // The theme's preview shows the published company, not the company's draft.
    expect(preview.body.item).toMatchObject({ primary_color: '#336699', button_radius: 20, name: 'Harbour Bakehouse' });

    const published = await call('POST', `${THEME}/draft/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(await live()).toMatchObject({ primary_color: '#336699', button_radius: 20, name: 'Harbour Bakehouse' });
    expect((await call('GET', `${COMPANY}/draft`)).body.draft?.fields.name).toBe('Not Yet Bakery');
    expect((await history(THEME)).map((r) => r.action)).toEqual(['publish', 'draft', 'update']);

    const cleared = await call('PUT', `${THEME}/draft`, { body: { primary_color: '' } });
    expect(cleared.body.draft?.fields.primary_color).toBe('#0091ea');
    expect((await call('POST', `${THEME}/draft/publish`)).status).toBe(200);
    const row = await t.db.selectFrom('company_settings').select(['primary_color', 'name']).executeTakeFirst();
    // Published as the default (the column cleared), so a new default would reach it.
    expect(row).toEqual({ primary_color: null, name: 'Harbour Bakehouse' });
    expect((await call('DELETE', `${COMPANY}/draft`)).status).toBe(200);
  });
});
