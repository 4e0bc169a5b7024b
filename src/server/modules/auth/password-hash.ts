/** argon2id through Node's built-in crypto.argon2 (security.md R1-R3, R7), stored as a PHC string. */
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../http/errors.ts';
import { countFromEnv, createWorkQueue, defaultConcurrency, type WorkQueue } from '../../work-queue.ts';

export const ARGON2_PARAMS = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 } as const;

/** Hashes waiting for a slot before a sign-in is answered 503: a burst far past what the attempt limits let through. */
export const DEFAULT_HASH_WAITING = 1000;

/**
 * Bounds concurrent hashes so a burst of sign-ins queues instead of stalling everything else (security.md R3): each
 * argon2 hash takes a core and a thread of libuv's pool (4 threads, shared with file access) for tens
 * of milliseconds, so one core fewer than the machine has (PASSWORD_HASH_CONCURRENCY to change it) leaves the event
 * loop a core and the pool free threads.
 */
export const hashQueue: WorkQueue = createWorkQueue({
  concurrency: countFromEnv('PASSWORD_HASH_CONCURRENCY', defaultConcurrency()),
  maxWaiting: DEFAULT_HASH_WAITING,
  refuse: () => new ApiError(503, 'The server is busy, please try again', { headers: { 'Retry-After': '1' } }),
});

const withSlot = <T>(work: () => Promise<T>): Promise<T> => hashQueue.run(work);

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
