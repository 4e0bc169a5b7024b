/**
 * The admin's API tokens (admin only: /api/admin/* is the admin's, and no token scope reaches it):
 *   GET    /admin/api-tokens      every token made, revoked ones too (never a token itself)
 *   POST   /admin/api-tokens      { name, scopes, expiresInDays } → 201 { token, item }: the token shown this once
 *   DELETE /admin/api-tokens/:id  revoked at once
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { ApiTokenRequest } from '../../../shared/schemas/api-tokens.ts';
import { bodyCheck } from '../../../shared/schemas/refusal.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.ts';

export function apiTokenRoutes() {
  return new Hono<AppEnv>()
    .get('/admin/api-tokens', async (c) => c.json({ tokens: await listApiTokens(c.get('db')) }))
    .post('/admin/api-tokens', jsonBody(bodyCheck(ApiTokenRequest)), async (c) =>
      c.json(await createApiToken(c.get('db'), signedInUser(c), c.req.valid('json')), 201),
    )
    .delete('/admin/api-tokens/:id', async (c) => {
      await revokeApiToken(c.get('db'), signedInUser(c), c.req.param('id'));
      return c.json({ message: 'The token was revoked: it no longer works' });
    });
}
