/** A post's versions: the fields kept at each save, as the history names and compares them. */
import type { BlogDraftFields } from '../../../shared/schemas/blog-admin.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import type { Versioned } from '../revisions/keep-revision.ts';
import type { AdminBlogRow } from './blogs.admin.repository.ts';

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

export const blogVersioned: Versioned<AdminBlogRow, BlogDraftFields> = {
  type: 'blog',
  fields: [
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'slug', label: 'Address', kind: 'text' },
    { name: 'caption', label: 'Caption', kind: 'text' },
    { name: 'category', label: 'Category', kind: 'text' },
    { name: 'tags', label: 'Tags', kind: 'list' },
    { name: 'image', label: 'Cover image', kind: 'picture' },
    { name: 'content', label: 'Content', kind: 'html' },
  ],
  picture: 'image',
  fieldsOf: blogFieldsOfRow,
  writtenAt: (row) => row.updated_at ?? row.created_at,
};
