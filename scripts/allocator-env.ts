/**
 * glibc's allocator settings the server runs with on Linux (scripts/launch.ts, and the bench that measures it). glibc
 * reads them only when a process starts.
 *
 * - MALLOC_ARENA_MAX=2 (sharp's advice): otherwise every thread that decodes or hashes keeps arenas of its own.
 * - MALLOC_MMAP_THRESHOLD_=131072: a block of 128 KiB or more (a decoded picture, an encoder's buffers, an upload)
 *   gets pages of its own and gives them back when freed. Left to itself glibc raises this threshold to 32 MiB after
 *   the first large free, and later pictures then come from the arenas and stay there: 10 uploads of 12 MP at once
 *   peaked anywhere between 478 and 620 MiB, and with it between 421 and 495 (10 runs each).
 */
export const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/** The allocator settings `env` leaves unset (a value the environment gives is kept). */
export function missingAllocatorEnv(env: Record<string, string | undefined>): Partial<Record<string, string>> {
  return Object.fromEntries(Object.entries(ALLOCATOR_ENV).filter(([name]) => env[name] === undefined));
}
