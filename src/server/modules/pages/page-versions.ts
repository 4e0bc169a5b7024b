/** A page's versions: the fields kept at each save, as the history names and compares them. */
import type { PageDraftFields } from '../../../shared/pages.ts';
import type { Versioned } from '../revisions/keep-revision.ts';
import type { PageRow } from './pages.service.ts';

/** The page's fields as a draft or a version starts from them (being in the footer is set at once, apart). */
export const pageFieldsOfRow = (row: PageRow): PageDraftFields => ({
  title: row.title,
  slug: row.slug,
  content: row.content,
});

export const pageVersioned: Versioned<PageRow, PageDraftFields> = {
  type: 'page',
  fields: [
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'slug', label: 'Address', kind: 'text' },
    { name: 'content', label: 'Content', kind: 'html' },
  ],
  fieldsOf: pageFieldsOfRow,
  writtenAt: (row) => row.updated_at ?? row.created_at,
};
