/**
 * The import itself, one unit at a time: each unit's row, what its source key became (import_sources) and its
 * redirects are written in one transaction, so a unit is either wholly imported or not at all, and a job stopped by a
 * restart resumes at the first unit not yet recorded. A unit imported before is left alone when unchanged in the
 * source, and updated (keeping its address) when it changed. Posts, pages and products record their audit entry as
 * the admin's own writes do, so webhooks hear of them alike.
 */
import { randomUUID } from 'node:crypto';
import type { ImportKind, ImportReportItem } from '../../../shared/schemas/imports.ts';
import { redirectPath } from '../../../shared/redirect-path.ts';
import { slugify, uniqueSlug } from '../../../shared/slug.ts';
import type { Db } from '../../db/connection.ts';
import { freeSlug } from '../../db/free-slug.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { usernameKey } from '../auth/identifiers.ts';
import { resolveSlug } from '../blogs/blogs.admin.service.ts';
import { sanitizeRichText } from '../blogs/rich-text.ts';
import { insertCategoryRow, nextCategoryOrder } from '../categories/categories.repository.ts';
import { resolvePageSlug } from '../pages/pages.service.ts';
import { findRedirect, saveRedirect } from '../redirects/redirects.repository.ts';
import { ensurePicture, repointPictures, type PictureContext } from './import-pictures.ts';
import { addressOf, titleOf, unitHash } from './import-plan.ts';
import type {
  ArchiveRedirect,
  AuthorUnit,
  CategoryUnit,
  CommentUnit,
  ImportUnit,
  PageUnit,
  PostUnit,
  ProductUnit,
} from './import-units.ts';
import { findSource, saveSource } from './imports.repository.ts';

type Actor = Parameters<typeof recordAudit>[1];

export interface ApplyContext extends PictureContext {
  kind: ImportKind;
  /** The admin who started the import: the audit entries are theirs. */
  actor: Actor;
}

const FROM: Record<ImportKind, string> = { wordpress: 'WordPress', shopify: 'Shopify' };

type Tx = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

/** The id an earlier unit of this source became here (an author, a post), or null. */
async function targetOf(db: Db, key: string | null): Promise<string | null> {
  return key ? ((await findSource(db, key))?.target_id ?? null) : null;
}

/** The stored name of `kind`'s category called `name` (any case), or '' when there is none. */
async function categoryName(db: Db, kind: 'blog' | 'product', name: string | null): Promise<string> {
  if (!name) return '';
  const rows = await db.selectFrom('categories').select('name').where('kind', '=', kind).execute();
  return rows.find((r) => r.name.toLowerCase() === name.toLowerCase())?.name ?? '';
}

/** The unit's redirects to `to`, written in the unit's transaction; their report lines. */
async function redirect(trx: Tx, unit: PostUnit | PageUnit | ProductUnit, to: string): Promise<ImportReportItem[]> {
  const lines: ImportReportItem[] = [];
  for (const old of unit.oldPaths) {
    const from = redirectPath(old);
    if (!from || from === redirectPath(to)) continue;
    await saveRedirect(trx, from, to, 'import');
    lines.push({
      key: `redirect:${from}`,
      type: 'redirect',
      title: `${from} → ${to}`,
      outcome: 'created',
      reason: '',
      url: to,
    });
  }
  return lines;
}

/**
 * The old site's archive addresses (a category's, a tag's, an author's), each made a redirect to where its visitors
 * land here, once the items are in; their report lines. Running it again changes nothing.
 */
export async function applyArchives(db: Db, archives: readonly ArchiveRedirect[]): Promise<ImportReportItem[]> {
  const lines: ImportReportItem[] = [];
  for (const archive of archives) {
    const from = redirectPath(archive.from);
    if (!from || from === redirectPath(archive.to)) continue;
    const before = await findRedirect(db, from);
    if (before !== archive.to) await saveRedirect(db, from, archive.to, 'import');
    lines.push({
      key: `redirect:${from}`,
      type: 'redirect',
      title: `${archive.title}: ${from} → ${archive.to}`,
      outcome: before === archive.to ? 'unchanged' : before ? 'updated' : 'created',
      reason: before === archive.to ? 'Redirects there already.' : '',
      url: archive.to,
    });
  }
  return lines;
}

interface Outcome {
  lines: ImportReportItem[];
}

/** Records what `unit` became, in its transaction. */
const remember = (trx: Tx, ctx: ApplyContext, unit: ImportUnit, targetId: string) =>
  saveSource(trx, {
    source_key: unit.key,
    target_type: unit.type,
    target_id: targetId,
    source_hash: unitHash(unit),
    job_id: ctx.jobId,
  });

async function applyCategory(ctx: ApplyContext, unit: CategoryUnit): Promise<Outcome> {
  const base = { key: unit.key, type: 'category' as const, title: unit.name };
  const rows = await ctx.db
    .selectFrom('categories')
    .select(['id', 'name', 'slug'])
    .where('kind', '=', unit.kind)
    .execute();
  const same = rows.find((r) => r.name.toLowerCase() === unit.name.toLowerCase());
  if (same) {
    await ctx.db.transaction().execute((trx) => remember(trx, ctx, unit, same.id));
    return {
      lines: [{ ...base, outcome: 'unchanged', reason: 'This site has a category of that name already: it is used.' }],
    };
  }
  const id = randomUUID();
  const taken = new Set(rows.map((r) => r.slug));
  const slug = uniqueSlug(slugify(unit.name) || 'category', (s) => taken.has(s));
  await ctx.db.transaction().execute(async (trx) => {
    await insertCategoryRow(trx, {
      id,
      kind: unit.kind,
      name: unit.name,
      slug,
      sort_order: await nextCategoryOrder(trx, unit.kind),
    });
    await remember(trx, ctx, unit, id);
  });
  return { lines: [{ ...base, outcome: 'created', reason: '' }] };
}

/** A username free here made from the author's login (letters, digits, dots, hyphens, underscores; 3 to 30). */
async function freeUsername(db: Db, login: string): Promise<string> {
  const base = (
    login
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'author'
  )
    .slice(0, 26)
    .padEnd(3, '_');
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', usernameKey(candidate))
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}

async function applyAuthor(ctx: ApplyContext, unit: AuthorUnit): Promise<Outcome> {
  const base = { key: unit.key, type: 'author' as const, title: unit.displayName || unit.login };
  const email = (unit.email || `${slugify(unit.login) || 'author'}@imported.invalid`).toLowerCase();
  const existing = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) {
    await ctx.db.transaction().execute((trx) => remember(trx, ctx, unit, existing.id));
    return {
      lines: [
        {
          ...base,
          outcome: 'unchanged',
          reason: 'An account with this email address exists: its posts are credited to it.',
        },
      ],
    };
  }
  const [first = unit.displayName || unit.login, ...rest] = unit.firstName
    ? [unit.firstName]
    : (unit.displayName || unit.login).split(' ');
  const username = await freeUsername(ctx.db, unit.login);
  const id = randomUUID();
  const now = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id,
        first_name: first.slice(0, 50),
        last_name: (unit.lastName || rest.join(' ')).slice(0, 50),
        email,
        username,
        username_key: usernameKey(username),
        password_hash: null,
        // Staff without rights: a byline for the imported posts, who cannot sign in until an admin gives them access.
        role: 'author',
        disabled: true,
        email_verified: false,
        must_change_password: false,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await remember(trx, ctx, unit, id);
  });
  return {
    lines: [{ ...base, outcome: 'created', reason: 'A staff account without rights (disabled), for the byline.' }],
  };
}

/** The HTML with its pictures stored and pointed at, sanitised as the editors' own. */
async function contentOf(ctx: ApplyContext, html: string, pictures: PostUnit['inlineImages']): Promise<string> {
  for (const picture of pictures) await ensurePicture(ctx, picture, 'blog');
  return sanitizeRichText(repointPictures(html, ctx.stored));
}

async function applyPost(
  ctx: ApplyContext,
  unit: PostUnit,
  before: { target_id: string } | undefined,
): Promise<Outcome> {
  const content = await contentOf(ctx, unit.html, unit.inlineImages);
  const image = unit.featuredImage ? ((await ensurePicture(ctx, unit.featuredImage, 'blog')) ?? '') : '';
  const values = {
    title: unit.title.slice(0, 200) || 'Untitled',
    content,
    caption: unit.excerpt.slice(0, 500),
    image,
    category: await categoryName(ctx.db, 'blog', unit.category),
    tags: JSON.stringify(unit.tags),
    published: unit.published,
    author_id: await targetOf(ctx.db, unit.authorKey),
  };
  const summary = (what: string) => `Post "${values.title}" ${what} from ${FROM[ctx.kind]}`;
  return ctx.db.transaction().execute(async (trx) => {
    if (before) {
      const row = await trx
        .selectFrom('blogs')
        .select('slug')
        .where('id', '=', before.target_id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('blogs')
        .set({ ...values, updated_at: new Date().toISOString() })
        .where('id', '=', before.target_id)
        .execute();
      await recordAudit(trx, ctx.actor, {
        action: 'blog.update',
        target: { type: 'blog', id: before.target_id },
        summary: summary('updated'),
      });
      await remember(trx, ctx, unit, before.target_id);
      const url = addressOf('post', row.slug);
      return {
        lines: [
          { key: unit.key, type: 'post', title: values.title, outcome: 'updated', reason: '', url },
          ...(await redirect(trx, unit, url)),
        ],
      };
    }
    const id = randomUUID();
    const slug = await resolveSlug(trx, '', unit.slug || unit.title);
    await trx
      .insertInto('blogs')
      .values({ id, slug, ...values, created_at: unit.date, updated_at: null })
      .execute();
    await recordAudit(trx, ctx.actor, {
      action: 'blog.create',
      target: { type: 'blog', id },
      summary: summary('imported'),
    });
    await remember(trx, ctx, unit, id);
    const url = addressOf('post', slug);
    return {
      lines: [
        { key: unit.key, type: 'post', title: values.title, outcome: 'created', reason: '', url },
        ...(await redirect(trx, unit, url)),
      ],
    };
  });
}

async function applyPage(
  ctx: ApplyContext,
  unit: PageUnit,
  before: { target_id: string } | undefined,
): Promise<Outcome> {
  const values = {
    title: unit.title.slice(0, 200) || 'Untitled',
    content: await contentOf(ctx, unit.html, unit.inlineImages),
    published: unit.published,
  };
  const summary = (what: string) => `Page "${values.title}" ${what} from ${FROM[ctx.kind]}`;
  return ctx.db.transaction().execute(async (trx) => {
    if (before) {
      const row = await trx
        .selectFrom('pages')
        .select('slug')
        .where('id', '=', before.target_id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('pages')
        .set({ ...values, updated_at: new Date().toISOString() })
        .where('id', '=', before.target_id)
        .execute();
      await recordAudit(trx, ctx.actor, {
        action: 'page.update',
        target: { type: 'page', id: before.target_id },
        summary: summary('updated'),
      });
      await remember(trx, ctx, unit, before.target_id);
      const url = addressOf('page', row.slug);
      return {
        lines: [
          { key: unit.key, type: 'page', title: values.title, outcome: 'updated', reason: '', url },
          ...(await redirect(trx, unit, url)),
        ],
      };
    }
    const id = randomUUID();
    const slug = await resolvePageSlug(trx, '', unit.slug || unit.title);
    await trx
      .insertInto('pages')
      .values({ id, slug, ...values, in_footer: false, created_at: unit.date, updated_at: null })
      .execute();
    await recordAudit(trx, ctx.actor, {
      action: 'page.create',
      target: { type: 'page', id },
      summary: summary('imported'),
    });
    await remember(trx, ctx, unit, id);
    const url = addressOf('page', slug);
    return {
      lines: [
        { key: unit.key, type: 'page', title: values.title, outcome: 'created', reason: '', url },
        ...(await redirect(trx, unit, url)),
      ],
    };
  });
}

async function applyComment(
  ctx: ApplyContext,
  unit: CommentUnit,
  before: { target_id: string } | undefined,
): Promise<Outcome> {
  const title = `${unit.author || 'Anonymous'}: ${unit.text.slice(0, 60)}`;
  const blogId = await targetOf(ctx.db, unit.postKey);
  if (!blogId)
    return {
      lines: [{ key: unit.key, type: 'comment', title, outcome: 'skipped', reason: 'Its post is not imported.' }],
    };
  const values = {
    author: (unit.author || 'Anonymous').slice(0, 100),
    author_email: unit.email.slice(0, 254),
    comment: unit.text.slice(0, 5000),
    status: unit.status,
  };
  await ctx.db.transaction().execute(async (trx) => {
    if (before) await trx.updateTable('blog_comments').set(values).where('id', '=', before.target_id).execute();
    else {
      const id = randomUUID();
      await trx
        .insertInto('blog_comments')
        .values({ id, blog_id: blogId, ...values, created_at: unit.date })
        .execute();
      await remember(trx, ctx, unit, id);
      return;
    }
    await remember(trx, ctx, unit, before.target_id);
  });
  return { lines: [{ key: unit.key, type: 'comment', title, outcome: before ? 'updated' : 'created', reason: '' }] };
}

async function applyProduct(
  ctx: ApplyContext,
  unit: ProductUnit,
  before: { target_id: string } | undefined,
): Promise<Outcome> {
  const pictures: string[] = [];
  for (const ref of unit.images) {
    const url = await ensurePicture(ctx, ref, 'product');
    if (url && !pictures.includes(url)) pictures.push(url);
  }
  const values = {
    name: unit.name.slice(0, 200) || 'Untitled',
    description: await sanitizeRichText(unit.html),
    price_cents: unit.priceCents,
    stock: unit.stock,
    image: pictures[0] ?? '',
    gallery: JSON.stringify(pictures.slice(1)),
    category: await categoryName(ctx.db, 'product', unit.category),
    tags: JSON.stringify(unit.tags),
    published: unit.published,
  };
  const summary = (what: string) => `Product "${values.name}" ${what} from ${FROM[ctx.kind]}`;
  return ctx.db.transaction().execute(async (trx) => {
    if (before) {
      const row = await trx
        .selectFrom('products')
        .select('slug')
        .where('id', '=', before.target_id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('products')
        .set({ ...values, updated_at: new Date().toISOString() })
        .where('id', '=', before.target_id)
        .execute();
      await recordAudit(trx, ctx.actor, {
        action: 'product.update',
        target: { type: 'product', id: before.target_id },
        summary: summary('updated'),
      });
      await remember(trx, ctx, unit, before.target_id);
      const url = addressOf('product', row.slug);
      return {
        lines: [
          { key: unit.key, type: 'product', title: values.name, outcome: 'updated', reason: '', url },
          ...(await redirect(trx, unit, url)),
        ],
      };
    }
    const id = randomUUID();
    const slug = await freeSlug(trx, 'products', unit.slug || unit.name, 'product');
    await trx
      .insertInto('products')
      .values({ id, slug, ...values, created_at: new Date().toISOString(), updated_at: null })
      .execute();
    await recordAudit(trx, ctx.actor, {
      action: 'product.create',
      target: { type: 'product', id },
      summary: summary('imported'),
    });
    await remember(trx, ctx, unit, id);
    const url = addressOf('product', slug);
    return {
      lines: [
        { key: unit.key, type: 'product', title: values.name, outcome: 'created', reason: '', url },
        ...(await redirect(trx, unit, url)),
      ],
    };
  });
}

/** Imports one unit; answers its report lines (its own, then its redirects; pictures report through the context). */
export async function applyUnit(ctx: ApplyContext, unit: ImportUnit): Promise<ImportReportItem[]> {
  const before = await findSource(ctx.db, unit.key);
  if (before?.source_hash === unitHash(unit) && unit.type !== 'category' && unit.type !== 'author') {
    return [
      {
        key: unit.key,
        type: unit.type,
        title: titleOf(unit),
        outcome: 'unchanged',
        reason: 'Imported before and unchanged.',
      },
    ];
  }
  const changed = before ? await stillHere(ctx.db, unit.type, before.target_id) : false;
  if (before && !changed)
    return [
      {
        key: unit.key,
        type: unit.type,
        title: titleOf(unit),
        outcome: 'skipped',
        reason: 'Imported before and deleted here since: it stays deleted.',
      },
    ];
  const kept = before ?? undefined;
  switch (unit.type) {
    case 'category':
      return before ? unchanged(unit) : (await applyCategory(ctx, unit)).lines;
    case 'author':
      return before ? unchanged(unit) : (await applyAuthor(ctx, unit)).lines;
    case 'post':
      return (await applyPost(ctx, unit, kept)).lines;
    case 'page':
      return (await applyPage(ctx, unit, kept)).lines;
    case 'comment':
      return (await applyComment(ctx, unit, kept)).lines;
    case 'product':
      return (await applyProduct(ctx, unit, kept)).lines;
  }
}

const unchanged = (unit: CategoryUnit | AuthorUnit): ImportReportItem[] => [
  { key: unit.key, type: unit.type, title: titleOf(unit), outcome: 'unchanged', reason: 'Imported before.' },
];

const TABLES = {
  category: 'categories',
  author: 'users',
  post: 'blogs',
  page: 'pages',
  comment: 'blog_comments',
  product: 'products',
} as const;

async function stillHere(db: Db, type: ImportUnit['type'], id: string): Promise<boolean> {
  return (
    (await db
      .selectFrom(TABLES[type] as 'blogs')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()) !== undefined
  );
}
