/** A video's versions: the fields kept at each save, as the history names and compares them. */
import type { Selectable } from 'kysely';
import type { VideoDraftFields } from '../../../shared/schemas/video-admin.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import type { VideosTable } from '../../db/schema.ts';
import type { Versioned } from '../revisions/keep-revision.ts';

export type VideoRow = Selectable<VideosTable>;

/** The video's fields as a draft or a version starts from them (its state is set apart, by its own save). */
export const videoFieldsOfRow = (row: VideoRow): VideoDraftFields => ({
  name: row.name,
  title: row.title,
  description: row.description,
  youtube: row.youtube,
  category: row.category,
  quality: row.quality,
  duration: row.duration,
  tags: parseStringArray(row.tags),
  poster: row.poster,
});

export const videoVersioned: Versioned<VideoRow, VideoDraftFields> = {
  type: 'video',
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'youtube', label: 'YouTube link', kind: 'text' },
    { name: 'category', label: 'Category', kind: 'text' },
    { name: 'quality', label: 'Quality', kind: 'text' },
    { name: 'duration', label: 'Duration (seconds)', kind: 'text' },
    { name: 'tags', label: 'Tags', kind: 'list' },
    { name: 'poster', label: 'Poster', kind: 'picture' },
    { name: 'description', label: 'Description', kind: 'text' },
  ],
  picture: 'poster',
  fieldsOf: videoFieldsOfRow,
  writtenAt: (row) => row.updated_at ?? row.created_at,
};
