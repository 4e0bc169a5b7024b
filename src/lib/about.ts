import { DEFAULT_BRAND } from '../shared/constants.ts';
import type { AboutField } from '../shared/schemas/company.ts';
import type { TeamMember } from '../shared/schemas/team.ts';
import type { Company } from '../shared/types.ts';

/** One person shown under 'Our Team': a set member, or one of the spec's placeholders. */
export interface AboutPerson {
  name: string;
  position: string;
  bio: string;
  /** The portrait ('' for none: the initials stand in). */
  image: string;
  /** Up to two letters for a member without a portrait. */
  initials: string;
}

/** 'Ada Lovelace' → 'AL', 'Plato' → 'P'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** The spec's three placeholders ('Team Member N', 'Position', stock images): shown only while no member is set. */
export const PLACEHOLDER_TEAM: readonly AboutPerson[] = [1, 2, 3].map((n) => ({
  name: `Team Member ${n}`,
  position: 'Position',
  bio: '',
  image: `/team/member-${n}.webp`,
  initials: '',
}));

/** The members the company has set, in order; the placeholders when none is. */
export function aboutTeam(members: readonly TeamMember[]): readonly AboutPerson[] {
  if (members.length === 0) return PLACEHOLDER_TEAM;
  return [...members]
    .sort((a, b) => a.order - b.order)
    .map((m) => ({ name: m.name, position: m.role, bio: m.bio, image: m.photo, initials: initialsOf(m.name) }));
}

/** The About page's own defaults (spec: About), which differ from the site-wide brand default name. */
export const ABOUT_DEFAULTS = {
  name: 'Our Company',
  tagline: 'Welcome to our platform',
  description: 'We provide amazing services and products',
} as const;

/** Our Story, Our Mission and Our Vision: the spec's titles, each with the company's text or today's default. */
export const ABOUT_SECTIONS: readonly { field: AboutField; title: string; text: string }[] = [
  {
    field: 'about_story',
    title: 'Our Story',
    text: 'We started with a simple idea: make things people genuinely enjoy using, and stand behind every one of them. What began as a small team has grown into a company that still cares about the details.',
  },
  {
    field: 'about_mission',
    title: 'Our Mission',
    text: 'To deliver products and services that are useful, honest and built to last, with support from people who know them well.',
  },
  {
    field: 'about_vision',
    title: 'Our Vision',
    text: 'A world where good design and fair dealing are the norm, and where every customer leaves a little better off than they came.',
  },
];

/** The three sections as the page shows them: a blank company text shows the default. */
export function aboutSections(company: Pick<Company, AboutField>): { title: string; text: string }[] {
  return ABOUT_SECTIONS.map(({ field, title, text }) => ({ title, text: company[field].trim() || text }));
}

export function aboutContent(company: Company, members: readonly TeamMember[] = []) {
  // The API fills an unset name with the site default 'Brand'; the About page shows its own default instead.
  const name = company.name.trim() && company.name !== DEFAULT_BRAND.name ? company.name : ABOUT_DEFAULTS.name;
  return {
    name,
    tagline: company.tagline.trim() || ABOUT_DEFAULTS.tagline,
    description: company.description.trim() || ABOUT_DEFAULTS.description,
    sections: aboutSections(company),
    team: aboutTeam(members),
  };
}
