/**
 * GET /api/openapi.json: the API's description (openapi-document.ts), made once from the router on its first read (every
 * route is registered by then) and kept as prebuilt JSON; public, as the routes it lists are no secret.
 */
import type { Handler } from 'hono';
import type { RouterRoute } from 'hono/types';
import type { AppEnv } from '../app-env.ts';
import { openApiDocument } from './openapi-document.ts';

export function openApiRoute(routes: () => readonly RouterRoute[], prefix: string, apiUrl: string): Handler<AppEnv> {
  let text: string | undefined;
  return (c) => {
    text ??= JSON.stringify(openApiDocument(routes(), prefix, apiUrl.replace(/\/+$/, '')));
    return c.body(text, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
    });
  };
}
