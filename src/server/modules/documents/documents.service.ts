/**
 * Documents: the public list and downloads of published documents, and the admin writes. A file is checked
 * by its content and stored before the transaction that writes the row and its audit entry, and removed again when
 * that write fails; a replaced or deleted document's file is removed once its row no longer names it. A write reports
 * whether the public site may have changed, so the caller asks for a rebuild only then. Each write keeps a version of
 * the document's words (document-versions.ts); its drafts are in document-drafts.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { DraftInfo } from '../../../shared/drafts.ts';
import { documentDownloadPath, type AdminDocument, type PublicDocument } from '../../../shared/documents.ts';
import {
  checkDocumentFields,
  DocumentInput,
  DocumentPatch,
  type DocumentChanges,
} from '../../../shared/schemas/document-admin.ts';
import type { Db } from '../../db/connection.ts';
import { readBack } from '../../db/read-back.ts';
import type { DocumentsTable } from '../../db/schema.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import type { UploadInput } from '../../media/upload-check.ts';
import { checkDocument, cleanDownloadName } from '../../media/document-check.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { bool } from '../content/content.mappers.ts';
import type { ItemWriteNote } from '../drafts/draft.service.ts';
import { deleteDraftRow, draftInfo, draftInfos, findDraftRow } from '../drafts/drafts.repository.ts';
import { dropItemRevisions, keepItemVersion, pruneRevisions } from '../revisions/keep-revision.ts';
import { documentVersioned } from './document-versions.ts';
import {
  deleteDocumentRow,
  findDocumentRow,
  findPublishedDocumentRow,
  insertDocumentRow,
  listAllDocumentRows,
  listPublishedDocumentRows,
  updateDocumentRow,
} from './documents.repository.ts';
import { openDocumentFile, removeDocumentFile, storeDocumentFile } from './documents.store.ts';

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const FILE_REQUIRED = 'Choose a document file.';

export interface DocumentWriteContext {
  db: Db;
  dataDir: string;
  actor: AuthUser;
}

/** A write's result: the document, and whether it was published before or after (the public site changes). */
export interface DocumentWrite {
  document: AdminDocument;
  publicChanged: boolean;
}

const notFound = () => new ApiError(404, DOCUMENT_NOT_FOUND);
const label = (title: string) => `Document "${title}"`;
export const documentLabel = label;

/** The row when there is one; else the document's 404. */
export function foundDocument<T>(row: T | undefined): T {
  if (!row) throw notFound();
  return row;
}

export function publicDocumentFromRow(r: Selectable<DocumentsTable>): PublicDocument {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    download_name: r.download_name,
    content_type: r.content_type,
    bytes: r.bytes,
    created_at: r.created_at,
    url: documentDownloadPath(r.id),
  };
}

export function adminDocumentFromRow(r: Selectable<DocumentsTable>, draft: DraftInfo | null = null): AdminDocument {
  return { ...publicDocumentFromRow(r), published: bool(r.published), updated_at: r.updated_at, draft };
}

/** The document as the admin reads it, its draft included; 404 for none. */
export async function findAdminDocument(db: Db, id: string): Promise<AdminDocument> {
  const row = foundDocument(await findDocumentRow(db, id));
  const draft = await findDraftRow(db, 'document', id);
  return adminDocumentFromRow(row, draft ? draftInfo(draft) : null);
}

/** The fields checked against `schema`, or a 400 naming the first bad one. */
function checked<S extends typeof DocumentInput | typeof DocumentPatch>(schema: S, fields: unknown) {
  const check = checkDocumentFields(schema, fields);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  return check.value;
}

/** Sent changes checked as PUT and PATCH check them (only the sent fields change), or a 400 naming the first bad one. */
export const checkedDocumentChanges = (fields: unknown): DocumentChanges => checked(DocumentPatch, fields);

/** The columns describing a file written to the documents store. */
interface StoredFile {
  file: string;
  download_name: string;
  content_type: string;
  bytes: number;
}

/** The upload checked by content and written to the documents store: the columns that describe it. */
async function storedFile(dataDir: string, upload: UploadInput): Promise<StoredFile> {
  let kind;
  try {
    kind = await checkDocument(upload);
  } catch (error) {
    if (error instanceof ApiError) throw fieldError(error.status, error.message, 'file');
    throw error;
  }
  const file = await storeDocumentFile(dataDir, upload.bytes, kind.extension, kind.type);
  return {
    file,
    download_name: cleanDownloadName(upload.fileName, kind),
    content_type: kind.type,
    bytes: upload.bytes.byteLength,
  };
}

/** Runs the write; when it fails, the file stored for it is removed before the error goes on. */
async function removingOnFailure<T>(dataDir: string, file: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (file) await removeDocumentFile(dataDir, file);
    throw error;
  }
}

/** GET /api/documents. */
export async function publishedDocuments(db: Db): Promise<PublicDocument[]> {
  return (await listPublishedDocumentRows(db)).map(publicDocumentFromRow);
}

/** GET /api/admin/documents. */
export async function allDocuments(db: Db): Promise<AdminDocument[]> {
  const [rows, drafts] = await Promise.all([listAllDocumentRows(db), draftInfos(db, 'document')]);
  return rows.map((row) => adminDocumentFromRow(row, drafts.get(row.id) ?? null));
}

/** GET /api/documents/:id/download: a published document's row and file; 404 for a draft, an unknown id or a lost file. */
export async function documentDownload(db: Db, dataDir: string, id: string) {
  const row = await findPublishedDocumentRow(db, id);
  const body = row ? await openDocumentFile(dataDir, row.file) : undefined;
  if (!row || !body) throw notFound();
  return { row, body };
}

/** POST /api/admin/documents: the fields (title required) and the file (required). */
export async function createDocument(
  ctx: DocumentWriteContext,
  fields: unknown,
  upload: UploadInput | undefined,
): Promise<DocumentWrite> {
  const values = checked(DocumentInput, fields);
  if (!upload) throw fieldError(400, FILE_REQUIRED, 'file');
  const stored = await storedFile(ctx.dataDir, upload);
  const id = randomUUID();
  const now = new Date().toISOString();
  return removingOnFailure(ctx.dataDir, stored.file, () =>
    ctx.db.transaction().execute(async (trx) => {
      await insertDocumentRow(trx, { id, ...values, ...stored, created_at: now, updated_at: now });
      const created = readBack(await findDocumentRow(trx, id), `document ${id}`);
      await keepItemVersion(trx, documentVersioned, ctx.actor, id, 'create', created);
      const summary = `${label(values.title)} uploaded${values.published ? '' : ' as a draft'}`;
      await recordAudit(trx, ctx.actor, { action: 'document.create', target: { type: 'document', id }, summary });
      return { document: adminDocumentFromRow(created), publicChanged: values.published };
    }),
  );
}

/** The sent fields without those sent as undefined. */
const sentOnly = (changes: DocumentChanges) =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));

/** PUT (fields and maybe a new file) or PATCH (fields) /api/admin/documents/:id: the sent fields change, the others stay. */
export async function updateDocument(
  ctx: DocumentWriteContext,
  id: string,
  fields: unknown,
  upload?: UploadInput,
): Promise<DocumentWrite> {
  foundDocument(await findDocumentRow(ctx.db, id));
  const changes = checkedDocumentChanges(fields);
  const stored = upload ? await storedFile(ctx.dataDir, upload) : undefined;
  return writeDocumentChanges(ctx, id, changes, stored, { what: 'updated', action: 'update' });
}

/**
 * Writes checked changes, and a file stored for them, to a document (a PUT or PATCH, or its draft being published)
 * and keeps the version it made; the file it replaced is removed once the row no longer names it.
 */
export async function writeDocumentChanges(
  ctx: DocumentWriteContext,
  id: string,
  changes: DocumentChanges,
  stored: StoredFile | undefined,
  { what, action, also }: ItemWriteNote,
): Promise<DocumentWrite> {
  const { write, previous } = await removingOnFailure(ctx.dataDir, stored?.file, () =>
    ctx.db.transaction().execute(async (trx) => {
      const before = foundDocument(await findDocumentRow(trx, id));
      await updateDocumentRow(trx, id, { ...sentOnly(changes), ...stored, updated_at: new Date().toISOString() });
      await also?.(trx);
      const after = readBack(await findDocumentRow(trx, id), `document ${id}`);
      await keepItemVersion(trx, documentVersioned, ctx.actor, id, action, after, before);
      const wasPublished = bool(before.published);
      const isPublished = bool(after.published);
      // A draft published says so itself; an edit says when it published or unpublished too.
      const publishing =
        action === 'update' && wasPublished !== isPublished
          ? isPublished
            ? ' and published'
            : ' and unpublished'
          : '';
      const summary = `${label(after.title)} ${what}${stored ? ' with a new file' : ''}${publishing}`;
      await recordAudit(trx, ctx.actor, { action: 'document.update', target: { type: 'document', id }, summary });
      const draft = await findDraftRow(trx, 'document', id);
      return {
        write: {
          document: adminDocumentFromRow(after, draft ? draftInfo(draft) : null),
          publicChanged: wasPublished || isPublished,
        },
        previous: before.file,
      };
    }),
  );
  if (stored && previous !== stored.file) await removeDocumentFile(ctx.dataDir, previous);
  await pruneRevisions(ctx, 'document', id);
  return write;
}

/** DELETE /api/admin/documents/:id; its file is removed after the row. Whether it was published. */
export async function deleteDocument(ctx: DocumentWriteContext, id: string): Promise<boolean> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const deleted = await deleteDocumentRow(trx, id);
    if (!deleted) throw notFound();
    await deleteDraftRow(trx, 'document', id);
    // A document's versions name no picture (its file is the row's alone): they go with it, nothing to release.
    await dropItemRevisions(trx, 'document', id);
    await recordAudit(trx, ctx.actor, {
      action: 'document.delete',
      target: { type: 'document', id },
      summary: `${label(deleted.title)} deleted`,
    });
    return deleted;
  });
  await removeDocumentFile(ctx.dataDir, row.file);
  return bool(row.published);
}
