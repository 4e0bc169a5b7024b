/**
 * Checks an uploaded picture before anything is stored (security.md R38-R41, spec §5/§9): size, type from the magic
 * bytes, agreement of the declared type and the name's extension, the pixel count against the purpose's cap
 * (picture-caps.ts), then a real decode and re-encode (media-store.ts) in the picture queue (picture-queue.ts). The
 * client's file name is only read for its extension; stored names are made by the server.
 */
import sharp from 'sharp';
import type { Db } from '../db/connection.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { mediaType } from '../http/media-type.ts';
import { releaseMediaIfUnused } from './media-release.ts';
import { encodePicture, MAX_INPUT_PIXELS, storeEncodedPicture } from './media-store.ts';
import type { EncodedPicture } from './picture-cache.ts';
import { maxPixelsFor, PICTURE_MEGAPIXELS, type PicturePurpose, tooManyPixelsMessage } from './picture-caps.ts';
import { pictureQueue } from './picture-queue.ts';

export type { PicturePurpose };

/** 5 MiB per file (spec §9 "5 MB"; security.md R38 states the unit). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

// Texts from spec §5; the others have no spec text.
export const TOO_LARGE_MESSAGE = 'File size must be less than 5MB';
export const NOT_ALLOWED_MESSAGE = 'Only JPEG, PNG, GIF, and WEBP files are allowed';
export const MISMATCH_MESSAGE = 'The file name or type does not match its content';
export const EMPTY_MESSAGE = 'The file is empty';
export const UNREADABLE_MESSAGE = 'The image could not be read; it may be damaged or incomplete';
export const TOO_MANY_PIXELS_MESSAGE = tooManyPixelsMessage(MAX_INPUT_PIXELS / 1_000_000);

const ascii = (s: string) => [...new TextEncoder().encode(s)];

/** Signatures: bytes expected at an offset; every part must match. */
const SIGNATURES: readonly {
  type: ImageType;
  parts: readonly (readonly [offset: number, bytes: readonly number[]])[];
}[] = [
  { type: 'image/jpeg', parts: [[0, [0xff, 0xd8, 0xff]]] },
  { type: 'image/png', parts: [[0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]]] },
  { type: 'image/gif', parts: [[0, ascii('GIF87a')]] },
  { type: 'image/gif', parts: [[0, ascii('GIF89a')]] },
  // RIFF container, 4 bytes of chunk size, then the WEBP form type.
  {
    type: 'image/webp',
    parts: [
      [0, ascii('RIFF')],
      [8, ascii('WEBP')],
    ],
  },
];

/** The picture type the leading bytes show, or undefined; never looks at names or declared types. */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  const matches = (offset: number, expected: readonly number[]) =>
    bytes.length >= offset + expected.length && expected.every((b, i) => bytes[offset + i] === b);
  return SIGNATURES.find((s) => s.parts.every(([offset, expected]) => matches(offset, expected)))?.type;
}

const DECLARED_TYPES: Record<string, ImageType> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg', // sent by some clients
  'image/png': 'image/png',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
};

const EXTENSION_TYPES: Record<string, ImageType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The extension of the last path segment, lower-case; '' when the name has none. Reading it is all a name is for. */
function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot < 0 ? '' : base.slice(dot + 1).toLowerCase();
}

export interface UploadInput {
  bytes: Uint8Array;
  /** The part's Content-Type as the client declared it; absent or '' when none. */
  declaredType?: string;
  /** The client's file name; absent or '' when none. Never used to build a path. */
  fileName?: string;
}

/**
 * The picture type of an upload, or throws an ApiError: 400 empty, 413 over 5 MiB, 415 not a JPEG/PNG/GIF/WEBP by its
 * bytes, 415 when a declared type or a name's extension names anything else (a generic 'application/octet-stream' too).
 */
export function checkUpload({ bytes, declaredType, fileName }: UploadInput): { ok: true; type: ImageType } {
  if (bytes.byteLength === 0) throw new ApiError(400, EMPTY_MESSAGE);
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new ApiError(413, TOO_LARGE_MESSAGE);
  const type = detectImageType(bytes);
  if (!type) throw new ApiError(415, NOT_ALLOWED_MESSAGE);
  const declared = mediaType(declaredType);
  if (declared && DECLARED_TYPES[declared] !== type) throw new ApiError(415, MISMATCH_MESSAGE);
  const extension = fileName ? extensionOf(fileName) : '';
  if (extension && EXTENSION_TYPES[extension] !== type) throw new ApiError(415, MISMATCH_MESSAGE);
  return { ok: true, type };
}

/**
 * Refuses with 413 a picture whose header gives more pixels than `purpose` allows, before a pixel is decoded: reading
 * the header takes a millisecond or two whatever the picture's size. A header sharp cannot read is 415.
 */
export async function assertPixelCap(bytes: Uint8Array, purpose: PicturePurpose): Promise<void> {
  let pixels: number;
  try {
    const { width, height } = await sharp(bytes, { animated: false }).metadata();
    pixels = width * height;
  } catch {
    throw new ApiError(415, UNREADABLE_MESSAGE);
  }
  if (!(pixels <= maxPixelsFor(purpose))) throw new ApiError(413, tooManyPixelsMessage(PICTURE_MEGAPIXELS[purpose]));
}

/** A decoding failure as the upload's answer: 413 over the pixel cap, else 415 (damaged, truncated, unreadable). */
function decodeRefusal(error: unknown, purpose: PicturePurpose): ApiError {
  const message = error instanceof Error ? error.message : '';
  return /pixel limit/i.test(message)
    ? new ApiError(413, tooManyPixelsMessage(PICTURE_MEGAPIXELS[purpose]))
    : new ApiError(415, UNREADABLE_MESSAGE);
}

/**
 * Checks an upload and stores it re-encoded (metadata and any appended payload dropped) under a server-made name.
 * The header's pixel count is checked against `purpose`'s cap first; decoding and encoding then wait for a slot of
 * the picture queue (picture-queue.ts), which answers 503 with Retry-After when too many pictures are already waiting.
 * The encoding decodes every pixel and fails on any decoder warning, so a damaged file is refused with a clear error
 * before anything is written, and a disk or database failure while storing is never mistaken for one.
 */
export async function storeCheckedPicture(db: Db, dataDir: string, upload: UploadInput, purpose: PicturePurpose) {
  return encodeCheckedPicture(upload, purpose, async (encoded, type) => ({
    ...(await storeEncodedPicture(db, dataDir, encoded)),
    uploadedType: type,
  }));
}

/**
 * The checks and encoding of storeCheckedPicture, then `use` with the encoded picture, in the picture queue's slot:
 * storing it under a new name, or over a library file's own (media-library).
 */
export async function encodeCheckedPicture<T>(
  upload: UploadInput,
  purpose: PicturePurpose,
  use: (encoded: EncodedPicture, type: ImageType) => Promise<T>,
): Promise<T> {
  const { type } = checkUpload(upload);
  await assertPixelCap(upload.bytes, purpose);
  return pictureQueue().run(async () => {
    const encoded = await encodePicture(upload.bytes, { strict: true, maxPixels: maxPixelsFor(purpose) }).catch(
      (error: unknown) => {
        throw decodeRefusal(error, purpose);
      },
    );
    return use(encoded, type);
  });
}

export interface UploadForm {
  /** Text fields as sent ('social[facebook]' keeps its brackets); a repeated field: the last value. */
  fields: Record<string, string>;
  /** The expected file fields that came with a file; a part with no file chosen (empty, no name) is absent. */
  files: Partial<Record<string, UploadInput>>;
}

/** The body of a write that may carry files: its fields (a form's texts, or a JSON object's values) and its files. */
export interface WriteBody {
  fields: Record<string, unknown>;
  files: UploadForm['files'];
}

/**
 * checkUpload + storeCheckedPicture for the file of `field`: the stored picture (its `url` goes into the column), or
 * the upload check's error (400/413/415 with its text) naming the field, or the picture queue's 503 (Retry-After, no
 * field). Nothing is stored when it throws.
 */
export async function storeUploadedPicture(
  db: Db,
  dataDir: string,
  field: string,
  upload: UploadInput,
  purpose: PicturePurpose,
) {
  try {
    return await storeCheckedPicture(db, dataDir, upload, purpose);
  } catch (error) {
    // The queue's 503 is the server's state, not the field's fault: it keeps its Retry-After and names no field.
    if (error instanceof ApiError && error.field === undefined && error.status !== 503)
      throw fieldError(error.status, error.message, field);
    throw error;
  }
}

/** The picture of the body's file field `field`, stored when one came: its URL, or undefined. */
export async function storeFormPicture(
  db: Db,
  dataDir: string,
  body: Pick<WriteBody, 'files'>,
  field: string,
  purpose: PicturePurpose,
): Promise<string | undefined> {
  const upload = body.files[field];
  return upload ? (await storeUploadedPicture(db, dataDir, field, upload, purpose)).url : undefined;
}

/**
 * The pictures of the body's file fields, each stored when one came: their URLs by field. When one is refused, the
 * ones stored before it are released, so a refused form leaves nothing behind.
 */
export async function storeFormPictures(
  db: Db,
  dataDir: string,
  body: Pick<WriteBody, 'files'>,
  fields: readonly { field: string; purpose: PicturePurpose }[],
): Promise<Record<string, string>> {
  const stored: Record<string, string> = {};
  try {
    for (const { field, purpose } of fields) {
      const url = await storeFormPicture(db, dataDir, body, field, purpose);
      if (url) stored[field] = url;
    }
    return stored;
  } catch (error) {
    for (const url of Object.values(stored)) await releaseMediaIfUnused(db, dataDir, url).catch(() => undefined);
    throw error;
  }
}
