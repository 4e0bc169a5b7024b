/** Opaque random tokens (sessions, reset links) and their stored form (security.md R17, R21). */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** 32 CSPRNG bytes, base64url without padding (43 characters). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Cheap pre-check so malformed input never reaches the database. */
export function isOpaqueToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/** The only form in which a token is stored: SHA-256, hex. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
