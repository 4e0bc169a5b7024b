/**
 * What an import brings in, whatever it came from: a WordPress export (WXR) and a Shopify products CSV are both read
 * into these units (wordpress/, shopify/), and one planner and one writer handle them (import-plan.ts,
 * import-apply.ts). Each unit has a `key` that names it in its source for good (`wp:post:42`, `shopify:product:mug`),
 * which is how a second run finds what the first one made and creates nothing twice.
 */

/** A picture the source refers to: its address there, and its alt text when the source had one. */
export interface ImageRef {
  /** As the source wrote it: https://old.example.com/wp-content/uploads/2024/05/mug.jpg, //cdn.shopify.com/…/mug.jpg?v=1 */
  url: string;
  alt: string;
}

export interface CategoryUnit {
  type: 'category';
  key: string;
  /** The content type it is a category of (blog posts or products). */
  kind: 'blog' | 'product';
  /** Plain text, entities decoded. */
  name: string;
}

/** A WordPress author: made a staff account without rights (disabled, no password), so posts keep their byline. */
export interface AuthorUnit {
  type: 'author';
  key: string;
  login: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
}

export interface PostUnit {
  type: 'post';
  key: string;
  /** Plain text, entities decoded. */
  title: string;
  /** The source's slug (may be empty for a draft, or taken here already: the writer makes it unique). */
  slug: string;
  /** HTML, shortcodes converted or removed, paragraphs made; sanitised again by the writer. */
  html: string;
  /** A short plain-text summary (the excerpt, else empty). */
  excerpt: string;
  published: boolean;
  /** ISO 8601 UTC. */
  date: string;
  /** The AuthorUnit key, or null. */
  authorKey: string | null;
  /** The name of its first category, or null. */
  category: string | null;
  tags: string[];
  featuredImage: ImageRef | null;
  /** Pictures the HTML shows, by the `src` it has now: the writer stores each and rewrites the address. */
  inlineImages: ImageRef[];
  /** Paths the item answered at on the old site (`/2024/05/hello-world/`), each to get a 301 to its new address. */
  oldPaths: string[];
}

export interface PageUnit {
  type: 'page';
  key: string;
  title: string;
  slug: string;
  html: string;
  published: boolean;
  date: string;
  inlineImages: ImageRef[];
  oldPaths: string[];
}

export interface CommentUnit {
  type: 'comment';
  key: string;
  /** The PostUnit key it belongs to. */
  postKey: string;
  author: string;
  email: string;
  /** Plain text. */
  text: string;
  date: string;
  status: 'approved' | 'pending' | 'spam';
}

export interface ProductUnit {
  type: 'product';
  key: string;
  name: string;
  slug: string;
  html: string;
  /** The lowest price among its variants, in cents. */
  priceCents: number;
  /** The sum of its variants' stock (0 when not tracked). */
  stock: number;
  published: boolean;
  /** The product type, as a category name, or null. */
  category: string | null;
  tags: string[];
  /** In their order: the first is the product's picture, the rest its gallery. */
  images: ImageRef[];
  oldPaths: string[];
}

export type ImportUnit = CategoryUnit | AuthorUnit | PostUnit | PageUnit | CommentUnit | ProductUnit;

/** Something in the source that cannot be imported, said in a sentence (a row without a handle, a bad price…). */
export interface SourceProblem {
  /** The source's own name for it: a title, a handle, a row number. */
  where: string;
  message: string;
}

/** What a reader makes of a source file. */
/**
 * An address of the old site that listed items rather than being one (a category's, a tag's or an author's archive),
 * and where its visitors land here: the blog filtered the same way.
 */
export interface ArchiveRedirect {
  /** The old path, e.g. /category/coffee-guides/brewing/. */
  from: string;
  /** e.g. /blogs?category=Brewing. */
  to: string;
  /** What the admin knows it by: 'Category “Brewing”'. */
  title: string;
}

export interface ReadSource {
  units: ImportUnit[];
  /** The old site's archive addresses, redirected when the import ends (WordPress; none for a Shopify CSV). */
  archives: ArchiveRedirect[];
  problems: SourceProblem[];
  /** The old site's address, when the source says it (WXR's base_site_url), for links to rewrite. */
  siteUrl: string | null;
}
