/**
 * Reading a WordPress export into import units. The fixture is a whole WXR 1.2 file as Tools › Export writes it, of a
 * small roastery's blog with the odd cases real sites have (drafts without a slug, a percent-encoded slug, a missing
 * attachment, spam, pingbacks, menu items); the small exports after it each show one rule, and the body conversion's
 * rules are checked one by one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type {
  CommentUnit,
  ImportUnit,
  PageUnit,
  PostUnit,
  ReadSource,
} from '../../src/server/modules/imports/import-units.ts';
import { readWxr } from '../../src/server/modules/imports/wordpress/read-wxr.ts';
import {
  decodeEntities,
  imagesIn,
  plainText,
  wpContentToHtml,
} from '../../src/server/modules/imports/wordpress/wp-content.ts';

const FIXTURE = readFileSync(new URL('../fixtures/import/wordpress-export.xml', import.meta.url), 'utf8');

const UPLOADS = 'https://blog.example.com/wp-content/uploads';

const unitsOf = <T extends ImportUnit['type']>(read: ReadSource, type: T) =>
  read.units.filter((unit): unit is Extract<ImportUnit, { type: T }> => unit.type === type);

function unitOf<T extends ImportUnit['type']>(
  read: ReadSource,
  type: T,
  key: string,
): Extract<ImportUnit, { type: T }> {
  const unit = unitsOf(read, type).find((u) => u.key === key);
  if (!unit) throw new Error(`no ${type} ${key}`);
  return unit;
}

/** A WXR file around `body` (the channel's authors, terms and items), as WordPress starts and ends one. */
function wxr(body: string, version = '1.2'): string {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0"
	xmlns:excerpt="http://wordpress.org/export/${version}/excerpt/"
	xmlns:content="http://purl.org/rss/1.0/modules/content/"
	xmlns:dc="http://purl.org/dc/elements/1.1/"
	xmlns:wp="http://wordpress.org/export/${version}/"
>
<channel>
	<title>Small site</title>
	<wp:wxr_version>${version}</wp:wxr_version>
	<wp:base_site_url>https://old.example.org</wp:base_site_url>
	<wp:base_blog_url>https://old.example.org</wp:base_blog_url>
	<wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[ana]]></wp:author_login><wp:author_email><![CDATA[ana@example.org]]></wp:author_email><wp:author_display_name><![CDATA[Ana]]></wp:author_display_name><wp:author_first_name><![CDATA[]]></wp:author_first_name><wp:author_last_name><![CDATA[]]></wp:author_last_name></wp:author>
${body}
</channel>
</rss>
`;
}

/** One item: a published post by `ana` unless the fields say otherwise; `inside` is added before `</item>`. */
function item(fields: Record<string, string> = {}, inside = ''): string {
  const f = {
    title: 'A post',
    link: 'https://old.example.org/a-post/',
    creator: 'ana',
    content: '',
    id: '7',
    date: '2024-03-01 10:00:00',
    name: 'a-post',
    status: 'publish',
    type: 'post',
    password: '',
    ...fields,
  };
  return `<item>
		<title><![CDATA[${f.title}]]></title>
		<link>${f.link}</link>
		<dc:creator><![CDATA[${f.creator}]]></dc:creator>
		<content:encoded><![CDATA[${f.content}]]></content:encoded>
		<excerpt:encoded><![CDATA[]]></excerpt:encoded>
		<wp:post_id>${f.id}</wp:post_id>
		<wp:post_date><![CDATA[${f.date}]]></wp:post_date>
		<wp:post_date_gmt><![CDATA[${f.date}]]></wp:post_date_gmt>
		<wp:post_name><![CDATA[${f.name}]]></wp:post_name>
		<wp:status><![CDATA[${f.status}]]></wp:status>
		<wp:post_type><![CDATA[${f.type}]]></wp:post_type>
		<wp:post_password><![CDATA[${f.password}]]></wp:post_password>
		${inside}
	</item>`;
}

function comment(id: string, approved: string, type = 'comment'): string {
  return `<wp:comment>
			<wp:comment_id>${id}</wp:comment_id>
			<wp:comment_author><![CDATA[Visitor ${id}]]></wp:comment_author>
			<wp:comment_author_email><![CDATA[v${id}@example.net]]></wp:comment_author_email>
			<wp:comment_date><![CDATA[2024-03-02 10:00:00]]></wp:comment_date>
			<wp:comment_date_gmt><![CDATA[2024-03-02 09:00:00]]></wp:comment_date_gmt>
			<wp:comment_content><![CDATA[Comment ${id}]]></wp:comment_content>
			<wp:comment_approved><![CDATA[${approved}]]></wp:comment_approved>
			<wp:comment_type><![CDATA[${type}]]></wp:comment_type>
		</wp:comment>`;
}

describe('the WordPress export of a roastery’s blog', () => {
  const read = readWxr(FIXTURE);
  const post = (id: number) => unitOf(read, 'post', `wp:post:${id}`);
  const page = (id: number) => unitOf(read, 'page', `wp:page:${id}`);
  const postKeys = () => unitsOf(read, 'post').map((p) => p.key);
  const commentKeys = () => unitsOf(read, 'comment').map((c) => c.key);

  it('is the kind of file WordPress writes: its header comments, the five namespaces, WXR 1.2, CDATA', () => {
    expect(FIXTURE).toMatch(/^<\?xml version="1\.0" encoding="UTF-8" \?>\n<!-- This is a WordPress eXtended RSS file/);
    for (const ns of ['excerpt', 'content', 'wfw', 'dc', 'wp']) expect(FIXTURE).toContain(`xmlns:${ns}="`);
    expect(FIXTURE).toContain('<wp:wxr_version>1.2</wp:wxr_version>');
    expect(FIXTURE.match(/<item>/g)).toHaveLength(39);
    // What the reader leaves out is really there to leave out.
    for (const present of ['[CDATA[trash]]', '[CDATA[pingback]]', '[CDATA[nav_menu_item]]', '[CDATA[wp_block]]']) {
      expect(FIXTURE).toContain(present);
    }
  });

  it('gives the old site’s address', () => {
    expect(read.siteUrl).toBe('https://blog.example.com');
  });

  it('puts units in the order they depend on each other: categories, authors, posts, pages, then comments', () => {
    const order = ['category', 'author', 'post', 'page', 'comment'];
    const types = read.units.map((unit) => unit.type);
    expect(types).toEqual([...types].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    expect(types.filter((t, i) => t !== types[i - 1])).toEqual(order);
  });

  it('reads 4 categories, 3 authors, 20 posts, 4 pages and 10 comments', () => {
    const counts = Object.fromEntries(
      ['category', 'author', 'post', 'page', 'comment', 'product'].map((type) => [
        type,
        read.units.filter((u) => u.type === type).length,
      ]),
    );
    expect(counts).toEqual({ category: 4, author: 3, post: 20, page: 4, comment: 10, product: 0 });
  });

  it('reads the blog’s categories, the nested one too, decoded, and leaves WordPress’s Uncategorized out', () => {
    expect(unitsOf(read, 'category')).toEqual([
      { type: 'category', key: 'wp:category:coffee-guides', kind: 'blog', name: 'Coffee Guides' },
      { type: 'category', key: 'wp:category:company-culture', kind: 'blog', name: 'Company & Culture' },
      { type: 'category', key: 'wp:category:news', kind: 'blog', name: 'News' },
      { type: 'category', key: 'wp:category:brewing', kind: 'blog', name: 'Brewing' },
    ]);
  });

  it('gives each category’s, tag’s and author’s archive address a place to lead: the blog filtered, searched or whole', () => {
    expect(read.archives.filter((a) => a.from.startsWith('/category/'))).toEqual([
      { from: '/category/coffee-guides/', to: '/blogs?category=Coffee%20Guides', title: 'Category “Coffee Guides”' },
      {
        from: '/category/company-culture/',
        to: '/blogs?category=Company%20%26%20Culture',
        title: 'Category “Company & Culture”',
      },
      { from: '/category/news/', to: '/blogs?category=News', title: 'Category “News”' },
      // WordPress puts a child category's archive under its parent's.
      { from: '/category/coffee-guides/brewing/', to: '/blogs?category=Brewing', title: 'Category “Brewing”' },
    ]);
    expect(read.archives).toContainEqual({ from: '/tag/cafe/', to: '/blogs?q=Caf%C3%A9', title: 'Tag “Café”' });
    expect(read.archives.filter((a) => a.from.startsWith('/author/'))).toEqual([
      { from: '/author/mkeller/', to: '/blogs', title: 'Author “Maria Keller”' },
      { from: '/author/jodonnell/', to: '/blogs', title: "Author “Jack O'Donnell”" },
      { from: '/author/priya.raman/', to: '/blogs', title: 'Author “Priya Raman”' },
    ]);
  });

  it('reads the authors by their login, the apostrophe in a name kept', () => {
    expect(unitsOf(read, 'author')).toEqual([
      {
        type: 'author',
        key: 'wp:author:mkeller',
        login: 'mkeller',
        email: 'maria.keller@example.com',
        firstName: 'Maria',
        lastName: 'Keller',
        displayName: 'Maria Keller',
      },
      {
        type: 'author',
        key: 'wp:author:jodonnell',
        login: 'jodonnell',
        email: 'jack.odonnell@example.com',
        firstName: 'Jack',
        lastName: "O'Donnell",
        displayName: "Jack O'Donnell",
      },
      {
        type: 'author',
        key: 'wp:author:priya.raman',
        login: 'priya.raman',
        email: 'priya@example.com',
        firstName: 'Priya',
        lastName: 'Raman',
        displayName: 'Priya Raman',
      },
    ]);
  });

  it('reads the posts in the file’s order, keyed by post id; the trashed one is not among them', () => {
    expect(postKeys()).toEqual(
      [1, 10, 12, 13, 14, 16, 18, 20, 21, 22, 24, 27, 28, 30, 31, 32, 34, 35, 37, 40].map((id) => `wp:post:${id}`),
    );
    expect(postKeys()).not.toContain('wp:post:29');
  });

  it.each([
    [1, 'Hello world!'],
    [12, 'Hello world!'],
    [14, 'Beans & Brews: What’s new this spring'],
    [20, 'Crème brûlée latte ☕'],
    [21, '✓ Our quality checklist'],
    [34, 'We’re hiring a head roaster'],
  ])('decodes the title of post %i to %j', (id, title) => {
    expect(post(id).title).toBe(title);
  });

  it.each([
    [1, 'hello-world'],
    [12, 'hello-world-2'],
    [13, 'about'],
    [21, '✓-our-quality-checklist'],
    [30, ''],
  ])('gives post %i the slug %j (percent-encoded ones decoded, a draft’s may be empty)', (id, slug) => {
    expect(post(id).slug).toBe(slug);
  });

  it.each([
    [10, 'publish', true],
    [28, 'private', false],
    [30, 'draft', false],
    [34, 'pending', false],
    [40, 'future', false],
  ])('imports post %i (%s) published: %s', (id, _status, published) => {
    expect(post(id).published).toBe(published);
  });

  it('imports a published post with a password unpublished, and says so', () => {
    expect(post(31).published).toBe(false);
    expect(read.problems).toContainEqual({
      where: 'Wholesale partner update',
      message: 'It is protected by a password, so it is imported unpublished: publish it when it may be public.',
    });
  });

  it.each([
    [10, '2023-03-08T14:05:00.000Z', 'its UTC time, not the site’s local 15:05'],
    [24, '2023-12-31T23:30:00.000Z', 'the UTC time, a day before its local date'],
    [30, '2024-05-02T16:45:10.000Z', 'a draft’s local time, as it has no UTC time yet'],
    [34, '2024-08-30T14:20:00.000Z', 'a pending post’s local time'],
    [40, '2025-11-20T08:00:00.000Z', 'the time a scheduled post was to appear'],
  ])('dates post %i %s (%s)', (id, date) => {
    expect(post(id).date).toBe(date);
  });

  it.each([
    [10, ['/2023/03/08/our-new-roastery-is-open/']],
    [12, ['/2023/03/15/hello-world-2/']],
    [13, ['/2023/03/20/about/']],
    [21, ['/2023/10/12/%e2%9c%93-our-quality-checklist/']],
    [24, ['/2024/01/01/our-2023-sustainability-report/']],
    [28, ['/2024/04/09/q1-numbers-team-only/']],
    [30, []],
    [34, []],
    [40, []],
  ])('gives post %i the old paths %j (a /?p= link is no path)', (id, paths) => {
    expect(post(id).oldPaths).toEqual(paths);
  });

  it('gives a featured image its attachment’s address and its media-library alt text', () => {
    expect(post(10).featuredImage).toEqual({
      url: `${UPLOADS}/2023/03/roastery-floor.jpg`,
      alt: 'The new roastery floor with the drum roaster',
    });
    expect(post(16).featuredImage).toEqual({
      url: `${UPLOADS}/2023/05/espresso-shot.jpg`,
      alt: 'A double shot of espresso in a glass',
    });
    expect(post(14).featuredImage).toEqual({ url: `${UPLOADS}/2023/04/spring-menu.jpg`, alt: '' });
    expect(post(12).featuredImage).toBeNull();
  });

  it('imports a post whose featured image is missing from the file without one, and names the post', () => {
    expect(post(18).featuredImage).toBeNull();
    expect(read.problems).toContainEqual({
      where: 'Pour-over at home, step by step',
      message: 'Its featured image (attachment 999) is not in the export file, so it is imported without one.',
    });
  });

  it('lists the pictures a body shows by the address it has, sized variants as written', () => {
    expect(post(16).inlineImages).toEqual([
      { url: `${UPLOADS}/2023/05/espresso-shot-300x200.jpg`, alt: 'A double shot of espresso in a glass' },
    ]);
    expect(post(37).inlineImages).toEqual([
      { url: `${UPLOADS}/2025/01/grinder-lineup-300x200.jpg`, alt: 'Four coffee grinders on a counter' },
    ]);
    expect(post(14).inlineImages).toEqual([{ url: `${UPLOADS}/2023/04/spring-menu-1024x576.jpg`, alt: '' }]);
    expect(post(22).inlineImages).toEqual([]);
  });

  it.each([
    [10, 'News', ['Events']],
    [12, 'News', []],
    [14, 'News', ['Café', 'Espresso']],
    [16, 'Brewing', ['Espresso']],
    [24, 'Company & Culture', ['Sustainability']],
    [37, 'Brewing', ['Espresso']],
    [1, null, []],
    [28, null, []],
  ])('files post %i under %j with the tags %j (Uncategorized is no category)', (id, category, tags) => {
    expect(post(id).category).toBe(category);
    expect(post(id).tags).toEqual(tags);
  });

  it.each([
    [1, 'wp:author:mkeller'],
    [12, 'wp:author:jodonnell'],
    [18, 'wp:author:priya.raman'],
  ])('credits post %i to %s', (id, authorKey) => {
    expect(post(id).authorKey).toBe(authorKey);
  });

  it('gives an excerpt as plain text, and an empty one when the post has none', () => {
    expect(post(10).excerpt).toBe(
      'After two years of planning we moved into the old harbour warehouse – come and see it.',
    );
    expect(post(24).excerpt).toBe('41 tonnes, eleven farms & one new roaster: our year in numbers.');
    expect(post(12).excerpt).toBe('');
  });

  it('takes a block-editor body as it is, without the block delimiters', () => {
    expect(post(1).html).toBe(
      '<p>Welcome to WordPress. This is your first post. Edit or delete it, then start writing!</p>',
    );
    expect(unitsOf(read, 'post').some((p) => p.html.includes('<!-- wp:'))).toBe(false);
  });

  it('gives a classic-editor body its paragraphs, its caption a figure, and drops its gallery', () => {
    expect(post(16).html).toBe(
      [
        '<p>Dialling in means finding the grind, dose and time that make a coffee taste its best. Start with a recipe and change <em>one thing at a time</em>.</p>',
        `<figure><img class="size-medium wp-image-17" src="${UPLOADS}/2023/05/espresso-shot-300x200.jpg" alt="A double shot of espresso in a glass" width="300" height="200" /><figcaption>A well-extracted double shot: 18 g in, 36 g out, 28 seconds.</figcaption></figure>`,
        '<h3>Our starting recipe</h3>',
        '<ul>\n\t<li>Dose: 18 g</li>\n\t<li>Yield: 36 g</li>\n\t<li>Time: 25–30 seconds</li>\n</ul>',
        '<p>Sour and thin? Grind finer.<br>\nBitter and harsh? Grind coarser.</p>',
        '<p>Taste every shot, and write down what you changed &amp; what happened.</p>',
      ].join('\n'),
    );
    expect(post(24).html).not.toContain('gallery');
    expect(post(24).html.match(/<p>/g)).toHaveLength(2);
  });

  it('links embedded videos, and shows escaped shortcodes as the text they are', () => {
    expect(post(22).html).toContain(
      '<p><a href="https://www.youtube.com/watch?v=Xq9S1cXwq2A">https://www.youtube.com/watch?v=Xq9S1cXwq2A</a></p>',
    );
    expect(post(22).html).toContain('<p><a href="https://vimeo.com/824533071">https://vimeo.com/824533071</a></p>');
    expect(post(32).html).toContain(
      '<div class="wp-block-embed__wrapper">\n<p><a href="https://www.youtube.com/watch?v=dQ7kP2mN4sE">',
    );
    expect(post(27).html).toContain(
      'The contact page simply says [contact-form-7 id="5" title="Contact form 1"], and a gallery is [gallery ids="25,26"].',
    );
  });

  it('reads the pages, the child page at its nested path', () => {
    expect(
      unitsOf(read, 'page').map(({ key, title, slug, published, oldPaths }) => ({
        key,
        title,
        slug,
        published,
        oldPaths,
      })),
    ).toEqual([
      { key: 'wp:page:2', title: 'About', slug: 'about', published: true, oldPaths: ['/about/'] },
      { key: 'wp:page:3', title: 'Contact', slug: 'contact', published: true, oldPaths: ['/contact/'] },
      { key: 'wp:page:4', title: 'Wholesale', slug: 'wholesale', published: true, oldPaths: ['/wholesale/'] },
      {
        key: 'wp:page:5',
        title: 'Pricing & terms',
        slug: 'pricing',
        published: true,
        oldPaths: ['/wholesale/pricing/'],
      },
    ]);
  });

  it('gives a page its body and pictures like a post, and nothing a page has not', () => {
    const about: PageUnit = page(2);
    expect(about.date).toBe('2023-01-16T09:30:00.000Z');
    expect(about.inlineImages).toEqual([
      { url: `${UPLOADS}/2023/02/team-photo-1024x683.jpg`, alt: 'The Northwind team outside the roastery' },
    ]);
    expect(Object.keys(about).sort()).toEqual(
      ['type', 'key', 'title', 'slug', 'html', 'published', 'date', 'inlineImages', 'oldPaths'].sort(),
    );
    expect(page(3).html).toBe(
      "<p>We'd love to hear from you. Write to us with the form below, or drop by the roastery:</p>\n" +
        '<p>Northwind Roasters<br>\nGroße Elbstraße 212<br>\n22767 Hamburg</p>',
    );
  });

  it('reads the posts’ comments after them, each on its post; pingbacks, trash and a trashed post’s are left out', () => {
    expect(commentKeys()).toEqual([1, 2, 3, 4, 5, 6, 7, 10, 11, 14].map((id) => `wp:comment:${id}`));
    expect(unitsOf(read, 'comment').map((c) => c.postKey)).toEqual(
      [1, 10, 10, 10, 10, 12, 16, 22, 22, 35].map((id) => `wp:post:${id}`),
    );
    for (const absent of ['wp:comment:8', 'wp:comment:9', 'wp:comment:13']) expect(commentKeys()).not.toContain(absent);
  });

  it.each([
    [2, 'approved'],
    [4, 'pending'],
    [5, 'spam'],
    [7, 'approved'],
  ])('keeps comment %i as %s', (id, status) => {
    expect(unitOf(read, 'comment', `wp:comment:${id}`).status).toBe(status);
  });

  it('gives a comment its author, address, UTC date and plain text', () => {
    const chloe: CommentUnit = unitOf(read, 'comment', 'wp:comment:7');
    expect(chloe).toEqual({
      type: 'comment',
      key: 'wp:comment:7',
      postKey: 'wp:post:16',
      author: 'Chloé Martin',
      email: 'chloe.martin@example.fr',
      text: 'This helped a lot. My shots ran in 15\u00a0seconds & tasted sour – finer it is!\n\nDo you weigh the output or use the cup markings?',
      date: '2023-05-11T09:14:02.000Z',
      status: 'approved',
    });
    expect(unitOf(read, 'comment', 'wp:comment:1').text).toBe(
      'Hi, this is a comment.\nTo get started with moderating, editing, and deleting comments, please visit the Comments screen in the dashboard.\nCommenter avatars come from Gravatar.',
    );
  });

  it('says what it cannot import, each once: the missing picture, the password, the page’s comment, the other types', () => {
    expect(read.problems).toEqual([
      {
        where: 'Pour-over at home, step by step',
        message: 'Its featured image (attachment 999) is not in the export file, so it is imported without one.',
      },
      {
        where: 'Wholesale partner update',
        message: 'It is protected by a password, so it is imported unpublished: publish it when it may be public.',
      },
      { where: 'the export file', message: '1 comment on a page is not imported: only posts have comments here.' },
      { where: 'the export file', message: '4 items of other types (nav_menu_item, wp_block) are not imported.' },
    ]);
  });

  it('gives every unit a key of its own', () => {
    const keys = read.units.map((u) => u.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('small exports', () => {
  const posts = (read: ReadSource): PostUnit[] => unitsOf(read, 'post');

  it('reads a file with a single item (no list of one to miss)', () => {
    const read = readWxr(wxr(item({ content: 'Just one.' })));
    expect(posts(read).map((p) => [p.key, p.html, p.authorKey])).toEqual([
      ['wp:post:7', '<p>Just one.</p>', 'wp:author:ana'],
    ]);
    expect(read.siteUrl).toBe('https://old.example.org');
    expect(read.problems).toEqual([]);
  });

  it('gives base_site_url as the site’s address, and base_blog_url when that is missing', () => {
    const multisite = wxr(item()).replace(
      '<wp:base_blog_url>https://old.example.org',
      '<wp:base_blog_url>https://old.example.org/roastery',
    );
    expect(readWxr(multisite).siteUrl).toBe('https://old.example.org');
    const noSiteUrl = multisite.replace(/<wp:base_site_url>.*<\/wp:base_site_url>/, '');
    expect(readWxr(noSiteUrl).siteUrl).toBe('https://old.example.org/roastery');
    expect(readWxr(noSiteUrl.replace(/<wp:base_blog_url>.*<\/wp:base_blog_url>/, '')).siteUrl).toBeNull();
  });

  it('puts the archives under the blog’s own path when the blog is not at the root of its host', () => {
    const inFolder = wxr(item()).replace(
      '<wp:base_blog_url>https://old.example.org',
      '<wp:base_blog_url>https://old.example.org/roastery',
    );
    expect(readWxr(inFolder).archives.map((a) => a.from)).toEqual(['/roastery/author/ana/']);
  });

  it('reads WXR 1.1 as 1.2', () => {
    const read = readWxr(wxr(item({ title: 'Old &amp; gold' }), '1.1'));
    expect(posts(read).map((p) => p.title)).toEqual(['Old & gold']);
  });

  it('takes categories from the items when the file lists none (a partial export)', () => {
    const read = readWxr(
      wxr(item({}, '<category domain="category" nicename="tips-tricks"><![CDATA[Tips &amp; tricks]]></category>')),
    );
    expect(unitsOf(read, 'category')).toEqual([
      { type: 'category', key: 'wp:category:tips-tricks', kind: 'blog', name: 'Tips & tricks' },
    ]);
    expect(posts(read)[0]?.category).toBe('Tips & tricks');
  });

  it('imports a post whose author the file does not list without a byline, and says so once', () => {
    const read = readWxr(wxr(item({ creator: 'ghost' }) + item({ creator: 'ghost', id: '8', name: 'b' })));
    expect(posts(read).map((p) => p.authorKey)).toEqual([null, null]);
    expect(read.problems).toEqual([
      {
        where: 'ghost',
        message: 'This author is not in the export’s list of authors, so their posts are imported without a byline.',
      },
    ]);
  });

  it('leaves a trackback out like a pingback, and one item of another type is said in the singular', () => {
    const read = readWxr(
      wxr(item({}, comment('1', '1') + comment('2', '1', 'trackback')) + item({ id: '9', type: 'wp_navigation' })),
    );
    expect(unitsOf(read, 'comment').map((c) => c.key)).toEqual(['wp:comment:1']);
    expect(read.problems).toEqual([
      { where: 'the export file', message: '1 item of another type (wp_navigation) is not imported.' },
    ]);
  });

  it('counts comments on pages in one line', () => {
    const read = readWxr(wxr(item({ type: 'page' }, comment('1', '1') + comment('2', '0'))));
    expect(unitsOf(read, 'comment')).toEqual([]);
    expect(read.problems).toEqual([
      { where: 'the export file', message: '2 comments on pages are not imported: only posts have comments here.' },
    ]);
  });

  it.each([
    ['a pretty permalink is the path', 'https://old.example.org/blog/2024/03/a-post/', ['/blog/2024/03/a-post/']],
    ['a plain permalink under a folder is no path of the item', 'https://old.example.org/blog/?p=7', []],
    ['the home page is no path of the item', 'https://old.example.org/', []],
    ['a link that is no address is no path', 'not a link', []],
  ])('old paths: %s', (_rule, link, oldPaths) => {
    expect(posts(readWxr(wxr(item({ link }))))[0]?.oldPaths).toEqual(oldPaths);
  });

  it('dates an item with no readable date at the epoch, and says so', () => {
    const read = readWxr(wxr(item({ date: '0000-00-00 00:00:00', title: '' })));
    expect(posts(read)[0]?.date).toBe('1970-01-01T00:00:00.000Z');
    expect(read.problems).toEqual([{ where: 'wp:post:7', message: 'It has no date, so it is dated 1 January 1970.' }]);
  });

  it('says when a file ends before the export does', () => {
    const whole = wxr(item());
    const read = readWxr(whole.slice(0, whole.indexOf('</channel>')));
    expect(read.problems).toContainEqual({
      where: 'the export file',
      message: 'The file ends before the export does: it may have been cut short.',
    });
  });

  it.each([
    [
      'an RSS feed',
      '<?xml version="1.0"?><rss version="2.0"><channel><title>Feed</title><item><title>x</title></item></channel></rss>',
    ],
    ['an HTML page', '<!doctype html><html><body><p>Hello</p></body></html>'],
    ['plain text', 'Handle,Title\nmug,Mug\n'],
  ])('reads nothing from %s, and says it is no WordPress export', (_what, text) => {
    expect(readWxr(text)).toEqual({
      units: [],
      archives: [],
      problems: [{ where: 'the export file', message: 'The file is not a WordPress export (WXR) file.' }],
      siteUrl: null,
    });
  });
});

describe('a WordPress body as HTML', () => {
  const img = '<img src="https://old.example.org/wp-content/uploads/2024/03/cup-300x200.jpg" alt="A cup" />';

  it.each([
    ['a blank line parts paragraphs', 'One.\n\nTwo.', '<p>One.</p>\n<p>Two.</p>'],
    ['a single newline is a line break', 'Line one\nline two', '<p>Line one<br>\nline two</p>'],
    ['a line already ending in <br /> gets no second one', 'One<br />\nTwo', '<p>One<br>\nTwo</p>'],
    ['Windows line ends are line ends', 'One.\r\n\r\nTwo.\r\nThree.', '<p>One.</p>\n<p>Two.<br>\nThree.</p>'],
    ['more than one blank line is one break', 'One.\n\n\n\nTwo.', '<p>One.</p>\n<p>Two.</p>'],
    [
      'inline markup stays in its paragraph',
      'Some <em>very</em> <a href="/x">good</a> beans',
      '<p>Some <em>very</em> <a href="/x">good</a> beans</p>',
    ],
    ['a heading is not wrapped', '<h2>Title</h2>\nText', '<h2>Title</h2>\n<p>Text</p>'],
    [
      'a list is not wrapped, nor broken inside',
      'Intro\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>',
      '<p>Intro</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>',
    ],
    ['a table is not wrapped', '<table>\n<tr><td>1</td></tr>\n</table>', '<table>\n<tr><td>1</td></tr>\n</table>'],
    ['a rule is not wrapped', 'Above\n<hr />\nBelow', '<p>Above</p>\n<hr />\n<p>Below</p>'],
    [
      'a paragraph written as HTML is kept',
      '<p class="lead">Lead</p>\n\nMore',
      '<p class="lead">Lead</p>\n<p>More</p>',
    ],
    ['preformatted text keeps its blank lines', '<pre>a\n\nb</pre>', '<pre>a\n\nb</pre>'],
    [
      'a quotation’s text becomes its paragraph',
      '<blockquote>Quoted</blockquote>',
      '<blockquote><p>Quoted</p></blockquote>',
    ],
    [
      'a division with blank lines gets paragraphs',
      '<div class="box">\nOne\n\nTwo\n</div>',
      '<div class="box"><p>One</p>\n<p>Two</p></div>',
    ],
    ['a division without them is kept', '<div class="box">One\nTwo</div>', '<div class="box">One\nTwo</div>'],
    ['a nested division is one block', '<div><div>a</div>\nb</div>', '<div><div>a</div>\nb</div>'],
    ['a picture alone on its line is not wrapped', `Before\n${img}\nAfter`, `<p>Before</p>\n${img}\n<p>After</p>`],
    [
      'a linked picture alone on its line is not wrapped',
      `<a href="/big.jpg">${img}</a>`,
      `<a href="/big.jpg">${img}</a>`,
    ],
    ['a picture within a line stays in its paragraph', `See ${img} here`, `<p>See ${img} here</p>`],
    ['the read-more marker parts the text around it', 'Teaser\n<!--more-->\nRest', '<p>Teaser</p>\n<p>Rest</p>'],
    ['nothing is nothing', '', ''],
  ])('classic editor: %s', (_rule, raw, html) => {
    expect(wpContentToHtml(raw)).toBe(html);
  });

  it.each([
    [
      'the block delimiters go, with their attributes',
      '<!-- wp:image {"id":5,"sizeSlug":"large"} -->\n<figure class="wp-block-image"><img src="a.jpg" alt=""/></figure>\n<!-- /wp:image -->',
      '<figure class="wp-block-image"><img src="a.jpg" alt=""/></figure>',
    ],
    [
      'a self-closing block goes',
      '<!-- wp:paragraph -->\n<p>A</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:latest-posts /-->',
      '<p>A</p>',
    ],
    [
      'text in a block gets no paragraphs (the block editor made its own)',
      '<!-- wp:html -->\nline one\nline two\n<!-- /wp:html -->',
      'line one\nline two',
    ],
    [
      'other comments stay for the sanitiser to judge',
      '<!-- wp:paragraph -->\n<p>A<!-- note --></p>\n<!-- /wp:paragraph -->',
      '<p>A<!-- note --></p>',
    ],
  ])('block editor: %s', (_rule, raw, html) => {
    expect(wpContentToHtml(raw)).toBe(html);
  });

  it.each([
    [
      'a caption becomes a figure with its caption',
      `[caption id="attachment_5" align="aligncenter" width="300"]${img} A cup of coffee[/caption]`,
      `<figure>${img}<figcaption>A cup of coffee</figcaption></figure>`,
    ],
    [
      'a caption around a linked picture keeps the link',
      `[caption id="attachment_5" width="300"]<a href="/big.jpg">${img}</a> Big[/caption]`,
      `<figure><a href="/big.jpg">${img}</a><figcaption>Big</figcaption></figure>`,
    ],
    [
      'an old caption names its text in an attribute',
      `[caption id="" align="alignnone" width="300" caption="Old &amp; true"]${img}[/caption]`,
      `<figure>${img}<figcaption>Old & true</figcaption></figure>`,
    ],
    ['a caption without text is a bare figure', `[caption width="300"]${img}[/caption]`, `<figure>${img}</figure>`],
    ['a gallery goes', 'Before\n\n[gallery ids="1,2" columns="2"]\n\nAfter', '<p>Before</p>\n<p>After</p>'],
    ['a bare gallery goes', '[gallery]', ''],
    [
      'an embed becomes a link',
      '[embed]https://www.youtube.com/watch?v=abc123[/embed]',
      '<p><a href="https://www.youtube.com/watch?v=abc123">https://www.youtube.com/watch?v=abc123</a></p>',
    ],
    ['an embed of no address keeps its text', '[embed]not a link[/embed]', '<p>not a link</p>'],
    [
      'a YouTube address alone on its line becomes a link',
      'Watch:\nhttps://youtu.be/abc123\nNice.',
      '<p>Watch:</p>\n<p><a href="https://youtu.be/abc123">https://youtu.be/abc123</a></p>\n<p>Nice.</p>',
    ],
    [
      'a Vimeo address alone on its line becomes a link',
      'https://vimeo.com/123456',
      '<p><a href="https://vimeo.com/123456">https://vimeo.com/123456</a></p>',
    ],
    [
      'a video address within a sentence stays text',
      'See https://youtu.be/abc123 for more',
      '<p>See https://youtu.be/abc123 for more</p>',
    ],
    ['another address alone on its line stays text', 'https://example.com/page', '<p>https://example.com/page</p>'],
    ['a form goes', 'Write to us:\n\n[contact-form-7 id="5" title="Contact form 1"]', '<p>Write to us:</p>'],
    ['a self-closed shortcode goes', 'A [spacer height="20" /] B', '<p>A  B</p>'],
    [
      'an enclosing shortcode leaves its text',
      '[highlight color="red"]Important[/highlight] news',
      '<p>Important news</p>',
    ],
    ['nested shortcodes leave the innermost text', '[row][column]Left[/column][/row]', '<p>Left</p>'],
    ['an escaped shortcode is the literal text', 'Type [[gallery]] to show one', '<p>Type [gallery] to show one</p>'],
    [
      'an escaped shortcode with attributes is the literal text',
      '[[contact-form-7 id="5"]]',
      '<p>[contact-form-7 id="5"]</p>',
    ],
    ['an escaped enclosing shortcode is the literal text', '[[b]bold[/b]]', '<p>[b]bold[/b]</p>'],
    [
      'words in brackets are no shortcode',
      'He wrote [sic] that [Updated: see below] and [1].',
      '<p>He wrote [sic] that [Updated: see below] and [1].</p>',
    ],
  ])('shortcodes: %s', (_rule, raw, html) => {
    expect(wpContentToHtml(raw)).toBe(html);
  });
});

describe('the pictures a body shows', () => {
  it('lists each src once, in order, with its alt text decoded', () => {
    expect(
      imagesIn(
        '<img src="/a.jpg" alt="Tom &amp; Jerry"><p><img alt=\'second\' src=\'/b.png\'></p><img src="/a.jpg" alt="again">',
      ),
    ).toEqual([
      { url: '/a.jpg', alt: 'Tom & Jerry' },
      { url: '/b.png', alt: 'second' },
    ]);
  });

  it.each([
    ['no alt is an empty one', '<img src="/a.jpg">', [{ url: '/a.jpg', alt: '' }]],
    ['an unquoted src is read', '<img src=/a.jpg alt=x>', [{ url: '/a.jpg', alt: 'x' }]],
    [
      'a lazy-loader’s data-src is not the src',
      '<img data-src="/lazy.jpg" src="/a.jpg">',
      [{ url: '/a.jpg', alt: '' }],
    ],
    [
      'an alt that mentions src= is only alt text',
      '<img alt="src=/no.jpg" src="/a.jpg">',
      [{ url: '/a.jpg', alt: 'src=/no.jpg' }],
    ],
    ['an img without src is nothing', '<img alt="lost">', []],
    ['an upper-case tag counts', '<IMG SRC="/a.jpg" ALT="Big">', [{ url: '/a.jpg', alt: 'Big' }]],
    [
      'an entity in the address is decoded',
      '<img src="/i.php?w=300&amp;h=200">',
      [{ url: '/i.php?w=300&h=200', alt: '' }],
    ],
    ['no pictures, no list', '<p>Text</p>', []],
  ])('%s', (_rule, html, images) => {
    expect(imagesIn(html)).toEqual(images);
  });
});

describe('entities and plain text', () => {
  it.each([
    ['&amp; &lt; &gt; &quot; &apos;', '& < > " \''],
    ['What&#8217;s', 'What’s'],
    ['What&#x2019;s &#X2019;', 'What’s ’'],
    ['Wait&hellip; &mdash; &ndash; &lsquo;x&rsquo; &ldquo;y&rdquo;', 'Wait… — – ‘x’ “y”'],
    ['a&nbsp;b', 'a\u00a0b'],
    ['caf&eacute; &Agrave; &ccedil; &uuml; &szlig; &yuml;', 'café À ç ü ß ÿ'],
    ['&copy; &reg; &trade; &euro; &deg;', '© ® ™ € °'],
    ['&#128512; &#x1F600;', '😀 😀'],
    ['&#146; &#150;', '’ –'],
    ['&#0; &#xD800; &#1114112;', '\ufffd \ufffd \ufffd'],
    ['&amp;amp;', '&amp;'],
    ['&bogus; &amp and a & b', '&bogus; &amp and a & b'],
  ])('decodes %j as %j', (text, decoded) => {
    expect(decodeEntities(text)).toBe(decoded);
  });

  it.each([
    ['<p>Hi &amp; bye</p>', 'Hi & bye'],
    ['<p>One</p><p>Two</p>', 'One\n\nTwo'],
    ['Line<br>next<br />last', 'Line\nnext\nlast'],
    ['Some <strong>bold</strong> and <a href="/x">a link</a>', 'Some bold and a link'],
    ['1 < 2 and 3 > 2', '1 < 2 and 3 > 2'],
    ['  spaced   out  \n\n\n\n  lines  ', 'spaced out\n\nlines'],
    ['Hidden<!-- note --> text', 'Hidden text'],
  ])('reads %j as the plain text %j', (html, text) => {
    expect(plainText(html)).toBe(text);
  });
});
