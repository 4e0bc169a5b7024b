/**
 * Stored media files: <uuid>.<ext> in the media store of DATA_DIR's storage (DATA_DIR/media or the bucket's media/,
 * storage/media-storage.ts), written whole, then recorded in the media table.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { MEDIA_URL_PREFIX } from '../../shared/media-url.ts';
import { isPictureName, VARIANT_TYPE, VARIANT_WIDTHS, variantName } from '../../shared/image-variants.ts';
import type { Db } from '../db/connection.ts';
import {
  type EncodedImage,
  type EncodedPicture,
  pictureCacheKey,
  readCachedPicture,
  writeCachedPicture,
} from './picture-cache.ts';
import { mediaStorageAt } from './storage/media-storage.ts';
import { readObject } from './storage/object-store.ts';
import { sweepOrphans, type SweepOptions } from './storage/orphan-sweep.ts';

export { MEDIA_URL_PREFIX };

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

export { mediaDir } from './storage/media-storage.ts';

export interface StoredMedia {
  id: string;
  fileName: string;
  /** Site-relative URL under which the server serves the file. */
  url: string;
}

/**
 * Writes the file whole (durable-file.ts), then inserts the row (security.md R41, R43). The row is pending until the
 * transaction that writes the record naming it calls claimMedia (pending-media.ts); a start-up sweep removes files a
 * kill left pending.
 */
export async function storeMedia(
  db: Db,
  dataDir: string,
  bytes: Uint8Array,
  contentType: string,
  size?: { width: number; height: number },
): Promise<StoredMedia> {
  const ext = EXTENSIONS[contentType];
  if (!ext) throw new Error(`unsupported media type ${contentType}`);
  return storeMediaAs(db, dataDir, `${randomUUID()}.${ext}`, bytes, contentType, size, Date.now());
}

/**
 * storeMedia under a given server-made name (variants are named after their picture). `pendingSince` is set for a
 * file a record will name; variants are never named on their own and follow their picture (null).
 */
async function storeMediaAs(
  db: Db,
  dataDir: string,
  fileName: string,
  bytes: Uint8Array,
  contentType: string,
  size: { width: number; height: number } | undefined,
  pendingSince: number | null,
): Promise<StoredMedia> {
  const store = mediaStorageAt(dataDir).media;
  const id = randomUUID();
  await store.put(fileName, bytes, contentType);
  try {
    await db
      .insertInto('media')
      .values({
        id,
        file_name: fileName,
        content_type: contentType,
        bytes: bytes.byteLength,
        width: size?.width ?? null,
        height: size?.height ?? null,
        pending_since: pendingSince,
      })
      .execute();
  } catch (error) {
    await store.delete(fileName).catch(() => undefined);
    throw error;
  }
  return { id, fileName, url: `${MEDIA_URL_PREFIX}${fileName}` };
}

/** Pixels a stored picture may have before it is refused (security.md R40: far below sharp's 268 MP default). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** How stored pictures are encoded; part of every picture cache key, so a change here re-encodes cached pictures. */
const PICTURE_SETTINGS = {
  webp: { quality: 82, effort: 2 },
  // AVIF: about 40 % smaller than WebP at the same look, and effort 1 keeps encoding near WebP's speed.
  avif: { quality: 45, effort: 1 },
  widths: VARIANT_WIDTHS,
  maxPixels: MAX_INPUT_PIXELS,
  sharp: sharp.versions,
} as const;

/**
 * The AVIF variants of a picture at the given widths, each `width` wide at most. A width at or above the picture's own
 * gives the same image as the next larger one, so it is encoded once and its bytes are used for each such width.
 * The picture is decoded once, scaled to the largest width, and each variant is made from that, one after the other:
 * five full decodes and five AVIF encoders at once cost a 12 MP upload about 150 MiB more and were no faster, the
 * encoder using several threads of its own.
 */
async function encodeVariants(picture: EncodedImage, widths: readonly number[]): Promise<EncodedImage[]> {
  if (widths.length === 0) return [];
  const largest = Math.min(Math.max(...widths), picture.width);
  const { data: pixels, info } = await sharp(picture.data)
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const byWidth = new Map<number, EncodedImage>();
  const variants: EncodedImage[] = [];
  for (const width of widths) {
    const effective = Math.min(width, picture.width);
    let variant = byWidth.get(effective);
    if (!variant) {
      const made = await sharp(pixels, { raw })
        .resize({ width: effective, withoutEnlargement: true })
        .avif(PICTURE_SETTINGS.avif)
        .toBuffer({ resolveWithObject: true });
      variant = { data: made.data, width: made.info.width, height: made.info.height };
      byWidth.set(effective, variant);
    }
    variants.push(variant);
  }
  return variants;
}

/** Stores already encoded variants of the stored picture `fileName` at the given widths (files synced side by side). */
async function storeVariants(
  db: Db,
  dataDir: string,
  fileName: string,
  variants: readonly EncodedImage[],
  widths: readonly number[],
): Promise<void> {
  await Promise.all(
    variants.map((v, i) => {
      const width = widths[i];
      if (width === undefined) throw new Error(`variant ${i} of ${fileName} has no width to be named by`);
      return storeMediaAs(
        db,
        dataDir,
        variantName(fileName, width),
        v.data,
        VARIANT_TYPE,
        { width: v.width, height: v.height },
        null,
      );
    }),
  );
}

export interface EncodeOptions {
  /** A picture cache directory (picture-cache.ts): a hit skips encoding, a miss is written there. Only the seed passes one. */
  cacheDir?: string | undefined;
  /** Rasterise (SVG) or crop to exactly this size, covering it; unset, the picture keeps its own size. */
  size?: { width: number; height: number } | undefined;
  /**
   * Keep a still WebP without metadata as it is instead of re-encoding it (the seed's own photographs, already made
   * for the web): no second generation loss, no encoding time. Anything else is re-encoded as usual.
   */
  keepCleanWebp?: boolean | undefined;
  /**
   * Leave the AVIF variants out when they are not in the cache: the result's `deferred` says how to make them later
   * (encodeDeferredVariants). The seed does this so a first start serves the site before every variant is encoded.
   */
  deferVariants?: boolean | undefined;
  /**
   * An upload: any decoder warning (a truncated or damaged file) fails the encoding instead of giving a partly grey
   * picture, so the one decode that encodes it is also its check (upload-check.ts).
   */
  strict?: boolean | undefined;
  /** Pixels the input may have; unset, MAX_INPUT_PIXELS. Never more than that. */
  maxPixels?: number | undefined;
}

/** A picture whose variants are still to be encoded: the WebP, and where the whole picture is cached once they are. */
export interface DeferredVariants {
  picture: EncodedImage;
  cache?: { dir: string; key: string } | undefined;
}

/** Whether a picture came from the cache (counted by the seed's progress report); `deferred` when its variants wait. */
export type EncodeResult = EncodedPicture & { cached: boolean; deferred?: DeferredVariants | undefined };

/**
 * Encodes a picture as storePicture stores it: re-encoded to WebP (dropping metadata and anything hidden in the file;
 * animated input keeps only its first frame) plus its AVIF variants at every VARIANT_WIDTHS width. With a cache
 * directory, an input encoded before with the same settings is read back instead of encoded again.
 */
export async function encodePicture(input: Uint8Array, options: EncodeOptions = {}): Promise<EncodeResult> {
  const { cacheDir, size } = options;
  const keepCleanWebp = !size && !!options.keepCleanWebp;
  const key = cacheDir ? pictureCacheKey(input, { ...PICTURE_SETTINGS, size: size ?? null, keepCleanWebp }) : '';
  if (cacheDir) {
    const cached = await readCachedPicture(cacheDir, key, VARIANT_WIDTHS.length);
    if (cached) return { ...cached, cached: true };
  }
  const clean = keepCleanWebp ? await asCleanWebp(input) : undefined;
  const picture = clean ?? (await encodeWebp(input, size, options));
  if (options.deferVariants)
    return {
      picture,
      variants: [],
      cached: false,
      deferred: { picture, cache: cacheDir ? { dir: cacheDir, key } : undefined },
    };
  const encoded = { picture, variants: await encodeVariants(picture, VARIANT_WIDTHS) };
  if (cacheDir) await writeCachedPicture(cacheDir, key, encoded);
  return { ...encoded, cached: false };
}

/** The input itself when it is a still WebP within the pixel limit that carries no metadata, else undefined. */
async function asCleanWebp(input: Uint8Array): Promise<EncodedImage | undefined> {
  const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => undefined);
  const clean =
    meta?.format === 'webp' &&
    (meta.pages ?? 1) === 1 &&
    !meta.exif &&
    !meta.icc &&
    !meta.xmp &&
    !meta.iptc &&
    (meta.orientation ?? 1) === 1;
  return clean && meta.width && meta.height ? { data: input, width: meta.width, height: meta.height } : undefined;
}

/** The input re-encoded to WebP (upright, metadata dropped), drawn or cropped to `size` when given. */
async function encodeWebp(
  input: Uint8Array,
  size: EncodeOptions['size'],
  { strict, maxPixels }: Pick<EncodeOptions, 'strict' | 'maxPixels'> = {},
): Promise<EncodedImage> {
  let image = sharp(input, {
    limitInputPixels: Math.min(maxPixels ?? MAX_INPUT_PIXELS, MAX_INPUT_PIXELS),
    animated: false,
    ...(strict ? { failOn: 'warning' as const } : {}),
  });
  if (size) {
    // A vector picture is drawn at the density that makes it cover `size`, so it is never scaled up as pixels.
    const meta = await image.metadata();
    const scale =
      meta.format === 'svg' && meta.width && meta.height
        ? Math.max(size.width / meta.width, size.height / meta.height)
        : 1;
    if (scale !== 1) image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, density: 72 * scale });
    image = image.resize(size.width, size.height, { fit: 'cover' });
  }
  const { data, info } = await image.rotate().webp(PICTURE_SETTINGS.webp).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Encodes and stores the variants of the stored picture `fileName` left out by `deferVariants`, then caches the whole
 * picture when it came from a cacheable input. Afterwards `srcSetFor(url)` is valid for it.
 */
export async function encodeDeferredVariants(
  db: Db,
  dataDir: string,
  fileName: string,
  deferred: DeferredVariants,
): Promise<void> {
  const variants = await encodeVariants(deferred.picture, VARIANT_WIDTHS);
  await storeVariants(db, dataDir, fileName, variants, VARIANT_WIDTHS);
  if (deferred.cache)
    await writeCachedPicture(deferred.cache.dir, deferred.cache.key, { picture: deferred.picture, variants });
}

/** Stores an encoded picture (encodePicture) and its variants (none yet when they were deferred). */
export async function storeEncodedPicture(
  db: Db,
  dataDir: string,
  encoded: EncodedPicture,
): Promise<StoredMedia & { width: number; height: number }> {
  const { picture } = encoded;
  const stored = await storeMedia(db, dataDir, picture.data, 'image/webp', {
    width: picture.width,
    height: picture.height,
  });
  await storeVariants(db, dataDir, stored.fileName, encoded.variants, VARIANT_WIDTHS);
  return { ...stored, width: picture.width, height: picture.height };
}

/**
 * Re-encodes a picture to WebP (dropping metadata and anything hidden in the file) and stores it with its
 * responsive variants, so `srcSetFor(url)` is valid for it. Animated input keeps only its first frame.
 */
export async function storePicture(
  db: Db,
  dataDir: string,
  input: Uint8Array,
  options: EncodeOptions = {},
): Promise<StoredMedia & { width: number; height: number }> {
  return storeEncodedPicture(db, dataDir, await encodePicture(input, options));
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
    const data = await readObject(mediaStorageAt(dataDir).media, name).catch(() => undefined);
    const meta =
      data &&
      (await sharp(data)
        .metadata()
        .catch(() => undefined));
    if (!data || !meta?.width || !meta.height) continue;
    await storeVariants(
      db,
      dataDir,
      name,
      await encodeVariants({ data, width: meta.width, height: meta.height }, missing),
      missing,
    );
    written += missing.length;
  }
  return written;
}

/**
 * Writes new bytes over the stored file `fileName` (a library replace: the address stays, the version goes up), then
 * its row's size; the row is inserted when there is none (a variant the old picture lacked). Each file is written
 * whole, so a reader gets the old file or the new one, never a mix.
 */
export async function overwriteMedia(
  db: Db,
  dataDir: string,
  fileName: string,
  bytes: Uint8Array,
  contentType: string,
  size?: { width: number; height: number },
): Promise<void> {
  await mediaStorageAt(dataDir).media.put(fileName, bytes, contentType);
  const values = {
    content_type: contentType,
    bytes: bytes.byteLength,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
  const updated = await db.updateTable('media').set(values).where('file_name', '=', fileName).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db
      .insertInto('media')
      .values({ id: randomUUID(), file_name: fileName, pending_since: null, ...values })
      .execute();
}

/** overwriteMedia for a stored picture and each of its variants, re-made from the new picture. */
export async function overwritePicture(db: Db, dataDir: string, fileName: string, encoded: EncodedPicture) {
  const { picture } = encoded;
  await overwriteMedia(db, dataDir, fileName, picture.data, 'image/webp', picture);
  for (const [i, variant] of encoded.variants.entries()) {
    const width = VARIANT_WIDTHS[i];
    if (width === undefined) throw new Error(`variant ${i} of ${fileName} has no width to be named by`);
    await overwriteMedia(db, dataDir, variantName(fileName, width), variant.data, VARIANT_TYPE, variant);
  }
}

/** Looks up a stored file by its public name; undefined for anything not in the table. */
export async function findMedia(db: Db, fileName: string) {
  return db
    .selectFrom('media')
    .select(['file_name', 'content_type', 'bytes'])
    .where('file_name', '=', fileName)
    .executeTakeFirst();
}

/**
 * Removes temp files and files without a media row, left by a crash between write and insert (security.md R43).
 * On shared storage only objects older than the grace are swept (orphan-sweep.ts): another instance may be between
 * writing one and inserting its row.
 */
export async function sweepOrphanMedia(db: Db, dataDir: string, options: SweepOptions = {}): Promise<number> {
  return sweepOrphans(
    mediaStorageAt(dataDir).media,
    async () => (await db.selectFrom('media').select('file_name').execute()).map((r) => r.file_name),
    options,
  );
}
