/** The home page's sections setting (src/shared/home-layout.ts) and its save rule (CompanyUpdate.home_sections). */
import { describe, expect, it } from 'vitest';
import { withCompanyDefaults } from '../../src/shared/company.ts';
import {
  DEFAULT_HOME_SECTIONS,
  HOME_SECTIONS,
  moveHomeSection,
  resolveHomeSections,
  visibleHomeSections,
} from '../../src/shared/home-layout.ts';
import { CompanyUpdate } from '../../src/shared/schemas/company.ts';

const all = (visible = true) => HOME_SECTIONS.map((section) => ({ section, visible }));

describe('resolveHomeSections', () => {
  it('gives the spec order, every section shown, for nothing stored', () => {
    expect(HOME_SECTIONS).toEqual(['hero', 'featured', 'products', 'posts', 'events', 'story', 'newsletter']);
    for (const stored of [null, undefined, '', '  ', 'not json', '{"section":"hero"}', 42, {}])
      expect(resolveHomeSections(stored), JSON.stringify(stored)).toEqual(DEFAULT_HOME_SECTIONS);
  });

  it('keeps a stored order and what it hides, from a list or its JSON text', () => {
    const stored = [...all()].reverse().map((s) => ({ ...s, visible: s.section !== 'events' }));
    expect(resolveHomeSections(stored)).toEqual(stored);
    expect(resolveHomeSections(JSON.stringify(stored))).toEqual(stored);
  });

  it.each([
    [
      'unknown sections are dropped',
      [
        { section: 'ads', visible: true },
        { section: 'story', visible: false },
      ],
    ],
    ['a repeated section keeps its first entry', [{ section: 'story', visible: false }, { section: 'story' }]],
    ['entries that are no objects are dropped', ['story', null, 7, { section: 'story', visible: false }]],
  ])('reads defensively: %s, and sections left out follow in their default order, shown', (_, stored) => {
    expect(resolveHomeSections(stored)).toEqual([
      { section: 'story', visible: false },
      ...all().filter((s) => s.section !== 'story'),
    ]);
  });

  it('shows a section unless it says visible: false', () => {
    expect(resolveHomeSections([{ section: 'posts' }, { section: 'events', visible: 'no' }]).slice(0, 2)).toEqual([
      { section: 'posts', visible: true },
      { section: 'events', visible: true },
    ]);
  });

  it('is what withCompanyDefaults gives any company, whatever was fetched', () => {
    expect(withCompanyDefaults(null).home_sections).toEqual(DEFAULT_HOME_SECTIONS);
    const broken = { home_sections: 'oops' } as unknown as Parameters<typeof withCompanyDefaults>[0];
    expect(withCompanyDefaults(broken).home_sections).toEqual(DEFAULT_HOME_SECTIONS);
    const moved = moveHomeSection(all(), 0, 1);
    expect(withCompanyDefaults({ home_sections: moved }).home_sections).toEqual(moved);
  });
});

describe('visibleHomeSections and moveHomeSection', () => {
  it('lists the shown sections in order', () => {
    const sections = all().map((s) => ({ ...s, visible: s.section !== 'hero' && s.section !== 'posts' }));
    expect(visibleHomeSections(sections)).toEqual(['featured', 'products', 'events', 'story', 'newsletter']);
  });

  it('swaps a section with its neighbour, and leaves the list as it is at either end', () => {
    expect(
      moveHomeSection(all(), 0, 1)
        .map((s) => s.section)
        .slice(0, 3),
    ).toEqual(['featured', 'hero', 'products']);
    expect(
      moveHomeSection(all(), 6, -1)
        .map((s) => s.section)
        .slice(-2),
    ).toEqual(['newsletter', 'story']);
    expect(moveHomeSection(all(), 0, -1)).toEqual(all());
    expect(moveHomeSection(all(), 6, 1)).toEqual(all());
  });
});

describe('the save rule of home_sections', () => {
  const parse = (home_sections: unknown) => CompanyUpdate.safeParse({ home_sections });

  it('stores the full list as JSON text, from a list or its JSON text; empty or null puts back the default', () => {
    const moved = moveHomeSection(all(), 2, -1).map((s) => ({ ...s, visible: s.section !== 'story' }));
    expect(parse(moved).data?.home_sections).toBe(JSON.stringify(moved));
    expect(parse(JSON.stringify(moved)).data?.home_sections).toBe(JSON.stringify(moved));
    // Fields it does not know are not stored.
    expect(parse(all().map((s) => ({ ...s, extra: 1 }))).data?.home_sections).toBe(JSON.stringify(all()));
    expect(parse('').data?.home_sections).toBeNull();
    expect(parse(null).data?.home_sections).toBeNull();
  });

  it.each([
    ['not a list', { hero: true }, 'must be a list of the sections'],
    ['text that is no list', 'hero,story', 'must be a list of the sections'],
    ['an entry without visible', [{ section: 'hero' }], 'item 1 must name its section and whether it is visible'],
    ['an unknown section', [...all(), { section: 'ads', visible: true }], "must not name 'ads'"],
    ['a section twice', [...all(), { section: 'hero', visible: false }], "must name 'hero' only once"],
    ['a missing section', all().slice(0, 5), "'story', 'newsletter' are missing"],
  ])('refuses %s with a sentence', (_, value, words) => {
    const result = parse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['home_sections']);
    expect(result.error?.issues[0]?.message).toContain(words);
  });
});
