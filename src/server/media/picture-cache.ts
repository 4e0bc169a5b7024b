/**
 * A content-addressed cache of encoded pictures (the WebP and its AVIF variants), so the demo seed encodes each
 * picture once per machine instead of once per DATA_DIR. Entries are keyed by the input's bytes and
 * every encoder setting; a missing, unreadable or damaged entry is a miss, and a cache that cannot be written is
 * simply not used. Only the seed passes a cache directory: uploads are never copied outside DATA_DIR.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';

/** One encoded image: its bytes and pixel size. */
export interface EncodedImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A picture as storePicture stores it: the WebP itself and one AVIF per variant width, in VARIANT_WIDTHS order. */
export interface EncodedPicture {
  picture: EncodedImage;
  variants: EncodedImage[];
}

/** Bumped when the entry layout changes, so old entries read as misses. */
const ENTRY_VERSION = 1;

/**
 * The cache key: sha256 over the input bytes and a canonical JSON of the settings (encoder options, variant widths,
 * library versions). Same input and settings, same key; any change to either, a different key.
 */
export function pictureCacheKey(input: Uint8Array, settings: Readonly<Record<string, unknown>>): string {
  return createHash('sha256')
    .update(`${ENTRY_VERSION}\0${canonicalJson(settings)}\0`)
    .update(input)
    .digest('hex');
}

/** JSON with object keys sorted at every depth, so the same settings always give the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`;
  }
  // As JSON writes them in an array (JSON.stringify answers undefined for them on their own).
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return 'null';
  return JSON.stringify(value);
}

const isImage = (value: unknown): value is EncodedImage => {
  const v = value as EncodedImage | null;
  return (
    !!v &&
    v.data instanceof Uint8Array &&
    Number.isInteger(v.width) &&
    Number.isInteger(v.height) &&
    v.width > 0 &&
    v.height > 0
  );
};

/** The cached picture under `key`, or undefined when there is none or it cannot be read whole. */
export async function readCachedPicture(
  dir: string,
  key: string,
  variantCount: number,
): Promise<EncodedPicture | undefined> {
  try {
    const entry = deserialize(await readFile(join(dir, `${key}.bin`))) as {
      version?: number;
    } & Partial<EncodedPicture>;
    if (entry.version !== ENTRY_VERSION || !isImage(entry.picture)) return undefined;
    const variants = entry.variants;
    if (!Array.isArray(variants) || variants.length !== variantCount || !variants.every(isImage)) return undefined;
    return { picture: entry.picture, variants };
  } catch {
    return undefined;
  }
}

/** Stores `picture` under `key` (written beside, then renamed, so readers never see half an entry); failures are ignored. */
export async function writeCachedPicture(dir: string, key: string, picture: EncodedPicture): Promise<void> {
  const temp = join(dir, `.${key}.${randomUUID()}.tmp`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(temp, serialize({ version: ENTRY_VERSION, ...picture }));
    await rename(temp, join(dir, `${key}.bin`));
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}
