/** The footer's links that follow the content: published pages marked for it, and the pricing and documents pages when they have something to show. */
import type { PageLink } from '../../shared/pages.ts';
import { orEmpty } from './content.ts';
import { fetchDocuments } from './documents.ts';
import { fetchPages } from './pages.ts';
import { fetchPlans } from './plans.ts';

export interface FooterLink {
  href: string;
  label: string;
}

export interface FooterLinks {
  /** Published pages with in_footer (privacy, terms…), by title. */
  legal: PageLink[];
  /** /pricing with published plans, /documents with published documents. */
  resources: FooterLink[];
}

/** Every page of a build renders the footer: one read serves them all (a few seconds, so `astro dev` still follows edits). */
const FOOTER_TTL_MS = 5_000;
let footer: { at: number; links: Promise<FooterLinks> } | undefined;

async function readFooterLinks(): Promise<FooterLinks> {
  const [pages, plans, documents] = await Promise.all([
    orEmpty(fetchPages, 'pages'),
    orEmpty(fetchPlans, 'plans'),
    orEmpty(fetchDocuments, 'documents'),
  ]);
  const resources: FooterLink[] = [];
  if (plans.length > 0) resources.push({ href: '/pricing', label: 'Pricing' });
  if (documents.length > 0) resources.push({ href: '/documents', label: 'Documents' });
  return { legal: pages.filter((p) => p.in_footer), resources };
}

/** The footer's content links; none of a kind when the API cannot be read (the footer then leaves that group out). */
export function fetchFooterLinks(): Promise<FooterLinks> {
  if (!footer || Date.now() - footer.at > FOOTER_TTL_MS) footer = { at: Date.now(), links: readFooterLinks() };
  return footer.links;
}
