/**
 * Document files: DATA_DIR/documents/<uuid>.<ext>, outside DATA_DIR/media so the /media handler can never serve one
 * (inline or at all); only GET /api/documents/:id/download does, as an attachment. Written whole before any row names
 * them (durable-file.ts); names are made here, never from the client's.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Db } from '../../db/connection.ts';
import { writeFileAtomically } from '../../durable-file.ts';

/** The only names this store makes and reads (a stored `file` column is checked against it before use). */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

export function documentsDir(dataDir: string): string {
  return join(dataDir, 'documents');
}

function pathOf(dataDir: string, file: string): string {
  if (!STORED_NAME.test(file)) throw new Error(`Not a stored document name: ${file}`);
  return join(documentsDir(dataDir), file);
}

/** Writes the bytes under a new name with `extension`; the name. */
export async function storeDocumentFile(dataDir: string, bytes: Uint8Array, extension: string): Promise<string> {
  await mkdir(documentsDir(dataDir), { recursive: true });
  const file = `${randomUUID()}.${extension}`;
  await writeFileAtomically(pathOf(dataDir, file), bytes, 0o600);
  return file;
}

/** Removes a stored file; one already gone is fine. Failures are logged, never thrown: the row is already gone. */
export async function removeDocumentFile(dataDir: string, file: string): Promise<void> {
  try {
    await rm(pathOf(dataDir, file), { force: true });
  } catch (error) {
    console.error('Could not remove document file', file, error instanceof Error ? error.message : error);
  }
}

/** The stored file as a web stream, or undefined when it is missing. */
export async function openDocumentFile(dataDir: string, file: string): Promise<ReadableStream<Uint8Array> | undefined> {
  const stream = createReadStream(pathOf(dataDir, file));
  try {
    // Opening fails here (ENOENT) rather than in the middle of the answer.
    await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
  } catch {
    stream.destroy();
    return undefined;
  }
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}

/**
 * Removes temp files and files no document row names, left by a crash between write and insert or between a delete
 * and its file's removal (security.md R43). Meant for start-up, beside sweepOrphanMedia; the count removed.
 */
export async function sweepOrphanDocuments(db: Db, dataDir: string): Promise<number> {
  const dir = documentsDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  if (names.length === 0) return 0;
  const known = new Set((await db.selectFrom('documents').select('file').execute()).map((r) => r.file));
  const orphans = names.filter((name) => !known.has(name));
  await Promise.all(orphans.map((name) => unlink(join(dir, name)).catch(() => undefined)));
  return orphans.length;
}
