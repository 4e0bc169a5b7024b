/**
 * The About page's three texts and the home page's sections as company settings, through the real app and database:
 * PUT /api/company (JSON and the Update Company form) stores them and GET answers them at once; an empty text goes
 * back to the default; a refusal names its field in a sentence and changes nothing; only an admin may change them; a
 * damaged stored order is read as the full default list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { invalidateCompany } from '../../src/server/modules/company/company.cache.ts';
import { DEFAULT_HOME_SECTIONS, HOME_SECTIONS, moveHomeSection } from '../../src/shared/home-layout.ts';
import type { Company } from '../../src/shared/types.ts';
import { expectSentence } from '../helpers/sentence.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('cleo');
});

const putJson = (body: unknown, token: string | null = admin) =>
  t.request('/api/company', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const putForm = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return t.request('/api/company', { method: 'PUT', headers: { authorization: `Bearer ${admin}` }, body });
};
async function publicCompany(): Promise<Company> {
  const res = await t.request('/api/company');
  expect(res.status).toBe(200);
  return (await res.json()) as Company;
}
const stored = () =>
  t.db
    .selectFrom('company_settings')
    .select(['about_story', 'about_mission', 'about_vision', 'home_sections'])
    .executeTakeFirst();
const audits = async () => (await t.db.selectFrom('audit_log').select('id').execute()).length;
const snapshot = async () => ({ company: await publicCompany(), row: await stored(), audits: await audits() });

const all = HOME_SECTIONS.map((section) => ({ section, visible: true }));

describe('the About texts', () => {
  it("are empty on a new site (the page shows today's texts) and the home page lists every section in order", async () => {
    const company = await publicCompany();
    expect([company.about_story, company.about_mission, company.about_vision]).toEqual(['', '', '']);
    expect(company.home_sections).toEqual(DEFAULT_HOME_SECTIONS);
  });

  it('are stored and answered at once, from JSON and from the form, and an empty one goes back to the default', async () => {
    await publicCompany(); // cached from here on: the save must drop it
    const story = 'Founded in a boathouse.\nStill by the water.';
    const res = await putJson({ about_story: story, about_mission: '  Make it last.  ' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { message: string; company: Company };
    expect(answer.message).toBe('Company settings updated successfully');
    expect(answer.company).toMatchObject({ about_story: story, about_mission: 'Make it last.', about_vision: '' });
    expect(await publicCompany()).toMatchObject({ about_story: story, about_mission: 'Make it last.' });
    expect(['scheduled', 'building']).toContain(t.deps.rebuilds.status().state);

    expect((await putForm({ about_vision: 'Line one\r\nLine two', about_story: '' })).status).toBe(200);
    expect(await publicCompany()).toMatchObject({
      about_story: '',
      about_mission: 'Make it last.',
      about_vision: 'Line one\nLine two',
    });
    expect(await stored()).toMatchObject({ about_story: null, about_vision: 'Line one\nLine two' });
  });

  it('refuses a text over 2000 characters with a sentence naming the field, changing nothing', async () => {
    const before = await snapshot();
    for (const field of ['about_story', 'about_mission', 'about_vision']) {
      // A good text beside the bad one is not stored either.
      const res = await putJson({ about_story: 'Not saved', [field]: 'x'.repeat(2001) });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; field: string };
      expect(body.field).toBe(field);
      expect(body.message).toMatch(/must be at most 2000 characters\.$/);
      expectSentence(body.message, field);
    }
    expect((await putJson({ about_story: 'x'.repeat(2000) })).status).toBe(200);
    expect((await putJson({ about_story: before.company.about_story })).status).toBe(200);
    expect({ ...(await snapshot()), audits: before.audits }).toEqual(before);
  });

  it('may be changed by an admin only', async () => {
    const before = await snapshot();
    expect((await putJson({ about_story: 'Taken over' }, null)).status).toBe(401);
    expect((await putJson({ about_story: 'Taken over' }, 'garbage-token')).status).toBe(401);
    expect((await putJson({ about_story: 'Taken over', home_sections: all }, customer)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the home sections', () => {
  it('keep the order and the hidden sections saved, as JSON or as the form sends them, and null goes back to the default', async () => {
    const moved = moveHomeSection(all, 5, -1).map((s) => ({ ...s, visible: s.section !== 'posts' }));
    expect((await putJson({ home_sections: moved })).status).toBe(200);
    expect((await publicCompany()).home_sections).toEqual(moved);
    expect(await stored()).toMatchObject({ home_sections: JSON.stringify(moved) });

    const heroLast = moveHomeSection(moveHomeSection(all, 0, 1), 1, 1);
    const res = await putForm({ home_sections: JSON.stringify(heroLast) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { company: Company }).company.home_sections).toEqual(heroLast);
    expect((await publicCompany()).home_sections.map((s) => s.section).slice(0, 3)).toEqual([
      'featured',
      'products',
      'hero',
    ]);

    expect((await putJson({ home_sections: null })).status).toBe(200);
    expect((await publicCompany()).home_sections).toEqual(DEFAULT_HOME_SECTIONS);
  });

  it.each([
    ['a section twice', [...all, { section: 'story', visible: false }], "Home sections must name 'story' only once."],
    [
      'an unknown section',
      [...all, { section: 'ads', visible: true }],
      "Home sections must not name 'ads': the sections are hero, featured, products, posts, events, story, newsletter.",
    ],
    ['a missing section', all.slice(1), "Home sections must name every section: 'hero' is missing."],
    ['no list', { hero: true }, 'must be a list of the sections'],
    ['text that is no JSON list', 'hero, story', 'must be a list of the sections'],
    ['an entry without visible', all.map((s) => ({ section: s.section })), 'item 1 must name its section'],
  ])('refuses %s with 400, a sentence and the field, changing nothing', async (_, home_sections, words) => {
    const before = await snapshot();
    const res = await putJson({ home_sections, about_story: 'Not saved either' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; field: string };
    expect(body.field).toBe('home_sections');
    expect(body.message).toContain(words);
    expectSentence(body.message, 'home_sections');
    expect(await snapshot()).toEqual(before);
  });

  it('are read as the full default list when the stored value is damaged', async () => {
    for (const damaged of ['not json', '{"hero":true}', '[{"section":"story","visible":false},{"section":"ads"}]']) {
      await t.db.updateTable('company_settings').set({ home_sections: damaged }).execute();
      invalidateCompany(t.db);
      const sections = (await publicCompany()).home_sections;
      expect(sections.map((s) => s.section).sort()).toEqual([...HOME_SECTIONS].sort());
      expect(sections.filter((s) => !s.visible).map((s) => s.section)).toEqual(
        damaged.includes('story') ? ['story'] : [],
      );
    }
  });
});
