/** The admin's API tokens for other systems, one function per endpoint; the token itself comes back only once. */
import type { ApiTokenCreated, ApiTokenItem, ApiTokenRequest } from '../../../shared/schemas/api-tokens.ts';
import { publicApiBase } from '../base.ts';
import { api } from '../client.ts';

/** GET /api/admin/api-tokens: every token made, newest first, revoked ones too. */
export const fetchApiTokens = () => api<{ tokens: ApiTokenItem[] }>('/api/admin/api-tokens');

/** POST /api/admin/api-tokens: a new token; the answer is the only place the token itself is ever seen. */
export const createApiToken = (input: ApiTokenRequest) =>
  api<ApiTokenCreated>('/api/admin/api-tokens', { method: 'POST', body: input });

/** DELETE /api/admin/api-tokens/{id}: it stops working at once. */
export const revokeApiToken = (id: string) =>
  api<{ message: string }>(`/api/admin/api-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The API's description (OpenAPI), on the API's own origin, which may be another one than the admin's. */
export const openApiUrl = () => `${publicApiBase().replace(/\/+$/, '')}/api/openapi.json`;
