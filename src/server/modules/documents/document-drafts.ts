/**
 * A document as its drafts and versions see it (drafts/draft.service.ts), and its draft and history calls under
 * /api/admin/documents/:id (the guard's `content` part: whoever may change a document may keep a draft of it and
 * publish it). A draft holds the document's words; its file is no draft's (document-draft.routes.ts refuses one) and
 * is replaced at once by the document's own PUT.
 */
import { omit } from '../../../shared/omit.ts';
import type { AdminDocument, DocumentDraftFields, PublicDocument } from '../../../shared/documents.ts';
import type { Db } from '../../db/connection.ts';
import { bool } from '../content/content.mappers.ts';
import type { DraftRoutes } from '../drafts/draft.routes.ts';
import { previewFields, type Draftable } from '../drafts/draft.service.ts';
import { findDocumentRow } from './documents.repository.ts';
import {
  checkedDocumentChanges,
  documentLabel,
  findAdminDocument,
  foundDocument,
  publicDocumentFromRow,
  writeDocumentChanges,
} from './documents.service.ts';
import { documentVersioned, type DocumentRow } from './document-versions.ts';

export const documentDraftable: Draftable<DocumentRow, DocumentDraftFields> = {
  ...documentVersioned,
  label: (fields) => documentLabel(fields.title),
  find: findDocumentRow,
  visible: (_actor, row) => foundDocument(row),
  changeable: (_actor, row) => foundDocument(row),
  mayPublish: () => undefined,
  prepare: (_ctx, input) => Promise.resolve(omit(checkedDocumentChanges(input), 'published')),
  publish: async (ctx, id, fields, _picture, also) => {
    const changes = checkedDocumentChanges({ ...fields, published: true });
    const { publicChanged } = await writeDocumentChanges(ctx, id, changes, undefined, {
      what: 'published from its draft',
      action: 'publish',
      also,
    });
    return { publicChange: publicChanged };
  },
};

export const documentDrafts: DraftRoutes<DocumentRow, DocumentDraftFields, AdminDocument> = {
  draftable: documentDraftable,
  path: '/admin/documents/:id',
  site: 'documents',
  item: (db, _actor, id) => findAdminDocument(db, id),
};

/** The document as the Documents page will list it: the draft applied when it has one (a preview link's view). */
export async function documentPreview(
  db: Db,
  id: string,
): Promise<{ item: PublicDocument; draft: boolean; published: boolean } | null> {
  const found = await previewFields(db, documentDraftable, id);
  if (!found) return null;
  const { row, fields, draft } = found;
  return { item: publicDocumentFromRow({ ...row, ...fields }), draft, published: bool(row.published) };
}
