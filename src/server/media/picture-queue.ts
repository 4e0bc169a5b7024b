/**
 * The one queue every uploaded picture is decoded and encoded through: a few at once (one core fewer than the machine
 * has), a few more waiting, the rest answered 503 with Retry-After before their pixels are touched. Decoding a large
 * picture costs seconds of CPU and a hundred MiB or more, so without it 10 uploads at once took the server past 1 GiB
 * and slowed every other request. sharp's own cache is off: an upload is never decoded twice
 * from the same input, so the cache would only hold memory.
 */
import sharp from 'sharp';
import { ApiError } from '../http/errors.ts';
import { countFromEnv, createWorkQueue, defaultConcurrency, type WorkQueue } from '../work-queue.ts';

sharp.cache(false);

/**
 * Pictures waiting for a slot unless PICTURE_ENCODE_QUEUE says otherwise: each holds its upload meanwhile (a 5 MiB
 * file is about 11 MiB once its form is parsed), so the list is short.
 */
export const DEFAULT_PICTURE_WAITING = 4;
/** Seconds a refused upload is told to wait: about what a slot takes to free on a large photo. */
export const PICTURE_RETRY_AFTER_SECONDS = 5;
export const PICTURES_BUSY_MESSAGE = 'The server is busy with other pictures, please try again in a few seconds';

/** The bounds from PICTURE_ENCODE_CONCURRENCY and PICTURE_ENCODE_QUEUE, else from the machine's cores. */
export function pictureQueueBounds(source: Record<string, string | undefined> = process.env) {
  return {
    concurrency: countFromEnv('PICTURE_ENCODE_CONCURRENCY', defaultConcurrency(), source),
    maxWaiting: countFromEnv('PICTURE_ENCODE_QUEUE', DEFAULT_PICTURE_WAITING, source, 0),
  };
}

let queue: WorkQueue | undefined;

/** The process's picture queue, made on first use (sharp and libuv's pool are per process, so is the queue). */
export function pictureQueue(): WorkQueue {
  queue ??= createWorkQueue({
    ...pictureQueueBounds(),
    refuse: () =>
      new ApiError(503, PICTURES_BUSY_MESSAGE, { headers: { 'Retry-After': String(PICTURE_RETRY_AFTER_SECONDS) } }),
  });
  return queue;
}
