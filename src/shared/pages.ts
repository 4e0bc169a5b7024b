/** Simple pages: privacy, terms and the like, published at /pages/{slug}/ and linkable from the footer. */
import type { DraftInfo } from './drafts.ts';

/** A published page in GET /api/pages: what the footer and the sitemap need. */
export interface PageLink {
  _id: string;
  title: string;
  slug: string;
  in_footer: boolean;
}

/** A published page in GET /api/pages/:slug; `content` is sanitised on write. */
export interface PublicPage extends PageLink {
  content: string;
  createdAt: string;
  updatedAt: string | null;
}

/** A page as the admin sees it: drafts too. */
export interface AdminPage extends PublicPage {
  published: boolean;
  /** Who saved its draft (unpublished changes) and when; null without one. */
  draft: DraftInfo | null;
}

/** A page's fields as its draft and its versions hold them (whether it is in the footer is set at once, apart). */
export interface PageDraftFields {
  title: string;
  slug: string;
  content: string;
}

/** GET|PUT /api/admin/pages/{id}/draft. */
export interface PageDraft extends DraftInfo {
  fields: PageDraftFields;
}

/** The public address of a page. */
export const pagePath = (slug: string) => `/pages/${slug}/`;
