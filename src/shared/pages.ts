/** Simple pages: privacy, terms and the like, published at /pages/{slug}/ and linkable from the footer. */

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
}

/** The public address of a page. */
export const pagePath = (slug: string) => `/pages/${slug}/`;
