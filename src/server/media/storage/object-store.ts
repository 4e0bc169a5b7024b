/**
 * One interface over where stored files live: local files under DATA_DIR (local-store.ts) or an
 * S3-compatible bucket (s3-store.ts). A store is one flat namespace of server-made names (media, or documents); what a
 * name means and who may read it is decided by its callers, never here.
 */

/** What a store knows about one stored object. */
export interface ObjectInfo {
  name: string;
  /** Bytes. */
  size: number;
  lastModified: Date;
  /** A strong validator, quoted as HTTP sends it: changes whenever the bytes do. */
  etag: string;
}

/** An inclusive byte range, already checked against the object's size. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  info: ObjectInfo;
  /** The whole object, or `range` of it when one was asked for. */
  body: ReadableStream<Uint8Array>;
}

export interface ObjectStore {
  /** `local` (one machine's disk) or `s3` (a bucket several instances share). */
  readonly kind: 'local' | 's3';
  /**
   * Stores `bytes` under `name`, replacing what was there; readers see the old object or the new one whole, never a
   * part (a temp file renamed into place, or one PUT). Resolves once the object is durable.
   */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object (or a range of it) as a stream, or undefined when there is none. */
  get(name: string, range?: ByteRange): Promise<StoredObject | undefined>;
  /** The object's size, date and ETag, or undefined when there is none. */
  head(name: string): Promise<ObjectInfo | undefined>;
  /** Removes the object; one already gone is fine. */
  delete(name: string): Promise<void>;
  /** Every object in the store (temp files of interrupted writes included, so a sweep can remove them). */
  list(): Promise<ObjectInfo[]>;
}

/** A name is one path segment of safe characters: nothing a store could read as a directory or a parent. */
const SAFE_NAME = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,200}$/;

/** Throws for a name that is not a plain, safe file name; every store calls it before touching anything. */
export function checkObjectName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`Not a storable object name: ${JSON.stringify(name)}`);
  return name;
}

/** The whole object as bytes, or undefined when there is none. */
export async function readObject(store: ObjectStore, name: string): Promise<Buffer | undefined> {
  const found = await store.get(name);
  if (!found) return undefined;
  const chunks: Uint8Array[] = [];
  for await (const chunk of found.body) chunks.push(chunk);
  return Buffer.concat(chunks);
}
