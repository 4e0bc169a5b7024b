/**
 * The one multipart reader of the upload routes (UPLOAD_ROUTES): a body limit that refuses an oversized body before it
 * is read whole (security.md R38), then the form split into text fields and the expected file fields; and the one
 * reader of the writes that take a form or a JSON object (readWriteBody). What a file holds is checked later, by
 * checkUpload/storeCheckedPicture (upload-check.ts).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  MAX_UPLOAD_BYTES,
  TOO_LARGE_MESSAGE,
  type UploadForm,
  type UploadInput,
  type WriteBody,
} from '../media/upload-check.ts';
import { fieldSentence, isObject, NOT_AN_OBJECT } from '../../shared/schemas/refusal.ts';
import { ApiError, fieldError } from './errors.ts';
import { mediaType } from './media-type.ts';
import { CONTROL_TEXT, isStorableText } from './well-formed-text.ts';

/** Room per file slot for its part headers, and for all the text fields of a form. */
const PART_OVERHEAD = 64 * 1024;

/** The largest body an upload route with `fileSlots` file fields takes: the file maximum (5 MiB for pictures) + 64 KiB per slot, plus 64 KiB. */
export function uploadBodyMax(fileSlots: number, maxFileBytes = MAX_UPLOAD_BYTES): number {
  return fileSlots * (maxFileBytes + PART_OVERHEAD) + PART_OVERHEAD;
}

/** The refusal of a file over a route's maximum: the spec's text for pictures, the same words with the route's size otherwise. */
export function tooLargeMessage(maxFileBytes: number): string {
  return maxFileBytes === MAX_UPLOAD_BYTES
    ? TOO_LARGE_MESSAGE
    : `File size must be less than ${Math.round(maxFileBytes / (1024 * 1024))}MB`;
}

/** The upload routes (method, full path pattern): the only ones that take multipart/form-data. */
export const UPLOAD_ROUTES: readonly { method: string; path: RegExp }[] = [
  { method: 'PUT', path: /^\/api\/company$/ },
  // The company settings' draft is saved as the settings are, with the same three pictures.
  { method: 'PUT', path: /^\/api\/admin\/company\/draft$/ },
  { method: 'POST', path: /^\/api\/sliders$/ },
  { method: 'PUT', path: /^\/api\/sliders\/[^/]+$/ },
  // A slide's draft is saved by PUT as the slide is, under the admin path its draft calls live at.
  { method: 'PUT', path: /^\/api\/admin\/sliders\/[^/]+\/draft$/ },
  { method: 'POST', path: /^\/api\/admin\/photos\/upload$/ },
  // Each admin resource with a file creates by POST to its collection and replaces by PUT to an item; a draft of an
  // item is saved by PUT as the item is.
  ...['products', 'blogs', 'events', 'audios', 'documents'].flatMap((resource) => [
    { method: 'POST', path: new RegExp(`^/api/admin/${resource}$`) },
    { method: 'PUT', path: new RegExp(`^/api/admin/${resource}/[^/]+$`) },
    { method: 'PUT', path: new RegExp(`^/api/admin/${resource}/[^/]+/draft$`) },
  ]),
  // An audio item's new file alone, made at once (a draft holds no audio file).
  { method: 'PUT', path: /^\/api\/admin\/audios\/[^/]+\/file$/ },
  // A team member's portrait; PUT /api/admin/team/order is JSON only.
  { method: 'POST', path: /^\/api\/admin\/team$/ },
  { method: 'PUT', path: /^\/api\/admin\/team\/(?!order$)[^/]+$/ },
  // The media library: a file added, a file replaced at the same address.
  { method: 'POST', path: /^\/api\/admin\/media$/ },
  { method: 'POST', path: /^\/api\/admin\/media\/[^/]+\/replace$/ },
  // The signed-in person's own profile picture (requireUser, not admin).
  { method: 'POST', path: /^\/api\/account\/profile-image$/ },
];

/** True for a multipart request to an upload route: jsonOnly lets it through and the JSON body limit skips it (app.ts). */
export function isUploadRequest(c: Context): boolean {
  if (mediaType(c.req.header('content-type')) !== 'multipart/form-data') return false;
  return UPLOAD_ROUTES.some((route) => route.method === c.req.method && route.path.test(c.req.path));
}

/**
 * Routes whose whole body is one file (application/octet-stream), streamed to disk by their handler (file-body.ts),
 * which bounds it: a backup archive to restore, an export to import and its pictures' archive, which can be far larger
 * than any form is read into memory.
 */
export const FILE_BODY_ROUTES: readonly { method: string; path: RegExp }[] = [
  { method: 'PUT', path: /^\/api\/admin\/restore\/archive$/ },
  { method: 'POST', path: /^\/api\/admin\/imports$/ },
  { method: 'PUT', path: /^\/api\/admin\/imports\/[^/]+\/media$/ },
];

/** True for a file body to such a route: jsonOnly lets it through and the JSON body limit skips it (app.ts). */
export function isFileBodyRequest(c: Context): boolean {
  if (mediaType(c.req.header('content-type')) !== 'application/octet-stream') return false;
  return FILE_BODY_ROUTES.some((route) => route.method === c.req.method && route.path.test(c.req.path));
}

/** Contexts whose body went through uploadBodyLimit, with their file maximum: readUploadForm refuses to read any other (deny by default). */
const limited = new WeakMap<Context, number>();

/**
 * Body limit of an upload route, placed after the admin guard (admin-guard.ts): a Content-Length over the limit is
 * refused before a byte is read; a body without one is counted while it streams and refused once it passes the limit.
 * 413 with the spec's text. A JSON body (the routes take JSON too) keeps the app's 100 KiB JSON limit, which app.ts
 * applies to it.
 */
export function uploadBodyLimit(fileSlots: number, maxFileBytes = MAX_UPLOAD_BYTES): MiddlewareHandler {
  const message = tooLargeMessage(maxFileBytes);
  const limit = bodyLimit({
    maxSize: uploadBodyMax(fileSlots, maxFileBytes),
    onError: (c) => c.json({ message }, 413),
  });
  return async (c, next) => {
    if (mediaType(c.req.header('content-type')) !== 'multipart/form-data') return next();
    return limit(c, async () => {
      limited.set(c, maxFileBytes);
      await next();
    });
  };
}

/**
 * Reads a multipart body (after uploadBodyLimit): 400 { message, field } for a file under any other name than
 * `fileFields`, 413 { message, field } for a file over the route's maximum (5 MiB for pictures); 400 when the body is not a readable form.
 */
export async function readUploadForm(c: Context, fileFields: readonly string[]): Promise<UploadForm> {
  const maxFileBytes = limited.get(c);
  if (maxFileBytes === undefined) throw new Error('readUploadForm: the route has no uploadBodyLimit before it');
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ApiError(400, 'Request body must be multipart form data');
  }
  const fields: Record<string, string> = {};
  const files: Partial<Record<string, UploadInput>> = {};
  for (const [name, value] of form.entries()) {
    // As for JSON bodies (json-only.ts): PostgreSQL cannot take NUL, so no database is given it (the form parser
    // already reads bytes that are not UTF-8 as U+FFFD).
    const field = name.slice(0, 100);
    if (!isStorableText(name)) throw new ApiError(400, `Field names ${CONTROL_TEXT}`);
    if (typeof value === 'string') {
      if (!isStorableText(value)) throw fieldError(400, fieldSentence(field, CONTROL_TEXT), field);
      fields[name] = value;
      continue;
    }
    if (!isStorableText(value.name)) throw fieldError(400, `The file name ${CONTROL_TEXT}.`, field);
    // A browser sends a file input with nothing chosen as an empty part without a file name.
    if (value.size === 0 && value.name === '') continue;
    if (!fileFields.includes(name)) throw fieldError(400, `Unexpected file field '${field}'`, field);
    if (value.size > maxFileBytes) throw fieldError(413, tooLargeMessage(maxFileBytes), name);
    files[name] = { bytes: new Uint8Array(await value.arrayBuffer()), declaredType: value.type, fileName: value.name };
  }
  return { fields, files };
}

/**
 * A multipart form (after uploadBodyLimit) or a JSON object, as fields and files; another Content-Type, or none (a
 * write without a body), is answered 415, a JSON body that is not an object 400.
 */
export async function readWriteBody(c: Context, fileFields: readonly string[]): Promise<WriteBody> {
  const type = mediaType(c.req.header('content-type'));
  if (type === 'multipart/form-data') return readUploadForm(c, fileFields);
  if (type !== 'application/json')
    throw new ApiError(415, 'Content-Type must be application/json or multipart/form-data');
  const body: unknown = await c.req.json().catch(() => undefined);
  if (!isObject(body)) throw fieldError(400, NOT_AN_OBJECT.message, NOT_AN_OBJECT.field);
  return { fields: body, files: {} };
}
