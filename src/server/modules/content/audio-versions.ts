/** An audio item's versions: the fields kept at each save, as the history names and compares them. */
import type { Selectable } from 'kysely';
import type { AudioDraftFields } from '../../../shared/schemas/audio-admin.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import type { AudiosTable } from '../../db/schema.ts';
import type { Versioned } from '../revisions/keep-revision.ts';

/** One stored audio item. */
export type AudioRow = Selectable<AudiosTable>;

/** The item's fields as a draft or a version starts from them (its audio file is replaced at once, apart). */
export const audioFieldsOfRow = (row: AudioRow): AudioDraftFields => ({
  name: row.name,
  title: row.title,
  artist: row.artist,
  description: row.description,
  type: row.type,
  category: row.category,
  quality: row.quality,
  tags: parseStringArray(row.tags),
  cover: row.cover,
});

export const audioVersioned: Versioned<AudioRow, AudioDraftFields> = {
  type: 'audio',
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'artist', label: 'Artist', kind: 'text' },
    { name: 'type', label: 'Type', kind: 'text' },
    { name: 'category', label: 'Category', kind: 'text' },
    { name: 'quality', label: 'Quality', kind: 'text' },
    { name: 'tags', label: 'Tags', kind: 'list' },
    { name: 'cover', label: 'Cover', kind: 'picture' },
    { name: 'description', label: 'Description', kind: 'text' },
  ],
  picture: 'cover',
  fieldsOf: audioFieldsOfRow,
  writtenAt: (row) => row.updated_at ?? row.created_at,
};
