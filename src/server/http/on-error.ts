import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from './errors.ts';

const BUSY = /SQLITE_BUSY|database is locked/i;
const FULL = /ENOSPC|SQLITE_FULL|database or disk is full/i;

/** The one error handler: typed errors keep their status, everything else is logged and answered without details. */
export function onError(error: Error, c: Context): Response {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json({ message: error.message }, error.status);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const message = status === 413 ? 'Request body too large' : error.message || 'Bad request';
    return c.json({ message }, status);
  }
  const text = `${error.message} ${(error as { code?: string }).code ?? ''}`;
  if (BUSY.test(text)) {
    c.header('Retry-After', '1');
    return c.json({ message: 'The server is busy, please try again' }, 503);
  }
  if (FULL.test(text)) return c.json({ message: 'Insufficient storage' }, 507);
  console.error(JSON.stringify({ level: 'error', time: new Date().toISOString(), path: c.req.path, error: error.stack ?? String(error) }));
  return c.json({ message: 'Internal server error' }, 500);
}
