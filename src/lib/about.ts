import { DEFAULT_BRAND } from '../shared/constants.ts';
import type { Company } from '../shared/types.ts';

/** The About page's own defaults (spec: About), which differ from the site-wide brand default name. */
export const ABOUT_DEFAULTS = {
  name: 'Our Company',
  tagline: 'Welcome to our platform',
  description: 'We provide amazing services and products',
} as const;

export function aboutContent(company: Company) {
  // The API fills an unset name with the site default 'Brand'; the About page shows its own default instead.
  const name = company.name.trim() && company.name !== DEFAULT_BRAND.name ? company.name : ABOUT_DEFAULTS.name;
  return {
    name,
    tagline: company.tagline.trim() || ABOUT_DEFAULTS.tagline,
    description: company.description.trim() || ABOUT_DEFAULTS.description,
    sections: [
      { title: 'Our Story', text: 'We started with a simple idea: make things people genuinely enjoy using, and stand behind every one of them. What began as a small team has grown into a company that still cares about the details.' },
      { title: 'Our Mission', text: 'To deliver products and services that are useful, honest and built to last, with support from people who know them well.' },
      { title: 'Our Vision', text: 'A world where good design and fair dealing are the norm, and where every customer leaves a little better off than they came.' },
    ],
    team: [1, 2, 3].map((n) => ({ name: `Team Member ${n}`, position: 'Position', image: `/team/member-${n}.webp` })),
  };
}
