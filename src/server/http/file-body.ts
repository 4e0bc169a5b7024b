/**
 * The one reader of the routes whose whole body is one file (FILE_BODY_ROUTES in upload-form.ts): a backup archive to
 * restore, an export to import and its pictures' archive, each far larger than a form is read into memory. The body
 * is checked for its type and length before a byte is read, then streamed to disk, counted, and put in place only
 * once all of it arrived.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Context } from 'hono';
import { ApiError, fieldError } from './errors.ts';
import { mediaType } from './media-type.ts';

export interface FileBody {
  body: ReadableStream<Uint8Array>;
  /** The Content-Length, which the body must match. */
  length: number;
  /** The X-File-Name header, decoded and cut to safe characters; `fallback` when there is none. */
  fileName: string;
}

/** Why a file body could not be stored (it ended early or ran long): the route answers it on its field. */
export class FileBodyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileBodyError';
  }
}

/** A file name as the admin screens show it: decoded, only plain characters, at most 120. */
export function cleanFileName(header: string | undefined, fallback: string): string {
  let name = '';
  try {
    name = decodeURIComponent(header ?? '');
  } catch {
    // The fallback below.
  }
  return name.replace(/[^\w .()+-]/g, '').slice(0, 120) || fallback;
}

/**
 * The request's file body, refused before it is read when it is not application/octet-stream (415), has no usable
 * Content-Length (400 on `field`) or is over `max` bytes (413 on `field`, with `tooLarge`).
 */
export function fileBodyOf(
  c: Context,
  {
    field,
    what,
    max,
    tooLarge,
    fallbackName,
  }: { field: string; what: string; max: number; tooLarge: string; fallbackName: string },
): FileBody {
  if (mediaType(c.req.header('content-type')) !== 'application/octet-stream')
    throw new ApiError(415, `Content-Type must be application/octet-stream: send ${what} as the body`);
  const header = c.req.header('content-length');
  const length = Number(header);
  if (!header || !Number.isSafeInteger(length) || length <= 0)
    throw fieldError(400, `Send ${what} as the body, with its Content-Length`, field);
  if (length > max) throw fieldError(413, tooLarge, field);
  if (!c.req.raw.body) throw fieldError(400, `Send ${what} as the body`, field);
  return { body: c.req.raw.body, length, fileName: cleanFileName(c.req.header('x-file-name'), fallbackName) };
}

/** Streams `file` to `path` (by way of `path.part`); throws FileBodyError when fewer or more bytes came than it said. */
export async function saveFileBody(file: FileBody, path: string): Promise<void> {
  const temp = `${path}.part`;
  let received = 0;
  const counted = Readable.fromWeb(file.body as NodeReadableStream<Uint8Array>);
  counted.on('data', (chunk: Buffer) => {
    received += chunk.byteLength;
    if (received > file.length) counted.destroy(new FileBodyError('The upload is larger than its Content-Length'));
  });
  try {
    await pipeline(counted, createWriteStream(temp, { mode: 0o600 }));
    if (received !== file.length) throw new FileBodyError('The upload ended before all of the file arrived');
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
