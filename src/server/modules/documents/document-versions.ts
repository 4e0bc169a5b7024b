/** A document's versions: the fields kept at each save, as the history names and compares them. */
import type { Selectable } from 'kysely';
import type { DocumentDraftFields } from '../../../shared/documents.ts';
import type { DocumentsTable } from '../../db/schema.ts';
import type { Versioned } from '../revisions/keep-revision.ts';

/** One stored document. */
export type DocumentRow = Selectable<DocumentsTable>;

/**
 * The document's fields as a draft or a version starts from them. Its file is none of them: it lives in the
 * documents store, not the media store that keeps versions' pictures, so a new file replaces the old at once.
 */
export const documentFieldsOfRow = (row: DocumentRow): DocumentDraftFields => ({
  title: row.title,
  description: row.description,
});

export const documentVersioned: Versioned<DocumentRow, DocumentDraftFields> = {
  type: 'document',
  fields: [
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'description', label: 'Description', kind: 'text' },
  ],
  fieldsOf: documentFieldsOfRow,
  writtenAt: (row) => row.updated_at ?? row.created_at,
};
