/**
 * DIST_DIR as the server sees it: the last complete build is served while the next one is built beside it
 * (`<DIST_DIR>.next`), and swapped in by two renames once its marker says it is complete, so DIST_DIR always ends up
 * a plain directory (deployable on its own). Page requests wait out the milliseconds of a swap and the swap waits
 * for the requests reading the old files, so an answer is always one whole build; a build killed half-way is never
 * served.
 */
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { BUILD_MARKER, isCompleteBuild } from './build-site.ts';
import type { SiteSource } from './site-routes.ts';

/** How long a swap waits for requests still reading the old files (slow downloads keep their open file). */
export const SWAP_DRAIN_MS = 2000;

export interface SiteDir extends SiteSource {
  /** DIST_DIR, absolute. */
  readonly dir: string;
  /** Builds into `<dir>.next` and swaps it in; a call during a build runs one more build after it. */
  rebuild(): Promise<void>;
  /** Stops a build in progress and resolves once it has exited. */
  close(): Promise<void>;
}

export interface SiteDirOptions {
  distDir: string;
  /** Writes a complete build (marker last, see build-site.ts) into `outDir`; stops when `signal` aborts. */
  build: (outDir: string, signal: AbortSignal) => Promise<unknown>;
  drainMs?: number;
}

/** Removes a build directory, its marker first, so that a removal cut short never leaves a part marked complete. */
async function discard(path: string): Promise<void> {
  await rm(join(path, BUILD_MARKER), { force: true });
  await rm(path, { recursive: true, force: true });
}

/** Opens DIST_DIR: serves the complete build found there (or left by a swap that was cut short), else none yet. */
export async function openSiteDir({ distDir, build, drainMs = SWAP_DRAIN_MS }: SiteDirOptions): Promise<SiteDir> {
  // resolve() also drops a trailing slash, so the siblings are `dist.next`, never `dist/.next`.
  const dir = resolve(distDir);
  const next = `${dir}.next`;
  const old = `${dir}.old`;

  // A swap cut between its two renames leaves no DIST_DIR, the new build at .next and the old one at .old.
  if (!isCompleteBuild(dir)) {
    const survivor = [next, old].find(isCompleteBuild);
    if (survivor) {
      await discard(dir);
      await rename(survivor, dir);
    }
  }
  await Promise.all([next, old].map(discard));

  let served: string | null = isCompleteBuild(dir) ? dir : null;
  let readers = 0;
  let onDrained: (() => void) | null = null;
  let swapping: Promise<void> | null = null;
  const aborter = new AbortController();

  async function use(): Promise<() => void> {
    while (swapping) await swapping;
    readers++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      readers--;
      if (readers === 0) onDrained?.();
    };
  }

  function drained(): Promise<void> {
    if (readers === 0) return Promise.resolve();
    return new Promise((done) => {
      const timer = setTimeout(finish, drainMs);
      function finish() {
        clearTimeout(timer);
        onDrained = null;
        done();
      }
      onDrained = finish;
    });
  }

  async function swap(): Promise<void> {
    let open!: () => void;
    swapping = new Promise((done) => (open = done));
    try {
      await drained();
      const hadDir = existsSync(dir);
      if (hadDir) await rename(dir, old);
      try {
        await rename(next, dir);
      } catch (error) {
        // Put the build that was served back where requests look for it.
        if (hadDir) await rename(old, dir);
        throw error;
      }
      served = dir;
    } finally {
      swapping = null;
      open();
    }
    await discard(old);
  }

  async function buildAndSwap(): Promise<void> {
    aborter.signal.throwIfAborted();
    await Promise.all([next, old].map(discard));
    await build(next, aborter.signal);
    if (!isCompleteBuild(next)) throw new Error(`the build in ${next} has no ${BUILD_MARKER}; not swapped in`);
    await swap();
  }

  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  function rebuild(): Promise<void> {
    if (queued) return queued;
    if (running) {
      // The build under way may have read the data before the change that asked for this one.
      queued = running
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return rebuild();
        });
      return queued;
    }
    running = buildAndSwap().finally(() => (running = null));
    return running;
  }

  return {
    dir,
    current: () => served,
    use,
    rebuild,
    async close() {
      aborter.abort(new Error('the server is stopping'));
      await Promise.allSettled([running, queued]);
    },
  };
}
