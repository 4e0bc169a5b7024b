/** Stored media files: DATA_DIR/media/<uuid>.<ext>, written atomically, then recorded in the media table. */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { isPictureName, VARIANT_TYPE, VARIANT_WIDTHS, variantName } from '../../shared/image-variants.ts';
import type { Db } from '../db/connection.ts';
import { writeFileAtomically } from '../durable-file.ts';

export const MEDIA_URL_PREFIX = '/media/';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  // The audio formats checkAudioFile (modules/content/audio-check.ts) accepts.
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'video/mp4': 'mp4',
};

export function mediaDir(dataDir: string): string {
  return join(dataDir, 'media');
}

export interface StoredMedia {
  id: string;
  fileName: string;
  /** Site-relative URL under which the server serves the file. */
  url: string;
}

/** Writes the file whole (durable-file.ts), then inserts the row (security.md R41, R43). */
export async function storeMedia(
  db: Db,
  dataDir: string,
  bytes: Uint8Array,
  contentType: string,
  size?: { width: number; height: number },
): Promise<StoredMedia> {
  const ext = EXTENSIONS[contentType];
  if (!ext) throw new Error(`unsupported media type ${contentType}`);
  return storeMediaAs(db, dataDir, `${randomUUID()}.${ext}`, bytes, contentType, size);
}

/** storeMedia under a given server-made name (variants are named after their picture). */
async function storeMediaAs(
  db: Db,
  dataDir: string,
  fileName: string,
  bytes: Uint8Array,
  contentType: string,
  size?: { width: number; height: number },
): Promise<StoredMedia> {
  const dir = mediaDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const id = randomUUID();
  const finalPath = join(dir, fileName);
  await writeFileAtomically(finalPath, bytes, 0o644);
  try {
    await db
      .insertInto('media')
      .values({ id, file_name: fileName, content_type: contentType, bytes: bytes.byteLength, width: size?.width ?? null, height: size?.height ?? null })
      .execute();
  } catch (error) {
    await unlink(finalPath).catch(() => undefined);
    throw error;
  }
  return { id, fileName, url: `${MEDIA_URL_PREFIX}${fileName}` };
}

/** Pixels a stored picture may have before it is refused (security.md R40: far below sharp's 268 MP default). */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A responsive variant of a stored picture, `width` wide at most, in AVIF: about 40 % smaller than WebP at the
 * same look, and effort 1 keeps encoding near WebP's speed (issue 6, measured on the demo pictures).
 */
function encodeVariant(picture: Uint8Array, width: number) {
  return sharp(picture).resize({ width, withoutEnlargement: true }).avif({ quality: 45, effort: 1 }).toBuffer({ resolveWithObject: true });
}

/** Encodes and stores the variants of a stored picture at the given widths (files synced side by side). */
async function storeVariants(db: Db, dataDir: string, fileName: string, picture: Uint8Array, widths: readonly number[]): Promise<void> {
  const variants = await Promise.all(widths.map((width) => encodeVariant(picture, width)));
  await Promise.all(
    variants.map((v, i) => storeMediaAs(db, dataDir, variantName(fileName, widths[i]!), v.data, VARIANT_TYPE, { width: v.info.width, height: v.info.height })),
  );
}

/**
 * Re-encodes a picture to WebP (dropping metadata and anything hidden in the file) and stores it with its
 * responsive variants, so `srcSetFor(url)` is valid for it. Animated input keeps only its first frame.
 */
export async function storePicture(db: Db, dataDir: string, input: Uint8Array): Promise<StoredMedia & { width: number; height: number }> {
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  const { data, info } = await image.webp({ quality: 82, effort: 2 }).toBuffer({ resolveWithObject: true });
  const stored = await storeMedia(db, dataDir, data, 'image/webp', { width: info.width, height: info.height });
  await storeVariants(db, dataDir, stored.fileName, data, VARIANT_WIDTHS);
  return { ...stored, width: info.width, height: info.height };
}

/**
 * Gives every stored picture the variants it lacks: pictures stored before a width or the AVIF format joined the
 * variants would otherwise have a srcset naming files that do not exist. Returns how many variants it wrote. Their
 * older WebP variants stay stored (a page built before the change may still name them).
 */
export async function backfillPictureVariants(db: Db, dataDir: string): Promise<number> {
  const names = new Set((await db.selectFrom('media').select('file_name').execute()).map((r) => r.file_name));
  let written = 0;
  for (const name of names) {
    if (!isPictureName(name)) continue;
    const missing = VARIANT_WIDTHS.filter((width) => !names.has(variantName(name, width)));
    if (missing.length === 0) continue;
    // A row whose file is gone leaves nothing to make variants from; the picture keeps its placeholder fallback.
    const picture = await readFile(join(mediaDir(dataDir), name)).catch(() => undefined);
    if (!picture) continue;
    await storeVariants(db, dataDir, name, picture, missing);
    written += missing.length;
  }
  return written;
}

/** Looks up a stored file by its public name; undefined for anything not in the table. */
export async function findMedia(db: Db, fileName: string) {
  return db.selectFrom('media').select(['file_name', 'content_type', 'bytes']).where('file_name', '=', fileName).executeTakeFirst();
}

/** Removes temp files and files without a media row, left by a crash between write and insert (security.md R43). */
export async function sweepOrphanMedia(db: Db, dataDir: string): Promise<number> {
  const dir = mediaDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  if (names.length === 0) return 0;
  const known = new Set((await db.selectFrom('media').select('file_name').execute()).map((r) => r.file_name));
  const orphans = names.filter((name) => !known.has(name));
  await Promise.all(orphans.map((name) => unlink(join(dir, name)).catch(() => undefined)));
  return orphans.length;
}
