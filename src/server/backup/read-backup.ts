/**
 * Reads a backup archive into a staging directory and checks it whole before anything is restored: every entry must
 * be one the manifest lists, with its size and SHA-256, and nothing the manifest lists may be missing. Entry names
 * are checked before they become paths (no '..', no folders of their own), so an archive cannot write elsewhere.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { checkObjectName } from '../media/storage/object-store.ts';
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

/** stagedPathOf's answer for manifest.json, which is read into memory rather than staged. */
const IN_MEMORY = Symbol('manifest');

/** Where an entry is staged, or an error for a name no backup writes. */
function stagedPathOf(stagingDir: string, name: string): string | typeof IN_MEMORY {
  if (name === ENTRY.manifest) return IN_MEMORY;
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

/** Extracts and checks the archive; throws BackupError saying what is wrong. */
export async function readArchive(archive: string, stagingDir: string): Promise<StagedArchive> {
  await Promise.all(STORES.map((store) => mkdir(join(stagingDir, store), { recursive: true })));
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  const extract = tar.extract();
  const source = createReadStream(archive);
  const gunzip = createGunzip();
  const fail = (error: Error) => extract.destroy(error);
  source.once('error', fail);
  gunzip.once('error', (error) => fail(damaged(error.message)));
  source.pipe(gunzip).pipe(extract);
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file') throw damaged(`unexpected ${type} entry ${JSON.stringify(name)}`);
      if (seen.has(name) || (name === ENTRY.manifest && manifestText !== null)) throw damaged(`${name} appears twice`);
      const target = stagedPathOf(stagingDir, name);
      if (target === IN_MEMORY) {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of entry) {
          size += (chunk as Buffer).byteLength;
          if (size > MANIFEST_MAX_BYTES) throw damaged('manifest.json is too large');
          chunks.push(chunk as Buffer);
        }
        manifestText = Buffer.concat(chunks).toString('utf8');
        continue;
      }
      const hash = createHash('sha256');
      let size = 0;
      const file = createWriteStream(target, { mode: 0o600 });
      for await (const chunk of entry) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).byteLength;
        if (!file.write(chunk)) await new Promise((resolve) => file.once('drain', resolve));
      }
      file.end();
      await finished(file);
      seen.set(name, { size, sha256: hash.digest('hex') });
    }
  } catch (error) {
    source.destroy();
    if (error instanceof BackupError) throw error;
    throw damaged((error as Error).message);
  }
  if (manifestText === null) throw damaged('it has no manifest.json');
  let manifest: Manifest;
  try {
    const parsed = ManifestSchema.safeParse(JSON.parse(manifestText));
    if (!parsed.success)
      throw damaged(
        `manifest.json is not valid (${parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')})`,
      );
    manifest = parsed.data;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw damaged('manifest.json is not JSON');
  }
  const expected = new Map<string, { size: number; sha256: string }>([[manifest.database.file, manifest.database]]);
  for (const store of STORES) for (const file of manifest[store]) expected.set(storeEntry(store, file.name), file);
  if (manifest.secret) expected.set(ENTRY.secret, manifest.secret);
  for (const [name, want] of expected) {
    const got = seen.get(name);
    if (!got) throw damaged(`${name} is missing`);
    if (got.size !== want.size || got.sha256 !== want.sha256)
      throw damaged(`${name} does not match its size and SHA-256 in the manifest`);
  }
  for (const name of seen.keys()) if (!expected.has(name)) throw damaged(`${name} is not in the manifest`);
  return {
    manifest,
    database: join(stagingDir, 'database'),
    objectPath: (store, name) => join(stagingDir, store, checkObjectName(name)),
    secret: manifest.secret ? join(stagingDir, 'secret.key') : null,
  };
}
