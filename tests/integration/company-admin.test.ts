/**
 * PUT /api/company through the real app (site-spec §3, §5, §7): the multipart form of Update Company
 * with its three pictures, the JSON form of Theme Settings, every validation edge (400 naming the field, nothing
 * changed), the audit entry, the public answer at once, the rebuild asked for and a replaced picture's files removed.
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from '../../src/server/media/media-store.ts';
import { DEFAULT_COMPANY } from '../../src/shared/company.ts';
import type { AuditEntry } from '../../src/shared/admin.ts';
import type { Company } from '../../src/shared/types.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { expectSentence } from '../helpers/sentence.ts';

let t: TestApp;
let admin: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('carol');
});

const picture = (background: string, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') => {
  const image = sharp({ create: { width: 48, height: 32, channels: 3, background } });
  return image[format]().toBuffer();
};

function form(parts: Record<string, string | [Buffer, string, string]>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, new Blob([new Uint8Array(value[0])], { type: value[2] }), value[1]);
  }
  return body;
}

const putForm = (body: FormData, token = admin) =>
  t.request('/api/company', { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body });
const putJson = (body: unknown, token = admin) =>
  t.request('/api/company', {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
/** How many versions of the settings are kept. */
async function keepVersions(limit: number): Promise<void> {
  const res = await t.request('/api/admin/revision-settings', {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ limit }),
  });
  expect(res.status).toBe(200);
}

async function publicCompany(): Promise<Company> {
  const res = await t.request('/api/company');
  expect(res.status).toBe(200);
  return (await res.json()) as Company;
}
async function mediaFiles(): Promise<string[]> {
  return (await readdir(mediaDir(t.dataDir)).catch(() => [] as string[])).sort();
}
async function mediaRows(): Promise<string[]> {
  return (await t.db.selectFrom('media').select('file_name').execute()).map((r) => r.file_name).sort();
}
async function auditCount(): Promise<number> {
  return (await t.db.selectFrom('audit_log').select('id').execute()).length;
}
const stem = (url: string) => url.replace(/^\/media\//, '').replace(/\.webp$/, '');

/** Everything a refused request must leave as it was. */
async function snapshot() {
  return {
    company: await publicCompany(),
    files: await mediaFiles(),
    rows: await mediaRows(),
    audits: await auditCount(),
  };
}

describe('PUT /api/company as multipart (Update Company)', () => {
  it('updates every kind of field and all three pictures, audits it, shows it at once and asks for a rebuild', async () => {
    await publicCompany(); // the answer is cached from here on
    const [logo, logoDark, icon] = await Promise.all([
      picture('#ff0000', 'png'),
      picture('#00ff00', 'jpeg'),
      picture('#0000ff', 'webp'),
    ]);
    const res = await putForm(
      form({
        name: 'Acme Rockets',
        tagline: 'Up we go',
        description: 'Line one\nLine two',
        cta_text: 'Shop now',
        cta_link: '/shop',
        address: '1 Launch Pad\nCape',
        phone: '+1 555 0100',
        email: 'hello@acme.example',
        website: 'https://acme.example',
        'social[facebook]': 'https://facebook.com/acme',
        'social[instagram]': 'https://instagram.com/acme',
        'social[twitter]': 'https://x.com/acme',
        'social[linkedin]': 'https://linkedin.com/company/acme',
        seo_home_title: 'Acme home',
        seo_home_description: 'Rockets for everyone',
        seo_contact_title: 'Contact Acme',
        seo_contact_description: 'Write to us',
        font: 'Poppins',
        primary_color: '#112233',
        primary_opacity: '0.5',
        primary_blur: '64',
        header_radius: '20',
        role: 'admin',
        logo: [logo, 'logo.png', 'image/png'],
        logo_dark: [logoDark, 'dark.jpg', 'image/jpeg'],
        icon: [icon, 'icon.webp', 'image/webp'],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const answer = (await res.json()) as { message: string; company: Company };
    expect(answer.message).toBe('Company settings updated successfully');
    expect(answer.company).toMatchObject({
      name: 'Acme Rockets',
      tagline: 'Up we go',
      description: 'Line one\nLine two',
      cta_link: '/shop',
      email: 'hello@acme.example',
      website: 'https://acme.example',
      social: {
        facebook: 'https://facebook.com/acme',
        instagram: 'https://instagram.com/acme',
        twitter: 'https://x.com/acme',
        linkedin: 'https://linkedin.com/company/acme',
      },
      seo_home_title: 'Acme home',
      seo_contact_description: 'Write to us',
      font: 'Poppins',
      primary_color: '#112233',
      primary_opacity: 0.5,
      primary_blur: 64,
      header_radius: 20,
      // Not sent: unchanged defaults.
      secondary_color: DEFAULT_COMPANY.secondary_color,
    });
    for (const field of ['logo', 'logo_dark', 'icon'] as const)
      expect(answer.company[field]).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    expect(new Set([answer.company.logo, answer.company.logo_dark, answer.company.icon]).size).toBe(3);

    expect(await publicCompany()).toEqual(answer.company);
    for (const field of ['logo', 'logo_dark', 'icon'] as const)
      expect((await t.request(answer.company[field])).status).toBe(200);

    const [entry] = (
      (await (
        await t.request('/api/admin/activity?limit=1', { headers: { authorization: `Bearer ${admin}` } })
      ).json()) as { results: AuditEntry[] }
    ).results;
    expect(entry).toMatchObject({
      action: 'company.update',
      target: { type: 'company', id: '' },
      actor: { name: 'Site Admin' },
    });
    expect(entry?.summary).toMatch(/^Company settings updated: logo, logo_dark, icon, name, .* and \d+ more$/);
    expect(['scheduled', 'building']).toContain(t.deps.rebuilds.status().state);
  });

  it('removes a replaced logo with every variant once no kept version names it, and keeps a picture something else still uses', async () => {
    // Two versions kept: the replaced logo is an earlier version's until a later save prunes that version.
    await keepVersions(2);
    const first = (
      (await (await putForm(form({ logo: [await picture('#123456'), 'a.png', 'image/png'] }))).json()) as {
        company: Company;
      }
    ).company.logo;
    const firstFiles = (await mediaFiles()).filter((name) => name.startsWith(stem(first)));
    expect(firstFiles.length).toBeGreaterThan(1);

    const second = (
      (await (await putForm(form({ logo: [await picture('#654321'), 'b.png', 'image/png'] }))).json()) as {
        company: Company;
      }
    ).company.logo;
    expect(second).not.toBe(first);
    expect((await t.request(first)).status).toBe(200);
    expect((await putForm(form({ tagline: 'Fresh every morning' }))).status).toBe(200);
    expect((await mediaFiles()).filter((name) => name.startsWith(stem(first)))).toEqual([]);
    expect((await mediaRows()).filter((name) => name.startsWith(stem(first)))).toEqual([]);
    expect((await t.request(first)).status).toBe(404);

    // A slider shows the current logo too: replacing the logo keeps its files.
    const now = new Date().toISOString();
    await t.db
      .insertInto('sliders')
      .values({ id: randomUUID(), title: 'Uses the logo', image: second, created_at: now, updated_at: now })
      .execute();
    const third = (
      (await (await putForm(form({ logo: [await picture('#abcdef'), 'c.png', 'image/png'] }))).json()) as {
        company: Company;
      }
    ).company.logo;
    expect(third).not.toBe(second);
    expect((await putForm(form({ tagline: 'Fresh every evening' }))).status).toBe(200);
    expect((await mediaFiles()).filter((name) => name.startsWith(stem(second))).length).toBe(firstFiles.length);
    expect((await t.request(second)).status).toBe(200);
    await keepVersions(25);
  });

  it('stores nothing when one of several pictures is refused', async () => {
    const before = await snapshot();
    const res = await putForm(
      form({
        name: 'Never',
        logo: [await picture('#111111'), 'ok.png', 'image/png'],
        icon: [Buffer.from('<svg/>'), 'icon.png', 'image/png'],
      }),
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: 'Only JPEG, PNG, GIF, and WEBP files are allowed', field: 'icon' });
    expect(await snapshot()).toEqual(before);
  });

  it('clears a text field back to its default with an empty value', async () => {
    const res = await putForm(form({ tagline: '', 'social[twitter]': '' }));
    expect(res.status).toBe(200);
    const { company } = (await res.json()) as { company: Company };
    expect(company.tagline).toBe(DEFAULT_COMPANY.tagline);
    expect(company.social.twitter).toBe('');
    expect(company.name).toBe('Acme Rockets');
  });

  it('refuses a form with nothing to update', async () => {
    const before = await snapshot();
    const res = await putForm(form({ unknown: 'x' }));
    expect(res.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('PUT /api/company as JSON (Theme Settings)', () => {
  it('saves the ten theme fields with the spec text and a theme audit entry', async () => {
    const theme = {
      primary_color: '#0A0B0C',
      primary_opacity: 0.7,
      secondary_color: '#abcdef',
      secondary_opacity: 0,
      primary_blur: 24,
      secondary_blur: 16,
      header_radius: 0,
      button_radius: 12,
      button_blur: 4,
      button_opacity: 1,
    };
    const res = await putJson(theme);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { message: string; company: Company };
    expect(answer.message).toBe('Theme settings updated successfully!');
    expect(answer.company).toMatchObject(theme);
    expect(await publicCompany()).toMatchObject(theme);
    const last = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ action: 'theme.update', target_type: 'company' });
    expect(['scheduled', 'building']).toContain(t.deps.rebuilds.status().state);
  });

  it('stores opacity on its step (0.1 + 0.2 is 0.3)', async () => {
    const res = await putJson({ button_opacity: 0.1 + 0.2 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { company: Company }).company.button_opacity).toBe(0.3);
  });

  it('takes any company field too, as a company update', async () => {
    const res = await putJson({ name: 'Acme Rockets Ltd', primary_color: '#0a0b0c' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe('Company settings updated successfully');
    expect((await publicCompany()).name).toBe('Acme Rockets Ltd');
  });

  it('refuses a body that is not an object', async () => {
    for (const body of [[1, 2], 'text', null]) {
      const before = await snapshot();
      expect((await putJson(body)).status).toBe(400);
      expect(await snapshot()).toEqual(before);
    }
  });
});

/** [field, value, how it is sent]; every one is refused with 400 naming the field. */
const BAD: [field: string, value: unknown][] = [
  ['primary_color', '#12345'],
  ['primary_color', 'red'],
  ['secondary_color', '#GGGGGG'],
  ['primary_color', '#1122334'],
  ['primary_opacity', 1.1],
  ['secondary_opacity', -0.1],
  ['button_opacity', 0.35],
  ['primary_opacity', 'abc'],
  ['primary_opacity', true],
  ['header_radius', 21],
  ['button_radius', -1],
  ['header_radius', 2.5],
  ['primary_blur', 20],
  ['primary_blur', 65],
  ['secondary_blur', 24],
  ['button_blur', 40],
  ['font', 'Comic Sans MS'],
  ['website', 'javascript:alert(1)'],
  ['website', 'not a link'],
  ['website', 'ftp://acme.com'],
  ['website', '/about'],
  ['cta_link', '//evil.example'],
  ['cta_link', 'javascript:alert(1)'],
  ['cta_link', 'data:text/html,hi'],
  ['email', 'not-an-email'],
  ['email', 'a@b'],
  ['name', 'x'.repeat(101)],
  ['name', 'bad\u0000name'],
  ['tagline', 'line\nbreak'],
  ['description', 'x'.repeat(2001)],
  ['seo_home_title', 'x'.repeat(201)],
  ['seo_notfound_description', 'x'.repeat(501)],
  ['name', 42],
];

describe('validation: 400 naming the first bad field, nothing changed', () => {
  it.each(BAD)('JSON %s = %j', async (field, value) => {
    const before = await snapshot();
    const res = await putJson({ name: 'Changed?', [field]: value });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { message: string; field: string };
    expect(answer.field).toBe(field);
    expectSentence(answer.message, field);
    expect(await snapshot()).toEqual(before);
  });

  it.each(BAD.filter(([, value]) => typeof value === 'string'))('form %s = %j', async (field, value) => {
    const before = await snapshot();
    const res = await putForm(
      form({ tagline: 'Changed?', [field]: value as string, logo: [await picture('#222222'), 'l.png', 'image/png'] }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe(field);
    expect(await snapshot()).toEqual(before);
  });

  it('names a bad social link as social[key]', async () => {
    const before = await snapshot();
    const res = await putForm(form({ 'social[linkedin]': 'javascript:alert(1)' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe('social[linkedin]');
    const json = await putJson({ social: { facebook: 'vbscript:x' } });
    expect(((await json.json()) as { field: string }).field).toBe('social[facebook]');
    expect(await snapshot()).toEqual(before);
  });

  it('accepts a website typed without its scheme, as the demo data has it (the site shows it with https://)', async () => {
    const res = await putJson({ website: 'acme.example', social: { facebook: 'facebook.com/acme' } });
    expect(res.status).toBe(200);
    const company = ((await res.json()) as { company: { website: string; social: { facebook: string } } }).company;
    expect(company.website).toBe('acme.example');
    expect(company.social.facebook).toBe('facebook.com/acme');
  });

  it('accepts the edges of every range', async () => {
    for (const body of [
      {
        primary_opacity: 0,
        secondary_opacity: 1,
        header_radius: 0,
        button_radius: 20,
        primary_blur: 0,
        secondary_blur: 0,
        button_blur: 16,
      },
      {
        primary_blur: 40,
        cta_link: 'http://acme.example/x?y=1#z',
        website: 'http://acme.example',
        font: 'System UI',
        email: 'a.b+c@d.example',
      },
    ]) {
      const res = await putJson(body);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { company: Company }).company).toMatchObject(body);
    }
  });
});

describe('access', () => {
  it('refuses no token, a garbage token and a customer, and changes nothing', async () => {
    const before = await snapshot();
    expect(
      (
        await t.request('/api/company', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: '{"name":"x"}',
        })
      ).status,
    ).toBe(401);
    expect((await putJson({ name: 'x' }, 'garbage-token')).status).toBe(401);
    expect((await putJson({ name: 'x' }, customer)).status).toBe(403);
    expect(
      (await putForm(form({ name: 'x', logo: [await picture('#333333'), 'l.png', 'image/png'] }), customer)).status,
    ).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
