/** What the dry run needs to know of the site: read from the database (and the pictures' archive) in a few queries. */
import { redirectPath } from '../../../shared/redirect-path.ts';
import { RESERVED_PAGE_SLUGS } from '../../../shared/schemas/page-admin.ts';
import type { Db } from '../../db/connection.ts';
import { addressOf, imageKey, picturesOf, type KnownSource, type PlanFacts } from './import-plan.ts';
import type { ReadSource } from './import-units.ts';
import { findSources } from './imports.repository.ts';
import type { PictureArchive } from './picture-archive.ts';

/** The table each kind of target lives in, and whether it has a slug (its address). */
const TARGETS = {
  category: { table: 'categories', slug: false },
  author: { table: 'users', slug: false },
  post: { table: 'blogs', slug: true },
  page: { table: 'pages', slug: true },
  comment: { table: 'blog_comments', slug: false },
  product: { table: 'products', slug: true },
} as const;

type TargetType = keyof typeof TARGETS;
const isTargetType = (type: string): type is TargetType => Object.hasOwn(TARGETS, type);

/** Which of `ids` of a target type are still here, with their slugs when they have one. */
async function present(db: Db, type: TargetType, ids: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const { table, slug } = TARGETS[type];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    if (slug) {
      const rows = await db
        .selectFrom(table as 'blogs')
        .select(['id', 'slug'])
        .where('id', 'in', chunk)
        .execute();
      for (const row of rows) found.set(row.id, row.slug);
    } else {
      const rows = await db
        .selectFrom(table as 'users')
        .select('id')
        .where('id', 'in', chunk)
        .execute();
      for (const row of rows) found.set(row.id, '');
    }
  }
  return found;
}

/** What became of the source's items and pictures imported before, and whether it is still here. */
async function knownSources(db: Db, keys: readonly string[]): Promise<Map<string, KnownSource>> {
  const rows = await findSources(db, keys);
  const byType = new Map<string, string[]>();
  for (const row of rows.values()) byType.set(row.target_type, [...(byType.get(row.target_type) ?? []), row.target_id]);
  const here = new Map<string, Map<string, string>>();
  for (const [type, ids] of byType) if (isTargetType(type)) here.set(type, await present(db, type, ids));
  const media = byType.has('media')
    ? new Set(
        (
          await db
            .selectFrom('media')
            .select('file_name')
            .where(
              'file_name',
              'in',
              (byType.get('media') ?? []).map((url) => url.replace(/^\/media\//, '')),
            )
            .execute()
        ).map((r) => `/media/${r.file_name}`),
      )
    : new Set<string>();
  const known = new Map<string, KnownSource>();
  for (const [key, row] of rows) {
    const type = row.target_type;
    const slug = here.get(type)?.get(row.target_id);
    const exists = type === 'media' ? media.has(row.target_id) : slug !== undefined;
    known.set(key, {
      hash: row.source_hash,
      exists,
      ...(exists && slug && (type === 'post' || type === 'page' || type === 'product')
        ? { path: addressOf(type, slug) }
        : {}),
    });
  }
  return known;
}

const lowerSet = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase()));

/** The facts `source` is planned against. */
export async function gatherFacts(db: Db, source: ReadSource, archive: PictureArchive | null): Promise<PlanFacts> {
  const units = source.units;
  const keys = [...units.map((u) => u.key), ...units.flatMap(picturesOf).map((p) => imageKey(p.url))];
  const emails = units.flatMap((u) => (u.type === 'author' && u.email ? [u.email.toLowerCase()] : []));
  const oldPaths = units.flatMap((u) =>
    u.type === 'post' || u.type === 'page' || u.type === 'product'
      ? u.oldPaths.map(redirectPath).filter((p) => p !== null)
      : [],
  );
  const [sources, categories, accounts, blogs, pages, products, redirects] = await Promise.all([
    knownSources(db, [...new Set(keys)]),
    db.selectFrom('categories').select(['kind', 'name']).where('kind', 'in', ['blog', 'product']).execute(),
    emails.length ? db.selectFrom('users').select('email').where('email', 'in', emails).execute() : [],
    db.selectFrom('blogs').select('slug').execute(),
    db.selectFrom('pages').select('slug').execute(),
    db.selectFrom('products').select('slug').execute(),
    oldPaths.length
      ? db.selectFrom('redirects').select(['from_path', 'to_path']).where('from_path', 'in', oldPaths).execute()
      : [],
  ]);
  return {
    sources,
    categories: {
      blog: lowerSet(categories.filter((c) => c.kind === 'blog').map((c) => c.name)),
      product: lowerSet(categories.filter((c) => c.kind === 'product').map((c) => c.name)),
    },
    emails: lowerSet(accounts.map((a) => a.email)),
    slugs: {
      post: new Set(blogs.map((b) => b.slug)),
      page: new Set([...pages.map((p) => p.slug), ...RESERVED_PAGE_SLUGS]),
      product: new Set(products.map((p) => p.slug)),
    },
    redirects: new Map(redirects.map((r) => [r.from_path, r.to_path])),
    findPicture: archive ? (url) => archive.find(url) : null,
  };
}
