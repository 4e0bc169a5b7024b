/** A post's versions: the fields kept at each save, as the history names and compares them. */
import type { BlogDraftFields } from '../../../shared/schemas/blog-admin.ts';
import type { RevisionAction } from '../../../shared/revisions.ts';
import { omit } from '../../../shared/omit.ts';
import type { Db } from '../../db/connection.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import { readBack } from '../../db/read-back.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import type { RevisionField } from '../revisions/compare-versions.ts';
import { keepRevision, type Version } from '../revisions/keep-revision.ts';
import { findBlogRow, type AdminBlogRow } from './blogs.admin.repository.ts';

export const BLOG_REVISION_FIELDS: readonly RevisionField[] = [
  { name: 'title', label: 'Title', kind: 'text' },
  { name: 'slug', label: 'Address', kind: 'text' },
  { name: 'caption', label: 'Caption', kind: 'text' },
  { name: 'category', label: 'Category', kind: 'text' },
  { name: 'tags', label: 'Tags', kind: 'list' },
  { name: 'image', label: 'Cover image', kind: 'picture' },
  { name: 'content', label: 'Content', kind: 'html' },
];

/** The post's fields as a draft or a version starts from them. */
export const blogFieldsOfRow = (row: AdminBlogRow): BlogDraftFields => ({
  title: row.title,
  slug: row.slug,
  caption: row.caption,
  content: row.content,
  category: row.category,
  tags: parseStringArray(row.tags),
  image: row.image,
});

export const blogVersion = (fields: BlogDraftFields): Version => ({
  fields: omit(fields, 'image'),
  picture: fields.image,
});

/** The post as it was before a save, for a post whose versions were not kept until now. */
export const blogBefore = (row: AdminBlogRow) => ({
  version: blogVersion(blogFieldsOfRow(row)),
  savedAt: row.updated_at ?? row.created_at,
});

/** Keeps the version of the post a write just made (in its transaction); `before`: the post as it was. */
export async function keepBlogVersion(
  trx: Db,
  actor: AuthUser,
  id: string,
  action: RevisionAction,
  before?: AdminBlogRow,
): Promise<void> {
  const row = readBack(await findBlogRow(trx, id), `blog ${id}`);
  await keepRevision(trx, {
    type: 'blog',
    id,
    action,
    fields: BLOG_REVISION_FIELDS,
    version: blogVersion(blogFieldsOfRow(row)),
    actor,
    before: before && blogBefore(before),
  });
}
