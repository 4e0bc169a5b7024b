/** Server-side sessions behind opaque bearer tokens (security.md R21, R23, R24; login CSRF mitigation in section 1.2). */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { Env } from '../../env.ts';
import {
  deleteExpiredSessionsOfUser,
  deleteSession,
  findSessionWithUser,
  insertSession,
  updateSession,
} from './sessions.repository.ts';
import { isOpaqueToken, newOpaqueToken, sha256Hex } from './tokens.ts';
import { deviceName } from './user-agent.ts';
import { type AuthUser, userFromRow } from './user-dto.ts';
import { isStaff } from '../../../shared/staff-roles.ts';

/** A token delivered in a URL (Google sign-in) must be used together with its binding cookie within this time. */
export const PENDING_SECONDS = 60;

type Lifetimes = Pick<Env, 'SESSION_TTL_SECONDS' | 'ADMIN_SESSION_TTL_SECONDS'>;

const iso = (ms: number) => new Date(ms).toISOString();
const ttlMs = (env: Lifetimes, role: string) =>
  (isStaff(role) ? env.ADMIN_SESSION_TTL_SECONDS : env.SESSION_TTL_SECONDS) * 1000;

export interface StartedSession {
  token: string;
  tokenHash: string;
}

export interface SessionOptions {
  /** Usable only together with its binding cookie (a token delivered in a URL). */
  pending?: boolean;
  /** The request's User-Agent: only the browser's and system's names are kept (user-agent.ts), never the header. */
  userAgent?: string | undefined;
}

/** A new token on every sign-in; only its SHA-256 is stored. */
export async function startSession(
  db: Db,
  env: Lifetimes,
  user: { id: string; role: string },
  options: SessionOptions = {},
): Promise<StartedSession> {
  const token = newOpaqueToken();
  const tokenHash = sha256Hex(token);
  const now = Date.now();
  // Sessions nobody used until they expired are swept when their owner signs in again.
  await deleteExpiredSessionsOfUser(db, user.id, iso(now));
  await insertSession(db, {
    id: randomUUID(),
    token_hash: tokenHash,
    user_id: user.id,
    created_at: iso(now),
    last_seen_at: iso(now),
    expires_at: iso(now + ttlMs(env, user.role)),
    pending_until: options.pending ? iso(now + PENDING_SECONDS * 1000) : null,
    device: deviceName(options.userAgent),
    role: user.role,
  });
  return { token, tokenHash };
}

/** Value of the HttpOnly cookie that must accompany the first use of a pending token. */
export function bindingValue(key: Buffer, tokenHash: string): string {
  return createHmac('sha256', key).update(`bind:${tokenHash}`).digest('base64url');
}

function bindingMatches(key: Buffer, tokenHash: string, cookie: string | undefined): boolean {
  if (!cookie) return false;
  const expected = Buffer.from(bindingValue(key, tokenHash));
  const actual = Buffer.from(cookie);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export interface ResolvedSession {
  user: AuthUser;
  /** True when this request turned a pending token into a normal one (the binding cookie can go). */
  activated: boolean;
}

/**
 * The user behind a bearer token, or null when it is unknown, expired, disabled or a pending token without its cookie.
 * Customers' sessions slide (renewed at most every quarter of their lifetime, capped at an hour); admins' never do.
 */
export async function resolveSession(
  db: Db,
  env: Lifetimes,
  token: string,
  binding: { key: Buffer; cookie: string | undefined },
): Promise<ResolvedSession | null> {
  if (!isOpaqueToken(token)) return null;
  const tokenHash = sha256Hex(token);
  const row = await findSessionWithUser(db, tokenHash);
  if (!row) return null;
  const now = Date.now();
  const admin = isStaff(row.role);
  // An account promoted to a staff role keeps no session longer than the admin lifetime.
  const hardEnd = admin
    ? Math.min(Date.parse(row.expires_at), Date.parse(row.session_created_at) + ttlMs(env, 'admin'))
    : Date.parse(row.expires_at);
  // A session made for another role than the account has now (promoted, or demoted) never counts.
  if (hardEnd <= now || row.session_role !== row.role) {
    await deleteSession(db, row.session_id);
    return null;
  }
  if (row.disabled) return null;
  let activated = false;
  if (row.pending_until !== null) {
    if (Date.parse(row.pending_until) <= now || !bindingMatches(binding.key, tokenHash, binding.cookie)) return null;
    await updateSession(db, row.session_id, { pending_until: null });
    activated = true;
  }
  const ttl = ttlMs(env, row.role);
  if (!admin && now - Date.parse(row.last_seen_at) >= Math.min(3_600_000, ttl / 4)) {
    await updateSession(db, row.session_id, { last_seen_at: iso(now), expires_at: iso(now + ttl) });
  }
  const mustChangePassword = row.must_change_password === true || row.must_change_password === 1;
  return { user: { ...userFromRow(row), id: row.id, sessionId: row.session_id, mustChangePassword }, activated };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

/** The HttpOnly cookie set beside a URL-delivered token; sent only to /api/auth (where GET /me activates the token). */
export const BIND_COOKIE = { name: 'session_bind', path: '/api/auth' } as const;
