/** The server's HMAC secret: AUTH_SECRET, or a random key kept in DATA_DIR/secret.key (mode 0600). */
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from './env.ts';

function readOrCreateKeyFile(dataDir: string): Buffer {
  const file = join(dataDir, 'secret.key');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  if (key.length < 32) throw new Error(`${file} holds fewer than 32 bytes; delete it to generate a new one`);
  return key;
}

/** Read once by createDeps (deps.ts); synchronous because the app is built synchronously. */
export function serverSecret(env: Pick<Env, 'AUTH_SECRET' | 'DATA_DIR'>): Buffer {
  return env.AUTH_SECRET ? Buffer.from(env.AUTH_SECRET, 'utf8') : readOrCreateKeyFile(env.DATA_DIR);
}

/** A separate key per use (codes, cookies), so one purpose's MAC never verifies another's. */
export function subKey(secret: Buffer, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`site-key:${purpose}`).digest();
}
