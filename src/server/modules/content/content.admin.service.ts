/**
 * What every Content Management write shares: who writes where, the body read as JSON or as a
 * multipart form, the shared field check turned into 400 { message, field }, and the 404 of an unknown id.
 */
import type { Context } from 'hono';
import { signedInUser } from '../../middleware/auth.ts';
import type { FieldCheck } from '../../../shared/schemas/content-admin.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { readUploadForm, type UploadForm } from '../../http/upload-form.ts';
import { mediaType } from '../../http/validate.ts';
import type { AuthUser } from '../auth/user-dto.ts';

/** Where stored files live (DATA_DIR) and who is writing. */
export interface ContentWriteContext {
  db: Db;
  dataDir: string;
  actor: AuthUser;
}

/** The write context of a request that passed the admin guard (so the user is set). */
export function writeContext(c: Context<AppEnv>): ContentWriteContext {
  return { db: c.get('db'), dataDir: c.get('env').DATA_DIR, actor: signedInUser(c) };
}

/** A body's fields (JSON values or multipart text) and, for multipart, its expected files. */
export interface ContentBody {
  fields: Record<string, unknown>;
  files: UploadForm['files'];
}

/** A JSON object body; 400 for anything else. */
export async function readJsonBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => undefined);
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ApiError(400, 'The body must be a JSON object');
  return body as Record<string, unknown>;
}

/** A multipart form (after uploadBodyLimit) or a JSON object; other content types get 415. */
export async function readContentBody(c: Context<AppEnv>, fileFields: readonly string[]): Promise<ContentBody> {
  const type = mediaType(c.req.header('content-type'));
  if (type === 'multipart/form-data') return readUploadForm(c, fileFields);
  if (type === 'application/json') return { fields: await readJsonBody(c), files: {} };
  throw new ApiError(415, 'Content-Type must be application/json or multipart/form-data');
}

/** The checked value, or 400 naming the field. */
export function checked<T>(check: FieldCheck<T>): T {
  if (!check.ok) throw fieldError(400, check.message, check.field);
  return check.value;
}

/** 404 with a message naming the type ('Video not found'). */
export const missing = (what: string) => new ApiError(404, `${what} not found`);

/** Ids are server-made UUIDs (or the seed's ids); anything longer is refused before it reaches a query. */
export function idParam(c: Context<AppEnv>, what: string): string {
  const id = c.req.param('id') ?? '';
  if (id.length === 0 || id.length > 100) throw missing(what);
  return id;
}
