import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { storageFailure } from '../db/storage-errors.ts';
import { reportStorageFull } from '../db/storage-health.ts';
import { ApiError } from './errors.ts';

/** Seconds a client should wait before retrying a write the database was too busy for (R69). */
const BUSY_RETRY_AFTER = '1';

/** The one error handler: typed errors keep their status, everything else is logged and answered without details. */
export function onError(error: Error, c: Context): Response {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(
      error.field === undefined ? { message: error.message } : { message: error.message, field: error.field },
      error.status,
    );
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const message = status === 413 ? 'Request body too large' : error.message || 'Bad request';
    return c.json({ message }, status);
  }
  const failure = storageFailure(error);
  if (failure === 'busy') {
    c.header('Retry-After', BUSY_RETRY_AFTER);
    return c.json({ message: 'The server is busy, please try again' }, 503);
  }
  if (failure === 'full') {
    // The database reports its own; this catches files (uploads, mail) written by the request itself.
    const dataDir = (c.get('env') as { DATA_DIR?: string } | undefined)?.DATA_DIR;
    if (dataDir) reportStorageFull(dataDir, `a write to ${c.req.path}`);
    return c.json({ message: 'The server has run out of storage space; please try again later' }, 507);
  }
  console.error(
    JSON.stringify({
      level: 'error',
      time: new Date().toISOString(),
      path: c.req.path,
      error: error.stack ?? String(error),
    }),
  );
  return c.json({ message: 'Internal server error' }, 500);
}
