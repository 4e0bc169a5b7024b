/**
 * API tokens for other systems (security.md R25's bearer scheme, with its own kind of token): an admin makes one with
 * scopes and an optional expiry; it is shown once and kept only as SHA-256 (a 256-bit random value needs no slow
 * hash). A call with it acts for the admin who made it, within its scopes alone (admin-guard.ts), and only while that
 * account is still an enabled admin; a revoked or expired token counts for nothing. Its last use is kept to the minute.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { API_SCOPES, API_TOKEN_PREFIX, type ApiScope } from '../../../shared/api-scopes.ts';
import type { ApiTokenCreated, ApiTokenItem, ApiTokenRequest } from '../../../shared/schemas/api-tokens.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { sha256Hex } from '../auth/tokens.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { userFromRow } from '../auth/user-dto.ts';
import { bool } from '../content/content.mappers.ts';
import {
  findApiTokenWithMaker,
  insertApiTokenRow,
  listApiTokenRows,
  markApiTokenUsed,
  revokeApiTokenRow,
  type ApiTokenRow,
} from './api-tokens.repository.ts';

/** How a call made with a token is known to the admin guard and, once let through, to the handlers. */
export interface ApiTokenPrincipal {
  id: string;
  name: string;
  scopes: ApiScope[];
  /** Who the handlers and the audit log see: the admin who made the token, named as the token. */
  actor: AuthUser;
}

const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** A last use closer than this to the one recorded is not written again (a busy integration is not a write a call). */
const USE_RESOLUTION_MS = 60_000;

const DAY_MS = 86_400_000;

function scopesOf(stored: string): ApiScope[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? parsed.filter((s): s is ApiScope => (API_SCOPES as readonly unknown[]).includes(s))
      : [];
  } catch {
    return [];
  }
}

function itemOf(row: ApiTokenRow): ApiTokenItem {
  return {
    id: row.id,
    name: row.name,
    hint: `${API_TOKEN_PREFIX}…${row.token_hint}`,
    scopes: scopesOf(row.scopes),
    createdBy: row.created_by_name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export async function listApiTokens(db: Db): Promise<ApiTokenItem[]> {
  return (await listApiTokenRows(db)).map(itemOf);
}

/** Makes a token for `actor` (an admin); the token itself is in the answer and nowhere else. */
export async function createApiToken(
  db: Db,
  actor: AuthUser,
  input: ApiTokenRequest,
  now = new Date(),
): Promise<ApiTokenCreated> {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row: ApiTokenRow = {
    id: randomUUID(),
    name: input.name,
    token_hash: sha256Hex(token),
    token_hint: token.slice(-4),
    scopes: JSON.stringify(input.scopes),
    created_by: actor.id,
    created_by_name: `${actor.first_name} ${actor.last_name}`.trim() || actor.username,
    created_at: now.toISOString(),
    expires_at:
      input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await insertApiTokenRow(trx, row);
    await recordAudit(trx, actor, {
      action: 'api-token.create',
      target: { type: 'api-token', id: row.id },
      summary: `API token “${row.name}” made (${input.scopes.join(', ')})`,
    });
  });
  return { token, item: itemOf(row) };
}

export async function revokeApiToken(db: Db, actor: AuthUser, id: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('api_tokens')
      .select(['name', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, 'API token not found');
    if (row.revoked_at !== null) return;
    await revokeApiTokenRow(trx, id, now.toISOString());
    await recordAudit(trx, actor, {
      action: 'api-token.revoke',
      target: { type: 'api-token', id },
      summary: `API token “${row.name}” revoked`,
    });
  });
}

/** Whether a bearer value is meant as an API token (then it is never looked up as a session). */
export const isApiToken = (value: string) => value.startsWith(API_TOKEN_PREFIX);

/** The principal of a valid token: known, not revoked or expired, made by an account that is still an enabled admin. */
export async function resolveApiToken(db: Db, token: string, now = new Date()): Promise<ApiTokenPrincipal | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await findApiTokenWithMaker(db, sha256Hex(token));
  if (row?.revoked_at !== null) return null;
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now.getTime()) return null;
  if (bool(row.disabled) || row.role !== 'admin') return null;
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) >= USE_RESOLUTION_MS)
    await markApiTokenUsed(db, row.token_id, now.toISOString());
  const maker = userFromRow(row);
  return {
    id: row.token_id,
    name: row.token_name,
    scopes: scopesOf(row.scopes),
    actor: {
      ...maker,
      // The audit log and the items it makes name the token, not the person who made it.
      first_name: 'API token',
      last_name: `“${row.token_name}”`,
      id: row.id,
      sessionId: `api-token:${row.token_id}`,
      mustChangePassword: false,
    },
  };
}
