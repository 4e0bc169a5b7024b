/** A photo's versions: the fields kept at each save, as the history names and compares them. */
import type { Selectable } from 'kysely';
import type { PhotoDraftFields } from '../../../shared/photos-admin.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import type { PhotosTable } from '../../db/schema.ts';
import type { Versioned } from '../revisions/keep-revision.ts';

export type PhotoRow = Selectable<PhotosTable>;

/** The photo's fields as a draft or a version starts from them (its picture is the photo, set by its upload alone). */
export const photoFieldsOfRow = (row: PhotoRow): PhotoDraftFields => ({
  title: row.title,
  caption: row.caption,
  category: row.category,
  tags: parseStringArray(row.tags),
});

export const photoVersioned: Versioned<PhotoRow, PhotoDraftFields> = {
  type: 'photo',
  fields: [
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'caption', label: 'Caption', kind: 'text' },
    { name: 'category', label: 'Category', kind: 'text' },
    { name: 'tags', label: 'Tags', kind: 'list' },
  ],
  fieldsOf: photoFieldsOfRow,
  // A photo keeps no time of its last edit: its state before history began is dated by its upload.
  writtenAt: (row) => row.created_at,
};
