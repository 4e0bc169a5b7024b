/**
 * Reads a backup archive into a staging directory and checks it whole before anything is restored. The archive is
 * decrypted with the passphrase as it is read, each chunk authenticated before it is used (archive-crypto.ts), so
 * nothing in it can come from someone who does not know the passphrase. manifest.json must come first: every later
 * entry must be one it lists, its size must be the listed one before a byte of it is written, and its SHA-256 the
 * listed one once written; nothing listed may be missing. Entry names are checked before they become paths (no '..',
 * no folders of their own), so an archive cannot write elsewhere.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { checkObjectName } from '../media/storage/object-store.ts';
import { decrypting, looksEncrypted } from './archive-crypto.ts';
import { BackupError, ENTRY, ManifestSchema, STORES, storeEntry, type Manifest, type StoreName } from './manifest.ts';

/** manifest.json is read into memory; no real one comes near this. */
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

export interface StagedArchive {
  manifest: Manifest;
  /** The database snapshot's staged file. */
  database: string;
  /** The staged file of a stored object. */
  objectPath(store: StoreName, name: string): string;
  /** The staged secret.key, when the archive has one. */
  secret: string | null;
}

/** Where an entry is staged, or an error for a name no backup writes. */
function stagedPathOf(stagingDir: string, name: string): string {
  if (name === ENTRY.sqlite || name === ENTRY.postgres) return join(stagingDir, 'database');
  if (name === ENTRY.secret) return join(stagingDir, 'secret.key');
  const [store, object, ...rest] = name.split('/');
  if (rest.length === 0 && object && store !== undefined && (STORES as readonly string[]).includes(store)) {
    try {
      return join(stagingDir, store, checkObjectName(object));
    } catch {
      // Reported below.
    }
  }
  throw new BackupError(
    `The archive holds an entry no backup of this site writes: ${JSON.stringify(name.slice(0, 120))}`,
  );
}

function damaged(detail: string): BackupError {
  return new BackupError(`The archive is damaged or not a backup of this site: ${detail}`);
}

/** The archive's first bytes. */
async function headOf(archive: string): Promise<Uint8Array> {
  const handle = await open(archive, 'r');
  try {
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(64), position: 0 });
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw damaged('manifest.json is not JSON');
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success)
    throw damaged(
      `manifest.json is not valid (${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')})`,
    );
  return parsed.data;
}

/** Every entry the manifest lists after itself, with its size and SHA-256. */
function expectedEntries(manifest: Manifest): Map<string, { size: number; sha256: string }> {
  const expected = new Map<string, { size: number; sha256: string }>([[manifest.database.file, manifest.database]]);
  for (const store of STORES) for (const file of manifest[store]) expected.set(storeEntry(store, file.name), file);
  if (manifest.secret) expected.set(ENTRY.secret, manifest.secret);
  return expected;
}

async function readManifest(entry: AsyncIterable<Buffer>): Promise<Manifest> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += chunk.byteLength;
    if (size > MANIFEST_MAX_BYTES) throw damaged('manifest.json is too large');
    chunks.push(chunk);
  }
  return parseManifest(Buffer.concat(chunks).toString('utf8'));
}

/** Writes one entry to `target`, refusing it as soon as it grows past `size`; its SHA-256. */
async function stageEntry(entry: AsyncIterable<Buffer>, target: string, name: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  let written = 0;
  const file = createWriteStream(target, { mode: 0o600 });
  try {
    for await (const chunk of entry) {
      written += chunk.byteLength;
      if (written > size) throw damaged(`${name} is larger than the manifest says`);
      hash.update(chunk);
      if (!file.write(chunk)) await new Promise((resolve) => file.once('drain', resolve));
    }
  } finally {
    file.end();
    await finished(file).catch(() => undefined);
  }
  if (written !== size) throw damaged(`${name} does not match its size and SHA-256 in the manifest`);
  return hash.digest('hex');
}

/** Decrypts, extracts and checks the archive; throws BackupError saying what is wrong. */
export async function readArchive(archive: string, stagingDir: string, passphrase: string): Promise<StagedArchive> {
  if (!looksEncrypted(await headOf(archive)))
    throw new BackupError(
      'The archive is not encrypted: it is not a backup of this version of the site (archives are made with a passphrase since archive format 2)',
    );
  await Promise.all(STORES.map((store) => mkdir(join(stagingDir, store), { recursive: true })));
  const source = createReadStream(archive);
  const plain = await decrypting(Readable.toWeb(source) as ReadableStream<Uint8Array>, passphrase).catch(
    (error: unknown) => {
      source.destroy();
      throw error;
    },
  );
  const extract = tar.extract();
  const gunzip = createGunzip();
  const decrypted = Readable.fromWeb(plain as NodeReadableStream<Uint8Array>);
  const fail = (error: Error) => extract.destroy(error);
  decrypted.once('error', (error) => fail(damaged(`it does not decrypt whole (${error.message})`)));
  gunzip.once('error', (error) => fail(damaged(error.message)));
  decrypted.pipe(gunzip).pipe(extract);

  let manifest: Manifest | null = null;
  let expected = new Map<string, { size: number; sha256: string }>();
  const seen = new Set<string>();
  try {
    for await (const entry of extract) {
      const { name, type, size } = entry.header;
      if (type !== 'file') throw damaged(`unexpected ${type} entry ${JSON.stringify(name)}`);
      if (manifest === null) {
        if (name !== ENTRY.manifest) throw damaged('manifest.json is not its first entry');
        manifest = await readManifest(entry as AsyncIterable<Buffer>);
        expected = expectedEntries(manifest);
        continue;
      }
      const target = stagedPathOf(stagingDir, name);
      const want = expected.get(name);
      if (!want) throw damaged(`${name} is not in the manifest`);
      if (seen.has(name)) throw damaged(`${name} appears twice`);
      // The tar header says how much follows: a larger entry is refused before any of it is written.
      if (size !== want.size) throw damaged(`${name} does not match its size and SHA-256 in the manifest`);
      seen.add(name);
      const sha256 = await stageEntry(entry as AsyncIterable<Buffer>, target, name, want.size);
      if (sha256 !== want.sha256) throw damaged(`${name} does not match its size and SHA-256 in the manifest`);
    }
  } catch (error) {
    source.destroy();
    decrypted.destroy();
    if (error instanceof BackupError) throw error;
    throw damaged((error as Error).message);
  }
  if (manifest === null) throw damaged('it has no manifest.json');
  for (const name of expected.keys()) if (!seen.has(name)) throw damaged(`${name} is missing`);
  return {
    manifest,
    database: join(stagingDir, 'database'),
    objectPath: (store, name) => join(stagingDir, store, checkObjectName(name)),
    secret: manifest.secret ? join(stagingDir, 'secret.key') : null,
  };
}
