/** The About page's Our Story, Our Mission and Our Vision: the company's texts, or the defaults (src/lib/about.ts). */
import { describe, expect, it } from 'vitest';
import { ABOUT_SECTIONS, aboutContent, aboutSections } from '../../src/lib/about.ts';
import { withCompanyDefaults } from '../../src/shared/company.ts';
import { CompanyUpdate } from '../../src/shared/schemas/company.ts';

const texts = (over: Partial<Record<'about_story' | 'about_mission' | 'about_vision', string>> = {}) => ({
  about_story: '',
  about_mission: '',
  about_vision: '',
  ...over,
});

describe('aboutSections', () => {
  it("shows the spec's three titles with today's texts on a site that set none", () => {
    const sections = aboutSections(withCompanyDefaults(null));
    expect(sections.map((s) => s.title)).toEqual(['Our Story', 'Our Mission', 'Our Vision']);
    expect(sections.map((s) => s.text)).toEqual(ABOUT_SECTIONS.map((s) => s.text));
    expect(sections[0]?.text).toMatch(/^We started with a simple idea/);
    expect(aboutContent(withCompanyDefaults(null)).sections).toEqual(sections);
  });

  it("shows the company's own text where it wrote one and the default where it left one blank", () => {
    const sections = aboutSections(texts({ about_story: 'Founded in a garage.\nNow in a loft.', about_vision: '   ' }));
    expect(sections.map((s) => s.text)).toEqual([
      'Founded in a garage.\nNow in a loft.',
      ABOUT_SECTIONS[1]?.text,
      ABOUT_SECTIONS[2]?.text,
    ]);
  });

  it('keeps the titles whatever the texts', () => {
    const sections = aboutSections(texts({ about_story: 'a', about_mission: 'b', about_vision: 'c' }));
    expect(sections).toEqual([
      { title: 'Our Story', text: 'a' },
      { title: 'Our Mission', text: 'b' },
      { title: 'Our Vision', text: 'c' },
    ]);
  });
});

describe('the save rule of the About texts', () => {
  it('takes multi-line text up to 2000 characters, stores empty as null, and refuses longer', () => {
    expect(CompanyUpdate.parse({ about_story: ' One\r\nTwo ' }).about_story).toBe('One\nTwo');
    expect(CompanyUpdate.parse({ about_mission: '' }).about_mission).toBeNull();
    expect(CompanyUpdate.safeParse({ about_vision: 'x'.repeat(2000) }).success).toBe(true);
    const long = CompanyUpdate.safeParse({ about_vision: 'x'.repeat(2001) });
    expect(long.error?.issues[0]?.path).toEqual(['about_vision']);
    expect(long.error?.issues[0]?.message).toBe('must be at most 2000 characters');
  });
});
