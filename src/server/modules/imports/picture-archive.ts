/**
 * The pictures' archive that comes with an import: a .zip of WordPress's wp-content/uploads folder, or of a folder of
 * product pictures. Entries are only ever read into memory, never written out by their names, so a hostile name
 * reaches nothing; an entry larger than PICTURE_ENTRY_MAX_BYTES is not read (yauzl checks each entry's real size
 * against what the archive declares).
 */
import { posix } from 'node:path';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** The largest picture read from the archive (the uploads' own limit is far lower after encoding). */
export const PICTURE_ENTRY_MAX_BYTES = 40 * 1024 * 1024;

const PICTURE = /\.(jpe?g|png|gif|webp|avif)$/i;
/** WordPress's resized copies: mug-300x200.jpg is a copy of mug.jpg. */
const SIZED_COPY = /-\d+x\d+(?=\.[a-z0-9]+$)/i;

export interface PictureArchive {
  /** How many pictures it holds. */
  readonly size: number;
  /** The archive's entry for a picture's address in the source, or null when it is not there. */
  find(url: string): string | null;
  read(entry: string): Promise<Buffer>;
  close(): void;
}

const lower = (path: string) => path.toLowerCase();

/** A picture address's path, decoded, without its query: /wp-content/uploads/2024/05/mug.jpg, /s/files/…/mug.jpg. */
function pathOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url, 'https://source.invalid').pathname);
  } catch {
    return url.replace(/[?#].*$/s, '');
  }
}

/**
 * Where an address may be in an archive, best first: its path under uploads/ (2024/05/mug-300x200.jpg), its file
 * name, and for a resized copy the original it was made from.
 */
export function archiveCandidates(url: string): string[] {
  const path = pathOf(url);
  const underUploads = /\/uploads\/(.+)$/i.exec(path)?.[1];
  const name = posix.basename(path);
  const original = name.replace(SIZED_COPY, '');
  return [
    ...(underUploads ? [underUploads] : []),
    ...(underUploads && original !== name ? [posix.join(posix.dirname(underUploads), original)] : []),
    name,
    ...(original !== name ? [original] : []),
  ].map(lower);
}

function open(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, decodeStrings: true }, (error, zip) => {
      if (error) reject(error);
      else resolve(zip);
    });
  });
}

function entriesOf(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) {
        reject(error);
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.once('end', () => resolve(Buffer.concat(chunks)));
      stream.once('error', reject);
    });
  });
}

/** Opens the archive at `path` and indexes its pictures; throws when it is not a readable .zip. */
export async function openPictureArchive(path: string): Promise<PictureArchive> {
  const zip = await open(path);
  try {
    const pictures = (await entriesOf(zip)).filter(
      (e) => !e.fileName.endsWith('/') && PICTURE.test(e.fileName) && !e.fileName.includes('__MACOSX/'),
    );
    const byPath = new Map<string, Entry>();
    const byName = new Map<string, Entry>();
    for (const entry of pictures) {
      const name = lower(entry.fileName);
      byPath.set(name, entry);
      if (!byName.has(posix.basename(name))) byName.set(posix.basename(name), entry);
    }
    /** An entry whose path ends with `candidate` (uploads/2024/05/mug.jpg for 2024/05/mug.jpg), or by file name. */
    const lookup = (candidate: string): Entry | undefined => {
      if (!candidate.includes('/')) return byName.get(candidate);
      for (const [name, entry] of byPath) if (name === candidate || name.endsWith(`/${candidate}`)) return entry;
      return undefined;
    };
    return {
      size: pictures.length,
      find(url) {
        for (const candidate of archiveCandidates(url)) {
          const entry = lookup(candidate);
          if (entry && entry.uncompressedSize <= PICTURE_ENTRY_MAX_BYTES) return entry.fileName;
        }
        return null;
      },
      async read(name) {
        const entry = byPath.get(lower(name));
        if (!entry) throw new Error(`${name} is not in the archive`);
        return readEntry(zip, entry);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
