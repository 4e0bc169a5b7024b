/**
 * The Idempotency-Key of one checkout attempt: made once (crypto.randomUUID), kept in this tab's sessionStorage while
 * the attempt is retried (a double click, a retry after a lost answer, even a reload), so the server makes one order
 * of it however often it is sent. It ends when the order is placed, or when the server refused the order outright
 * (nothing was made, and the next try is a new attempt).
 */

const STORAGE_KEY = 'checkoutAttempt';
/** The server takes 8 to 100 characters; anything else found in storage is replaced. */
const KEY_SHAPE = /^[A-Za-z0-9-]{8,100}$/;

/** Answers after which no order exists: the next try is a new attempt. A lost answer (no status), 408, 429 or 5xx may hide a placed order. */
const REFUSALS: ReadonlySet<number> = new Set([400, 401, 403, 404, 409, 413, 415, 422]);

/** sessionStorage that never throws (private mode, disabled storage): the key then lasts for the page only. */
function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

let inMemory: string | null = null;

/** The current attempt's key, made on first use. */
export function attemptKey(): string {
  const stored = session()?.getItem(STORAGE_KEY) ?? inMemory;
  if (stored && KEY_SHAPE.test(stored)) return stored;
  const key = crypto.randomUUID();
  inMemory = key;
  try {
    session()?.setItem(STORAGE_KEY, key);
  } catch {
    // Storage full or refused: the in-memory key still covers retries on this page.
  }
  return key;
}

/** Forgets the key: the order was placed, or refused outright. */
export function endAttempt(): void {
  inMemory = null;
  try {
    session()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/** Whether a failed POST /api/orders (its status, undefined when no answer came) ends the attempt. */
export const refusalEndsAttempt = (status: number | undefined): boolean => status !== undefined && REFUSALS.has(status);
