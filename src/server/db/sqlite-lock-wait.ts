/**
 * Waiting for the database's write lock without blocking the event loop (security.md R69). SQLite's own busy timeout
 * sleeps inside the call, which freezes every other request of the process for as long; instead each attempt fails at
 * once (busy_timeout 0) and is retried after a short timer, until the writer's deadline.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { StorageBusyError, storageFailure } from './storage-errors.ts';

/** Pauses between attempts: short at first, so a lock given back soon is taken soon, then LAST_PAUSE_MS each. */
const PAUSES_MS = [1, 2, 5, 10, 15, 20];
const LAST_PAUSE_MS = 25;

/**
 * Runs `attempt` until it no longer fails with a busy error, pausing between tries; once the next pause would pass
 * `deadline` (a Date.now() time) it throws StorageBusyError. Any other error is thrown at once.
 */
export async function retryWhileBusy<T>(attempt: () => T, deadline: number): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return attempt();
    } catch (error) {
      if (storageFailure(error) !== 'busy') throw error;
      const pause = PAUSES_MS[tries] ?? LAST_PAUSE_MS;
      if (Date.now() + pause > deadline) throw error instanceof StorageBusyError ? error : new StorageBusyError(error);
      await sleep(pause);
    }
  }
}

interface Waiter {
  grant(release: () => void): void;
  timer: NodeJS.Timeout;
}

/**
 * One holder at a time (the write connection), first come first served. A waiter whose deadline passes leaves the
 * queue with StorageBusyError, so a queue behind a stuck writer answers 503 instead of growing without end.
 */
export class WriteGate {
  #held = false;
  readonly #queue: Waiter[] = [];

  /** Resolves with the release function once it is this caller's turn. */
  acquire(deadline: number): Promise<() => void> {
    const now = this.tryAcquire();
    if (now) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(
          () => {
            this.#queue.splice(this.#queue.indexOf(waiter), 1);
            reject(new StorageBusyError());
          },
          Math.max(0, deadline - Date.now()),
        ),
      };
      this.#queue.push(waiter);
    });
  }

  /** The release function when the gate is free right now, else null. */
  tryAcquire(): (() => void) | null {
    if (this.#held) return null;
    this.#held = true;
    return this.#releaser();
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#queue.shift();
      if (!next) {
        this.#held = false;
        return;
      }
      clearTimeout(next.timer);
      next.grant(this.#releaser());
    };
  }
}
