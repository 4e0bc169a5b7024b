/** The dry run's rules, over hand-made units and facts (the database-backed facts are in tests/integration/imports). */
import { describe, expect, it } from 'vitest';
import {
  addressOf,
  newSlug,
  planUnits,
  unitHash,
  type KnownSource,
  type PlanFacts,
} from '../../src/server/modules/imports/import-plan.ts';
import type { ImportUnit, PostUnit, ProductUnit } from '../../src/server/modules/imports/import-units.ts';
import { archiveCandidates } from '../../src/server/modules/imports/picture-archive.ts';
import { oldSitePath, relink } from '../../src/server/modules/imports/import-links.ts';
import { repointPictures } from '../../src/server/modules/imports/import-pictures.ts';

const post = (over: Partial<PostUnit> = {}): PostUnit => ({
  type: 'post',
  key: 'wp:post:1',
  title: 'Hello world',
  slug: 'hello-world',
  html: '<p>Hi</p>',
  excerpt: '',
  published: true,
  date: '2024-05-01T10:00:00.000Z',
  authorKey: null,
  category: null,
  tags: [],
  featuredImage: null,
  inlineImages: [],
  oldPaths: ['/2024/05/hello-world/'],
  ...over,
});

const product = (over: Partial<ProductUnit> = {}): ProductUnit => ({
  type: 'product',
  key: 'shopify:product:mug',
  name: 'Mug',
  slug: 'mug',
  html: '',
  priceCents: 1200,
  stock: 3,
  published: true,
  category: 'Kitchen',
  tags: [],
  images: [],
  oldPaths: ['/products/mug'],
  ...over,
});

const facts = (over: Partial<PlanFacts> = {}): PlanFacts => ({
  sources: new Map(),
  categories: { blog: new Set(), product: new Set() },
  emails: new Set(),
  slugs: { post: new Set(), page: new Set(['about']), product: new Set() },
  redirects: new Map(),
  findPicture: null,
  ...over,
});

const plan = (units: ImportUnit[], f: PlanFacts = facts()) =>
  planUnits({ units, archives: [], problems: [], siteUrl: null }, f);

describe('planUnits', () => {
  it('creates what is new, with a redirect from each old address to the new one', () => {
    const result = plan([post(), product()]);
    expect(result.items.map((i) => [i.type, i.action, i.from ?? '', i.to ?? ''])).toEqual([
      ['post', 'create', '', ''],
      ['product', 'create', '', ''],
      ['redirect', 'create', '/2024/05/hello-world', '/blogs/hello-world/'],
      ['redirect', 'create', '/products/mug', '/shop/mug/'],
    ]);
    expect(result.counts).toEqual({
      post: { create: 1, update: 0, skip: 0 },
      product: { create: 1, update: 0, skip: 0 },
      redirect: { create: 2, update: 0, skip: 0 },
    });
  });

  it('predicts the slug the writer will give: taken slugs get -2, two items of one slug too', () => {
    const result = plan(
      [post(), post({ key: 'wp:post:2', oldPaths: ['/2024/06/hello-world/'] })],
      facts({ slugs: { post: new Set(['hello-world']), page: new Set(), product: new Set() } }),
    );
    expect(result.items.filter((i) => i.type === 'redirect').map((i) => i.to)).toEqual([
      '/blogs/hello-world-2/',
      '/blogs/hello-world-3/',
    ]);
  });

  it('skips what was imported before and is unchanged, updates what changed, leaves deleted items deleted', () => {
    const unchanged = post();
    const changed = post({ key: 'wp:post:2', title: 'New title', oldPaths: [] });
    const deleted = post({ key: 'wp:post:3', oldPaths: [] });
    const sources = new Map<string, KnownSource>([
      [unchanged.key, { hash: unitHash(unchanged), exists: true, path: '/blogs/hello-world/' }],
      [changed.key, { hash: 'before', exists: true, path: '/blogs/old-title/' }],
      [deleted.key, { hash: unitHash(deleted), exists: false }],
    ]);
    const result = plan([unchanged, changed, deleted], facts({ sources }));
    expect(result.items.map((i) => [i.key, i.action, i.reason])).toEqual([
      ['wp:post:1', 'skip', 'Imported before and unchanged.'],
      ['wp:post:2', 'update', 'Changed in the source since it was imported: it is updated.'],
      ['wp:post:3', 'skip', 'Imported before and deleted here since: it stays deleted.'],
      ['redirect:/2024/05/hello-world', 'create', ''],
    ]);
  });

  it('skips a redirect in place already, updates one that led elsewhere, skips one to the same address', () => {
    const result = plan(
      [post(), product({ oldPaths: ['/shop/mug/'] }), post({ key: 'wp:post:9', slug: 'other', oldPaths: ['/other/'] })],
      facts({
        redirects: new Map([
          ['/2024/05/hello-world', '/blogs/hello-world/'],
          ['/other', '/blogs/somewhere/'],
        ]),
      }),
    );
    expect(result.items.filter((i) => i.type === 'redirect').map((i) => [i.from, i.action])).toEqual([
      ['/2024/05/hello-world', 'skip'],
      ['/shop/mug', 'skip'],
      ['/other', 'update'],
    ]);
  });

  it('uses a category or an account the site has, and skips a comment whose post is not imported', () => {
    const result = plan(
      [
        { type: 'category', key: 'wp:category:news', kind: 'blog', name: 'News' },
        {
          type: 'author',
          key: 'wp:author:ann',
          login: 'ann',
          email: 'Ann@Example.com',
          firstName: 'Ann',
          lastName: '',
          displayName: 'Ann',
        },
        {
          type: 'comment',
          key: 'wp:comment:1',
          postKey: 'wp:post:404',
          author: 'Bo',
          email: '',
          text: 'Nice',
          date: '',
          status: 'approved',
        },
      ],
      facts({ categories: { blog: new Set(['news']), product: new Set() }, emails: new Set(['ann@example.com']) }),
    );
    expect(result.items.map((i) => i.action)).toEqual(['skip', 'skip', 'skip']);
    expect(result.items[2]?.reason).toBe('Its post is not imported.');
  });

  it('plans each picture once: created when the archive has it, skipped with the reason when not', () => {
    const mug = { url: 'https://cdn.shopify.com/s/files/1/products/mug.jpg?v=1', alt: 'A mug' };
    const lost = { url: 'https://cdn.shopify.com/s/files/1/products/lost.jpg', alt: '' };
    const units = [
      product({ images: [mug, lost] }),
      product({ key: 'shopify:product:cup', slug: 'cup', images: [mug] }),
    ];
    const without = plan(units);
    expect(without.items.filter((i) => i.type === 'image').map((i) => i.reason)).toEqual([
      'No pictures’ archive was uploaded: the item is imported without it.',
      'No pictures’ archive was uploaded: the item is imported without it.',
    ]);
    const withArchive = plan(units, facts({ findPicture: (url) => (url.includes('mug') ? 'mug.jpg' : null) }));
    expect(withArchive.items.filter((i) => i.type === 'image').map((i) => [i.title, i.action])).toEqual([
      ['mug.jpg', 'create'],
      ['lost.jpg', 'skip'],
    ]);
  });

  it('plans the old archives’ redirects after the items’, each once, named by what it listed', () => {
    const archives = [
      { from: '/category/coffee-guides/brewing/', to: '/blogs?category=Brewing', title: 'Category “Brewing”' },
      { from: '/tag/latte-art/', to: '/blogs?q=Latte%20art', title: 'Tag “Latte art”' },
      // A second entry for an address planned already (a post's own) is no second redirect.
      { from: '/2024/05/hello-world/', to: '/blogs', title: 'Author “Maria”' },
      { from: '/author/mkeller/', to: '/blogs', title: 'Author “Maria Keller”' },
    ];
    const result = planUnits(
      { units: [post()], archives, problems: [], siteUrl: null },
      facts({ redirects: new Map([['/author/mkeller', '/blogs']]) }),
    );
    expect(result.items.filter((i) => i.type === 'redirect').map((i) => [i.title, i.action, i.to])).toEqual([
      ['/2024/05/hello-world', 'create', '/blogs/hello-world/'],
      ['Category “Brewing”: /category/coffee-guides/brewing', 'create', '/blogs?category=Brewing'],
      ['Tag “Latte art”: /tag/latte-art', 'create', '/blogs?q=Latte%20art'],
      ['Author “Maria Keller”: /author/mkeller', 'skip', '/blogs'],
    ]);
  });

  it('passes the source’s problems on as sentences', () => {
    const result = planUnits(
      {
        units: [],
        archives: [],
        problems: [{ where: 'row 4', message: 'The price "abc" is not a number.' }],
        siteUrl: null,
      },
      facts(),
    );
    expect(result.problems).toEqual(['row 4: The price "abc" is not a number.']);
  });
});

describe('newSlug and addressOf', () => {
  it('makes a slug from the source’s, else the title, else the kind', () => {
    const taken = new Set<string>();
    expect(newSlug('post', { slug: 'Café Crème', title: '' }, taken)).toBe('cafe-creme');
    expect(newSlug('post', { slug: '', title: 'A draft' }, taken)).toBe('a-draft');
    expect(newSlug('page', { slug: '', title: '' }, taken)).toBe('page');
    expect(newSlug('post', { slug: 'a-draft', title: '' }, taken)).toBe('a-draft-2');
  });

  it('gives each kind its public address', () => {
    expect([addressOf('post', 'x'), addressOf('page', 'x'), addressOf('product', 'x')]).toEqual([
      '/blogs/x/',
      '/pages/x/',
      '/shop/x/',
    ]);
  });
});

describe('archiveCandidates', () => {
  it('looks for a picture by its path under uploads, its original for a resized copy, then its file name', () => {
    expect(archiveCandidates('https://blog.example.com/wp-content/uploads/2024/05/Mug-300x200.jpg')).toEqual([
      '2024/05/mug-300x200.jpg',
      '2024/05/mug.jpg',
      'mug-300x200.jpg',
      'mug.jpg',
    ]);
    expect(archiveCandidates('//cdn.shopify.com/s/files/1/0123/products/mug%20blue.jpg?v=17')).toEqual([
      'mug blue.jpg',
    ]);
  });
});

describe('repointPictures', () => {
  it('points each stored picture at its copy, drops srcset, and leaves out the ones that could not be had', () => {
    const html =
      '<p>Look <img src="https://old/a.jpg" srcset="https://old/a-300x200.jpg 300w" sizes="100vw" alt="A"> and <img src="https://old/b.jpg" alt="B"></p>';
    const stored = new Map<string, string | null>([
      ['https://old/a.jpg', '/media/a.webp'],
      ['https://old/b.jpg', null],
    ]);
    expect(repointPictures(html, stored)).toBe('<p>Look <img src="/media/a.webp" alt="A"> and </p>');
  });
});

describe('relink', () => {
  const lookup = (path: string) =>
    Promise.resolve(
      ({ '/2023/03/08/roastery': '/blogs/roastery/', '/about-us': '/pages/about-us/' } as Record<string, string>)[
        path
      ] ?? null,
    );

  it('points links to the old site’s addresses at their new ones, keeping the fragment, and leaves the rest', async () => {
    const html =
      '<p><a href="https://old.example.com/2023/03/08/roastery/#visits">a</a> <a href="/about-us/">b</a> <a href="https://other.example.com/2023/03/08/roastery/">c</a> <a href="/never-here/">d</a> <a href="mailto:x@example.com">e</a></p>';
    expect(await relink(html, 'old.example.com', lookup)).toBe(
      '<p><a href="/blogs/roastery/#visits">a</a> <a href="/pages/about-us/">b</a> <a href="https://other.example.com/2023/03/08/roastery/">c</a> <a href="/never-here/">d</a> <a href="mailto:x@example.com">e</a></p>',
    );
  });

  it('answers the same text when nothing changes', async () => {
    const html = '<p>No <b>links</b> here &amp; there</p>';
    expect(await relink(html, 'old.example.com', lookup)).toBe(html);
  });

  it.each([
    ['/2023/03/08/roastery/', null, '/2023/03/08/roastery'],
    ['https://old.example.com/x/?p=1', 'old.example.com', '/x'],
    ['//old.example.com/x/', 'old.example.com', null],
    ['https://old.example.com/x/', null, null],
    ['ftp://old.example.com/x/', 'old.example.com', null],
    ['not a url', 'old.example.com', null],
  ])('oldSitePath(%j, %j) is %j', (href, host, expected) => {
    expect(oldSitePath(href, host)).toBe(expected);
  });
});
