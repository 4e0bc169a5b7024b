/**
 * A WordPress export (WXR 1.1 or 1.2, as Tools › Export writes it) read into import units, in the order they depend on
 * each other: categories, authors, posts, pages, then the posts' comments. Attachments are no units of their own: they
 * give posts their featured images. Everything else WordPress exports (menu items, reusable blocks, revisions, a
 * plugin's post types) is counted in one problem line, not imported. Pure: the XML in, units and problems out.
 */
import { XMLParser } from 'fast-xml-parser';
import type {
  ArchiveRedirect,
  AuthorUnit,
  CategoryUnit,
  CommentUnit,
  ImageRef,
  PageUnit,
  PostUnit,
  ReadSource,
  SourceProblem,
} from '../import-units.ts';
import { imagesIn, plainText, wpContentToHtml } from './wp-content.ts';

type XmlNode = Record<string, unknown>;

/** The elements a WXR file may repeat: the parser makes arrays of them even when there is one. */
const REPEATED = new Set([
  'rss.channel.wp:author',
  'rss.channel.wp:category',
  'rss.channel.wp:tag',
  'rss.channel.item',
  'rss.channel.item.category',
  'rss.channel.item.wp:postmeta',
  'rss.channel.item.wp:comment',
]);

/** The category WordPress files a post under when none is chosen: a placeholder, not a category of the site's. */
const DEFAULT_CATEGORY = 'uncategorized';

const WHOLE_FILE = 'the export file';

/** The date of an item or comment whose file gives none that can be read. */
const EPOCH = new Date(0).toISOString();

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An element's text (CDATA or not), '' when it is absent or empty. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isNode(value)) return textOf(value['#text']);
  return '';
}

function text(node: XmlNode, name: string): string {
  return textOf(node[name]).trim();
}

function nodes(node: XmlNode, name: string): XmlNode[] {
  const value = node[name];
  return Array.isArray(value) ? value.filter(isNode) : [];
}

/** A title or a term's name as plain text: WordPress stores them with entities (`Beans &amp; Brews`). */
function plainName(html: string): string {
  return plainText(html).replace(/\s+/g, ' ');
}

/** The channel of a WXR file, or null when the text is not one. */
function channelOf(xml: string): XmlNode | null {
  // A parser per file: one left half-way by a malformed file carries its state into the next parse.
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (_name, path) => typeof path === 'string' && REPEATED.has(path),
  });
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    return null;
  }
  const rss = isNode(document) ? document['rss'] : undefined;
  const channel = isNode(rss) ? rss['channel'] : undefined;
  return isNode(channel) && text(channel, 'wp:wxr_version') ? channel : null;
}

/** A WordPress time (`2024-05-02 16:45:10`) as ISO 8601, or null for an empty one (`0000-00-00 00:00:00`). */
function isoTime(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  if (!year || !month || !day) return null;
  const time = new Date(Date.UTC(year, month - 1, day, hour ?? 0, minute ?? 0, second ?? 0));
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/**
 * The time in UTC, else the site's local time (a draft has no UTC time yet; the file does not say the site's time
 * zone, so the local time is taken as UTC).
 */
function timeOf(node: XmlNode, utc: string, local: string): string | null {
  return isoTime(text(node, utc)) ?? isoTime(text(node, local));
}

function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

/**
 * The path an item answered at, from its `<link>`. A link with a query (`/?p=12`, `/?page_id=3`) is how WordPress
 * names a draft or a site without pretty permalinks, and the home page's `/` is the home page: neither is the item's.
 */
function oldPathsOf(link: string): string[] {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return [];
  }
  return url.search === '' && url.pathname !== '/' ? [url.pathname] : [];
}

function metaOf(item: XmlNode, key: string): string {
  const meta = nodes(item, 'wp:postmeta').find((m) => text(m, 'wp:meta_key') === key);
  return meta ? text(meta, 'wp:meta_value') : '';
}

/** Each term of one taxonomy the item is filed under, in the file's order. */
function termsOf(item: XmlNode, taxonomy: string): { nicename: string; name: string }[] {
  return nodes(item, 'category')
    .filter((term) => term['@_domain'] === taxonomy)
    .map((term) => ({ nicename: textOf(term['@_nicename']), name: plainName(textOf(term)) }));
}

function readCategories(channel: XmlNode, items: XmlNode[]): CategoryUnit[] {
  const categories = new Map<string, string>();
  for (const category of nodes(channel, 'wp:category')) {
    categories.set(text(category, 'wp:category_nicename'), plainName(text(category, 'wp:cat_name')));
  }
  // A partial export (one author's posts, one date range) lists no categories: its items still name theirs.
  for (const term of items.flatMap((item) => termsOf(item, 'category'))) {
    if (!categories.has(term.nicename)) categories.set(term.nicename, term.name);
  }
  return [...categories]
    .filter(([nicename, categoryName]) => nicename && categoryName && nicename !== DEFAULT_CATEGORY)
    .map(([nicename, categoryName]) => ({
      type: 'category',
      key: `wp:category:${nicename}`,
      kind: 'blog',
      name: categoryName,
    }));
}

/**
 * The archive addresses WordPress gives (with its default permalink bases, under the blog's own path): each
 * category's (a child's under its parents', /category/coffee-guides/brewing/) to the blog filtered by that category,
 * each tag's to the blog searched for it, each author's to the blog.
 */
function readArchives(channel: XmlNode, items: XmlNode[], authors: readonly AuthorUnit[]): ArchiveRedirect[] {
  const blogPath = pathOf(text(channel, 'wp:base_blog_url') || text(channel, 'wp:base_site_url'));
  const parents = new Map<string, string>();
  const categories = new Map<string, string>();
  for (const category of nodes(channel, 'wp:category')) {
    const nicename = text(category, 'wp:category_nicename');
    categories.set(nicename, plainName(text(category, 'wp:cat_name')));
    parents.set(nicename, text(category, 'wp:category_parent'));
  }
  for (const term of items.flatMap((item) => termsOf(item, 'category')))
    if (!categories.has(term.nicename)) categories.set(term.nicename, term.name);
  const tags = new Map<string, string>();
  for (const tag of nodes(channel, 'wp:tag')) tags.set(text(tag, 'wp:tag_slug'), plainName(text(tag, 'wp:tag_name')));
  for (const term of items.flatMap((item) => termsOf(item, 'post_tag')))
    if (!tags.has(term.nicename)) tags.set(term.nicename, term.name);
  /** The category's path segments, its ancestors' first (a loop in the file stops at the first repeat). */
  const lineage = (nicename: string): string[] => {
    const path = [nicename];
    for (let up = parents.get(nicename); up && !path.includes(up); up = parents.get(up)) path.unshift(up);
    return path;
  };
  const archives: ArchiveRedirect[] = [];
  for (const [nicename, name] of categories)
    if (nicename && name && nicename !== DEFAULT_CATEGORY)
      archives.push({
        from: `${blogPath}/category/${lineage(nicename).join('/')}/`,
        to: `/blogs?category=${encodeURIComponent(name)}`,
        title: `Category “${name}”`,
      });
  for (const [slug, name] of tags)
    if (slug && name)
      archives.push({
        from: `${blogPath}/tag/${slug}/`,
        to: `/blogs?q=${encodeURIComponent(name)}`,
        title: `Tag “${name}”`,
      });
  for (const author of authors)
    archives.push({
      from: `${blogPath}/author/${author.login}/`,
      to: '/blogs',
      title: `Author “${author.displayName}”`,
    });
  return archives;
}

/** The path of the blog's address ('' at the root of its host), without a trailing slash. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

function readAuthors(channel: XmlNode): AuthorUnit[] {
  return nodes(channel, 'wp:author')
    .map((author): AuthorUnit => {
      const login = text(author, 'wp:author_login');
      return {
        type: 'author',
        key: `wp:author:${login}`,
        login,
        email: text(author, 'wp:author_email'),
        firstName: plainName(text(author, 'wp:author_first_name')),
        lastName: plainName(text(author, 'wp:author_last_name')),
        displayName: plainName(text(author, 'wp:author_display_name')) || login,
      };
    })
    .filter((author) => author.login !== '');
}

/** Attachments' pictures by post id: the address, and the alt text the media library kept. */
function attachmentsOf(items: XmlNode[]): Map<string, ImageRef> {
  const attachments = new Map<string, ImageRef>();
  for (const item of items) {
    if (text(item, 'wp:post_type') !== 'attachment') continue;
    const url = text(item, 'wp:attachment_url');
    if (!url) continue;
    attachments.set(text(item, 'wp:post_id'), { url, alt: plainText(metaOf(item, '_wp_attachment_image_alt')) });
  }
  return attachments;
}

interface Reading {
  attachments: Map<string, ImageRef>;
  authorLogins: Set<string>;
  unknownLogins: Set<string>;
  problems: SourceProblem[];
}

/** What posts and pages share: the title, address and body, whether it is public, and when it was written. */
function readEntry(item: XmlNode, kind: 'post' | 'page', reading: Reading) {
  const key = `wp:${kind}:${text(item, 'wp:post_id')}`;
  const title = plainName(text(item, 'title'));
  const where = title || key;
  const html = wpContentToHtml(text(item, 'content:encoded'));
  const protectedByPassword = text(item, 'wp:post_password') !== '';
  if (protectedByPassword && text(item, 'wp:status') === 'publish') {
    reading.problems.push({
      where,
      message: 'It is protected by a password, so it is imported unpublished: publish it when it may be public.',
    });
  }
  let date = timeOf(item, 'wp:post_date_gmt', 'wp:post_date');
  if (date === null) {
    reading.problems.push({ where, message: 'It has no date, so it is dated 1 January 1970.' });
    date = EPOCH;
  }
  return {
    key,
    title,
    slug: decodeSlug(text(item, 'wp:post_name')),
    html,
    published: text(item, 'wp:status') === 'publish' && !protectedByPassword,
    date,
    inlineImages: imagesIn(html),
    oldPaths: oldPathsOf(text(item, 'link')),
  };
}

function featuredImageOf(item: XmlNode, title: string, reading: Reading): ImageRef | null {
  const id = metaOf(item, '_thumbnail_id');
  if (!id) return null;
  const image = reading.attachments.get(id);
  if (!image) {
    reading.problems.push({
      where: title,
      message: `Its featured image (attachment ${id}) is not in the export file, so it is imported without one.`,
    });
  }
  return image ?? null;
}

function authorKeyOf(item: XmlNode, reading: Reading): string | null {
  const login = text(item, 'dc:creator');
  if (!login) return null;
  if (reading.authorLogins.has(login)) return `wp:author:${login}`;
  reading.unknownLogins.add(login);
  return null;
}

function readPost(item: XmlNode, reading: Reading): PostUnit {
  const entry = readEntry(item, 'post', reading);
  const category = termsOf(item, 'category').find((term) => term.nicename !== DEFAULT_CATEGORY);
  return {
    type: 'post',
    ...entry,
    excerpt: plainText(text(item, 'excerpt:encoded')),
    authorKey: authorKeyOf(item, reading),
    category: category?.name ?? null,
    tags: [...new Set(termsOf(item, 'post_tag').map((tag) => tag.name))],
    featuredImage: featuredImageOf(item, entry.title || entry.key, reading),
  };
}

function readPage(item: XmlNode, reading: Reading): PageUnit {
  const { key, title, slug, html, published, date, inlineImages, oldPaths } = readEntry(item, 'page', reading);
  return { type: 'page', key, title, slug, html, published, date, inlineImages, oldPaths };
}

const COMMENT_STATUS: ReadonlyMap<string, CommentUnit['status']> = new Map([
  ['1', 'approved'],
  ['0', 'pending'],
  ['spam', 'spam'],
]);

/** A post's comments; pingbacks and trackbacks are other sites' notices, not what visitors wrote, and are left out. */
function readComments(item: XmlNode, postKey: string): CommentUnit[] {
  return nodes(item, 'wp:comment').flatMap((comment): CommentUnit[] => {
    const status = COMMENT_STATUS.get(text(comment, 'wp:comment_approved'));
    const type = text(comment, 'wp:comment_type');
    if (!status || type === 'pingback' || type === 'trackback') return [];
    return [
      {
        type: 'comment',
        key: `wp:comment:${text(comment, 'wp:comment_id')}`,
        postKey,
        author: plainName(text(comment, 'wp:comment_author')),
        email: text(comment, 'wp:comment_author_email'),
        text: plainText(text(comment, 'wp:comment_content')),
        date: timeOf(comment, 'wp:comment_date_gmt', 'wp:comment_date') ?? EPOCH,
        status,
      },
    ];
  });
}

/** Comments on pages: the product's pages take no comments, so they are said once, not dropped in silence. */
function pageCommentsProblem(count: number): SourceProblem[] {
  if (count === 0) return [];
  const message = count === 1 ? '1 comment on a page is not imported' : `${count} comments on pages are not imported`;
  return [{ where: WHOLE_FILE, message: `${message}: only posts have comments here.` }];
}

/** One line for everything of a type this import does not bring: menu items, reusable blocks, a plugin's types. */
function otherTypesProblem(others: Map<string, number>): SourceProblem[] {
  const count = [...others.values()].reduce((sum, n) => sum + n, 0);
  if (count === 0) return [];
  const types = [...others.keys()].join(', ');
  const message =
    count === 1
      ? `1 item of another type (${types}) is not imported.`
      : `${count} items of other types (${types}) are not imported.`;
  return [{ where: WHOLE_FILE, message }];
}

interface Items {
  posts: PostUnit[];
  pages: PageUnit[];
  comments: CommentUnit[];
  pageComments: number;
  /** Items of the types not imported, counted by type. */
  others: Map<string, number>;
}

/** The posts, pages and comments among the items; attachments were read already, trashed items are not imported. */
function readItems(items: XmlNode[], reading: Reading): Items {
  const read: Items = { posts: [], pages: [], comments: [], pageComments: 0, others: new Map() };
  for (const item of items) {
    const type = text(item, 'wp:post_type') || 'unknown';
    if (type === 'attachment' || text(item, 'wp:status') === 'trash' || !text(item, 'wp:post_id')) continue;
    if (type === 'post') {
      const post = readPost(item, reading);
      read.posts.push(post);
      read.comments.push(...readComments(item, post.key));
    } else if (type === 'page') {
      read.pages.push(readPage(item, reading));
      read.pageComments += readComments(item, '').length;
    } else {
      read.others.set(type, (read.others.get(type) ?? 0) + 1);
    }
  }
  return read;
}

function unknownAuthorProblems(logins: Set<string>): SourceProblem[] {
  return [...logins].map((login) => ({
    where: login,
    message: 'This author is not in the export’s list of authors, so their posts are imported without a byline.',
  }));
}

/** An export always ends with its `</rss>`: a file without it was cut short on its way (an upload, a download). */
function cutShortProblem(xml: string): SourceProblem[] {
  if (/<\/rss>\s*$/.test(xml)) return [];
  return [{ where: WHOLE_FILE, message: 'The file ends before the export does: it may have been cut short.' }];
}

/** Read a WordPress export (WXR) into import units, with what cannot be imported said as problems. */
export function readWxr(xml: string): ReadSource {
  const channel = channelOf(xml);
  if (!channel) {
    return {
      units: [],
      archives: [],
      problems: [{ where: WHOLE_FILE, message: 'The file is not a WordPress export (WXR) file.' }],
      siteUrl: null,
    };
  }
  const items = nodes(channel, 'item');
  const authors = readAuthors(channel);
  const reading: Reading = {
    attachments: attachmentsOf(items),
    authorLogins: new Set(authors.map((author) => author.login)),
    unknownLogins: new Set(),
    problems: [],
  };
  const { posts, pages, comments, pageComments, others } = readItems(items, reading);
  const siteUrl = text(channel, 'wp:base_site_url') || text(channel, 'wp:base_blog_url');
  return {
    units: [...readCategories(channel, items), ...authors, ...posts, ...pages, ...comments],
    archives: readArchives(channel, items, authors),
    problems: [
      ...reading.problems,
      ...unknownAuthorProblems(reading.unknownLogins),
      ...pageCommentsProblem(pageComments),
      ...otherTypesProblem(others),
      ...cutShortProblem(xml),
    ],
    siteUrl: siteUrl || null,
  };
}
