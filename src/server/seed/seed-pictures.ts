/**
 * The demo's pictures: photographs (assets/photos), illustrations (assets/illustrations) and video thumbnails. All are
 * encoded before the seed's transaction, in parallel and through the picture cache, so a second seed on the same
 * machine reads them back instead of encoding them again.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { slugify } from '../../shared/slug.ts';
import { encodePicture, type EncodeResult } from '../media/media-store.ts';
import type { PhotoFile } from './demo-content.ts';
import { neutralPicture } from './images.ts';

const ASSETS = new URL('./assets/', import.meta.url);

interface Size {
  width: number;
  height: number;
}

/** Sizes the illustrations are drawn at: product cards 4:3, portraits and audio covers square, video posters 16:9. */
export const ILLUSTRATION_SIZES = {
  products: { width: 1200, height: 900 },
  team: { width: 800, height: 800 },
  audio: { width: 800, height: 800 },
  posters: { width: 1280, height: 720 },
} as const satisfies Record<string, Size>;

export type IllustrationKind = keyof typeof ILLUSTRATION_SIZES;

/** A picture to encode: `key` names it (one stored picture per key), `load` reads its bytes. */
export interface PictureSource {
  key: string;
  load: () => Promise<{ bytes: Uint8Array; size?: Size; keepCleanWebp?: boolean }>;
  /** Used when this one cannot be read or decoded (a missing illustration, an unreachable thumbnail). */
  fallback?: PictureSource;
}

/** A photograph from assets/photos, stored at its own size. */
export const photoSource = (file: PhotoFile): PictureSource => ({
  key: `photo:${file}`,
  // Already web-sized WebP without metadata (assets/CREDITS.md): stored as it is, only the variants are encoded.
  load: async () => ({ bytes: await readFile(new URL(`photos/${file}.webp`, ASSETS)), keepCleanWebp: true }),
});

/** A plain neutral picture of the kind's size: what shows when an illustration is missing or broken. */
const neutralSource = (kind: IllustrationKind): PictureSource => ({
  key: `neutral:${kind}`,
  load: () =>
    Promise.try(() => ({
      bytes: neutralPicture(ILLUSTRATION_SIZES[kind].width, ILLUSTRATION_SIZES[kind].height),
      size: ILLUSTRATION_SIZES[kind],
    })),
});

/** assets/illustrations/<kind>/<slugify(name)>.svg drawn at the kind's size, or the neutral picture without it. */
export function illustrationSource(kind: IllustrationKind, name: string): PictureSource {
  const slug = slugify(name);
  return {
    key: `${kind}:${slug}`,
    load: async () => ({
      bytes: await readFile(new URL(`illustrations/${kind}/${slug}.svg`, ASSETS)),
      size: ILLUSTRATION_SIZES[kind],
    }),
    fallback: neutralSource(kind),
  };
}

/** YouTube's 480x360 thumbnail letterboxes a 16:9 frame; the poster is that frame, cropped from the middle. */
const THUMBNAIL_FRAME = { width: 480, height: 270 };

/** A video's YouTube thumbnail when it was fetched, else its poster illustration (itself falling back to neutral). */
export function posterSource(videoName: string, youtubeId: string, thumbnail: Uint8Array | undefined): PictureSource {
  const local = illustrationSource('posters', videoName);
  return thumbnail
    ? {
        key: `youtube:${youtubeId}`,
        load: () => Promise.resolve({ bytes: thumbnail, size: THUMBNAIL_FRAME }),
        fallback: local,
      }
    : local;
}

/** Fetches a video's thumbnail, or undefined when YouTube is not reachable within `timeoutMs` or answers no picture. */
export type ThumbnailFetcher = (youtubeId: string, timeoutMs: number) => Promise<Uint8Array | undefined>;

const MAX_THUMBNAIL_BYTES = 2_000_000;

export const fetchYoutubeThumbnail: ThumbnailFetcher = async (youtubeId, timeoutMs) => {
  try {
    const response = await fetch(`https://i.ytimg.com/vi/${encodeURIComponent(youtubeId)}/hqdefault.jpg`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) return undefined;
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.byteLength > 0 && bytes.byteLength <= MAX_THUMBNAIL_BYTES ? bytes : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The picture cache directory for the seed: SEED_CACHE_DIR when set ('off' turns the cache off), else
 * node_modules/.cache/company-site/pictures in the project (kept by `npm ci`'s users between starts, removed with node_modules).
 */
export function seedCacheDir(env: Record<string, string | undefined> = process.env): string | undefined {
  const configured = env['SEED_CACHE_DIR']?.trim() ?? '';
  if (configured === 'off') return undefined;
  // Unset or blank: the project's cache directory.
  if (configured === '')
    return fileURLToPath(new URL('../../../node_modules/.cache/company-site/pictures/', import.meta.url));
  return configured;
}

export interface EncodeAllOptions {
  cacheDir?: string | undefined;
  /** Leave uncached pictures' variants for later (EncodeOptions.deferVariants). */
  deferVariants?: boolean | undefined;
  /** Called after each picture with the count done and the total. */
  progress?: (done: number, total: number) => void;
}

/** What a source came to: the key of the source actually encoded (itself or a fallback) and the encoding. */
export interface EncodedSource {
  key: string;
  encoded: EncodeResult;
}

/**
 * Encodes every distinct source (by key) a few at a time, so both cores stay busy. Answers by each source's key; a
 * source that failed answers with its fallback's key and encoding, so fallbacks shared by many are one picture.
 */
export async function encodeAll(
  sources: readonly PictureSource[],
  options: EncodeAllOptions = {},
): Promise<Map<string, EncodedSource>> {
  const unique = [...new Map(sources.map((s) => [s.key, s])).values()];
  const results = new Map<string, EncodedSource>();
  // One encoding per key, fallbacks included, even when several sources reach the same fallback at once.
  const encodings = new Map<string, Promise<EncodedSource>>();
  const encode = (source: PictureSource): Promise<EncodedSource> => {
    let pending = encodings.get(source.key);
    if (!pending) {
      pending = (async () => {
        try {
          const { bytes, size, keepCleanWebp } = await source.load();
          return {
            key: source.key,
            encoded: await encodePicture(bytes, {
              cacheDir: options.cacheDir,
              size,
              keepCleanWebp,
              deferVariants: options.deferVariants,
            }),
          };
        } catch (error) {
          if (!source.fallback) throw error;
          return encode(source.fallback);
        }
      })();
      encodings.set(source.key, pending);
    }
    return pending;
  };
  let next = 0;
  // Each picture fans out into its variants on libuv's pool, so one more picture than cores keeps every core busy.
  const workers = Array.from({ length: Math.min(unique.length, availableParallelism() + 1) }, async () => {
    for (let source = unique[next++]; source !== undefined; source = unique[next++]) {
      results.set(source.key, await encode(source));
      options.progress?.(results.size, unique.length);
    }
  });
  await Promise.all(workers);
  return results;
}
