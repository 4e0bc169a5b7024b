/** argon2id through Node's built-in crypto.argon2 (security.md R1-R3, R7), stored as a PHC string. */
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

export const ARGON2_PARAMS = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 } as const;

/** Bounds concurrent hashes so a burst of logins cannot exhaust memory or the libuv pool. */
const MAX_CONCURRENT = 4;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function derive(
  password: string,
  salt: Buffer,
  params: { memory: number; passes: number; parallelism: number; tagLength: number },
) {
  return withSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        argon2('argon2id', { message: password.normalize('NFKC'), nonce: salt, ...params }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

const b64 = (buf: Buffer) => buf.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, ARGON2_PARAMS);
  const { memory, passes, parallelism } = ARGON2_PARAMS;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(key)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Constant-time check; `needsRehash` is true when the stored parameters differ from the current ones. */
export async function verifyPassword(password: string, stored: string): Promise<{ ok: boolean; needsRehash: boolean }> {
  const match = PHC.exec(stored);
  if (!match) return { ok: false, needsRehash: false };
  const [, m, t, p, salt, tag] = match as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(tag, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    tagLength: expected.length,
  });
  const ok = key.length === expected.length && timingSafeEqual(key, expected);
  const needsRehash =
    Number(m) !== ARGON2_PARAMS.memory || Number(t) !== ARGON2_PARAMS.passes || Number(p) !== ARGON2_PARAMS.parallelism;
  return { ok, needsRehash };
}
