import type { SeoPage } from '../shared/constants.ts';
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

/**
 * Title and description of a page: the seo_<page>_* settings when set; otherwise '<Page> | <company name>'
 * (the company name alone on the home page) and the company tagline.
 */
export function pageMeta(company: Company, page: SeoPage | null, override: Partial<PageMeta> = {}): PageMeta {
  const name = company.name.trim() || 'Brand';
  const seoTitle = page ? company[`seo_${page}_title`].trim() : '';
  const seoDescription = page ? company[`seo_${page}_description`].trim() : '';
  const fallback = page ? FALLBACKS[page] : undefined;
  const heading = override.title ?? fallback?.title;
  return {
    title: seoTitle || (heading ? `${heading} | ${name}` : name),
    // The first one set and not empty.
    description: [seoDescription, override.description, fallback?.description].find(Boolean) ?? company.tagline,
  };
}
