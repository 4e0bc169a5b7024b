/**
 * Document files: <uuid>.<ext> in the documents store of DATA_DIR's storage (DATA_DIR/documents, or the bucket's
 * documents/ prefix: storage/media-storage.ts), apart from the media store so the /media handler can never serve one
 * (inline or at all); only GET /api/documents/:id/download does, as an attachment. Written whole before any row names
 * them; names are made here, never from the client's.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { mediaStorageAt } from '../../media/storage/media-storage.ts';
import { sweepOrphans, type SweepOptions } from '../../media/storage/orphan-sweep.ts';
import { listDocumentFiles } from './documents.repository.ts';

/** The only names this store makes and reads (a stored `file` column is checked against it before use). */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

export { documentsDir } from '../../media/storage/media-storage.ts';

function checkedName(file: string): string {
  if (!STORED_NAME.test(file)) throw new Error(`Not a stored document name: ${file}`);
  return file;
}

const storeOf = (dataDir: string) => mediaStorageAt(dataDir).documents;

/** Writes the bytes under a new name with `extension`; the name. */
export async function storeDocumentFile(
  dataDir: string,
  bytes: Uint8Array,
  extension: string,
  contentType = 'application/octet-stream',
): Promise<string> {
  const file = checkedName(`${randomUUID()}.${extension}`);
  await storeOf(dataDir).put(file, bytes, contentType);
  return file;
}

/** Removes a stored file; one already gone is fine. Failures are logged, never thrown: the row is already gone. */
export async function removeDocumentFile(dataDir: string, file: string): Promise<void> {
  try {
    await storeOf(dataDir).delete(checkedName(file));
  } catch (error) {
    console.error('Could not remove document file', file, error instanceof Error ? error.message : error);
  }
}

/** The stored file as a web stream, or undefined when it is missing. */
export async function openDocumentFile(dataDir: string, file: string): Promise<ReadableStream<Uint8Array> | undefined> {
  return (await storeOf(dataDir).get(checkedName(file)))?.body;
}

/**
 * Removes temp files and files no document row names, left by a crash between write and insert or between a delete
 * and its file's removal (security.md R43). Meant for start-up, beside sweepOrphanMedia; the count removed.
 */
export async function sweepOrphanDocuments(db: Db, dataDir: string, options: SweepOptions = {}): Promise<number> {
  return sweepOrphans(storeOf(dataDir), () => listDocumentFiles(db), options);
}
