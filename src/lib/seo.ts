import type { SeoPage } from '../shared/constants.ts';
import { apiAsset } from './api/base.ts';
import type { Company } from '../shared/types.ts';

export interface PageMeta {
  title: string;
  description: string;
}

/** Page defaults when a seo_* setting is empty: a heading for the page and, for some, a description. */
const FALLBACKS: Partial<Record<SeoPage, { title?: string; description?: string }>> = {
  login: { title: 'Login' },
  register: { title: 'Register' },
  profile: { title: 'Profile' },
  shop: { title: 'Shop' },
  blogs: { title: 'Blogs' },
  photos: { title: 'Photos' },
  videos: { title: 'Videos' },
  audio: { title: 'Audio Library' },
  events: { title: 'Events' },
  notfound: { title: '404 - Page Not Found', description: "Sorry, we couldn't find the page you were looking for." },
  contact: { title: 'Contact', description: 'Contact us for more information.' },
};

/** Between a page's heading and the company name in every document title. */
export const TITLE_SEPARATOR = ' · ';

/** Where a stored title or description names the company: replaced by the current name, so a rename reaches it. */
export const COMPANY_PLACEHOLDER = '{company}';

/** The company's name as titles show it ('Brand' when it has none). */
export const titleName = (company: Pick<Company, 'name'>) => company.name.trim() || 'Brand';

/** A stored title or description with the company's current name in place of every {company}. */
export function withCompanyName(template: string, company: Pick<Company, 'name'>): string {
  return template.split(COMPANY_PLACEHOLDER).join(titleName(company));
}

/** '<heading> · <company name>'; the company name alone without a heading. */
export function pageTitle(heading: string | undefined, company: Pick<Company, 'name'>): string {
  return heading ? `${heading}${TITLE_SEPARATOR}${titleName(company)}` : titleName(company);
}

/**
 * Title and description of a page: the seo_<page>_* settings when set (with {company} filled in); otherwise
 * '<Page> · <company name>' (the company name alone on the home page) and the company tagline.
 */
export function pageMeta(company: Company, page: SeoPage | null, override: Partial<PageMeta> = {}): PageMeta {
  const seoTitle = page ? withCompanyName(company[`seo_${page}_title`], company).trim() : '';
  const seoDescription = page ? withCompanyName(company[`seo_${page}_description`], company).trim() : '';
  const fallback = page ? FALLBACKS[page] : undefined;
  return {
    title: seoTitle || pageTitle(override.title ?? fallback?.title, company),
    // The first one set and not empty.
    description: [seoDescription, override.description, fallback?.description].find(Boolean) ?? company.tagline,
  };
}

/** schema.org Organization for the home page: the name, address, logo and social profiles search engines show. */
export function organizationJsonLd(company: Company, site: URL): Record<string, unknown> {
  const sameAs = Object.values(company.social).filter((link) => link !== '');
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: titleName(company),
    url: new URL('/', site).href,
    ...(company.logo ? { logo: new URL(apiAsset(company.logo), site).href } : {}),
    ...(company.email ? { email: company.email } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}
