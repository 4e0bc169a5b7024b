/**
 * A bounded queue for expensive work (decoding and encoding pictures, hashing passwords): at most `concurrency` jobs
 * run at once, at most `maxWaiting` more wait their turn in arrival order, and a job beyond that is refused at once
 * with the queue's error (a 503 with Retry-After), so a burst queues or is turned away instead of crowding out the
 * cheap requests the event loop and libuv's pool also serve (security.md R3).
 */
import { availableParallelism } from 'node:os';

export interface WorkQueueOptions {
  /** Jobs run at once (at least 1). */
  concurrency: number;
  /** Jobs that may wait for a slot (0: none wait; Infinity: every job waits). */
  maxWaiting: number;
  /** The error a job gets when the waiting list is full; nothing of the job has run. */
  refuse: () => Error;
}

export interface WorkQueue {
  /** Runs `work` in a slot once one is free; rejects with the queue's refusal, without running it, when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Jobs running now. */
  readonly running: number;
  /** Jobs waiting for a slot. */
  readonly waiting: number;
  readonly concurrency: number;
  readonly maxWaiting: number;
}

/** A queue with the given bounds; see WorkQueueOptions. */
export function createWorkQueue({ concurrency, maxWaiting, refuse }: WorkQueueOptions): WorkQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError(`concurrency must be >= 1: ${concurrency}`);
  if (!(maxWaiting >= 0)) throw new RangeError(`maxWaiting must be >= 0: ${maxWaiting}`);
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next job, so a job arriving now cannot overtake the ones already waiting.
    if (next) next();
    else running--;
  };

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < concurrency) running++;
      else if (waiting.length < maxWaiting) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw refuse();
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    concurrency,
    maxWaiting,
  };
}

/**
 * The slots for CPU-heavy work on this machine: one core fewer than it has, and one thread fewer than libuv's pool
 * (UV_THREADPOOL_SIZE, 4 unless set), at least one. The event loop keeps a core for the requests answered from memory
 * and the database, and file access (static files, health's disk check) a thread of the pool, which sharp and argon2
 * run on too.
 */
export function defaultConcurrency(
  cores = availableParallelism(),
  poolSize = Number(process.env['UV_THREADPOOL_SIZE']) || 4,
): number {
  return Math.max(1, Math.min(cores - 1, poolSize - 1));
}

/** A positive integer from an environment variable, or `fallback` when it is unset or empty; throws on anything else. */
export function countFromEnv(
  name: string,
  fallback: number,
  source: Record<string, string | undefined> = process.env,
  min = 1,
): number {
  const raw = source[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`Invalid environment: ${name} must be an integer >= ${min}`);
  return value;
}
