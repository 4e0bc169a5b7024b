/**
 * Picture variants encoded after the site is up: the demo seed stores each picture's WebP at once and
 * leaves its AVIF variants here, so a first start serves the site within seconds instead of waiting for every
 * variant. Once started (after the first build) the queue encodes them one picture at a time in the background; a
 * request for a variant still waiting has its picture encoded at once and is answered when it is stored. A process
 * stopped before the queue is done leaves pictures without variants, which the next start writes
 * (backfillPictureVariants), so nothing is lost.
 */
import type { Db } from '../db/connection.ts';
import { encodeDeferredVariants, type DeferredVariants } from './media-store.ts';

/** A stored picture ('<id>.webp') whose variants wait. */
export interface VariantJob {
  fileName: string;
  deferred: DeferredVariants;
}

export interface VariantQueue {
  /** Queues pictures; they wait until start() or until one of their variants is asked for. */
  add(jobs: readonly VariantJob[]): void;
  /** Begins encoding the waiting pictures in the background, one at a time; `onIdle` is called once all are done. */
  start(onIdle?: (encoded: number) => void): void;
  /**
   * For the name of a variant ('<id>-w480.avif') whose picture is queued or being encoded: a promise settled once the
   * picture's variants are stored (or failed). undefined when nothing for it waits.
   */
  whenStored(variantName: string): Promise<void> | undefined;
  /** Pictures not yet done. */
  readonly pending: number;
  /** Stops taking up new pictures and waits for the ones under way. */
  close(): Promise<void>;
}

/** '<id>-w480.avif' and '<id>.webp' both give '<id>'. */
const pictureId = (fileName: string): string => fileName.replace(/(?:-w\d+)?\.[a-z0-9]+$/, '');

export function createVariantQueue(db: Db, dataDir: string, log: (line: string) => void = console.error): VariantQueue {
  const waiting = new Map<string, VariantJob>();
  const running = new Map<string, Promise<void>>();
  let started = false;
  let closed = false;
  let encoded = 0;
  let onIdle: ((encoded: number) => void) | undefined;

  const run = (id: string): Promise<void> | undefined => {
    const underWay = running.get(id);
    if (underWay) return underWay;
    const job = waiting.get(id);
    if (!job || closed) return undefined;
    waiting.delete(id);
    const done = encodeDeferredVariants(db, dataDir, job.fileName, job.deferred)
      .then(() => {
        encoded++;
      })
      // The picture keeps its WebP; the next start's backfill tries its variants again.
      .catch((error: unknown) =>
        log(`picture variants of ${job.fileName} failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => running.delete(id));
    running.set(id, done);
    return done;
  };

  const drain = async (): Promise<void> => {
    for (let next = waiting.keys().next(); !next.done && !closed; next = waiting.keys().next()) await run(next.value);
    if (!closed && waiting.size === 0) {
      await Promise.all(running.values());
      onIdle?.(encoded);
    }
  };

  return {
    add(jobs) {
      for (const job of jobs) waiting.set(pictureId(job.fileName), job);
    },
    start(idle) {
      if (started) return;
      started = true;
      onIdle = idle;
      void drain();
    },
    whenStored: (variantName) => run(pictureId(variantName)),
    get pending() {
      return waiting.size + running.size;
    },
    async close() {
      closed = true;
      await Promise.all(running.values());
    },
  };
}
