/**
 * A row its own transaction has just written, read back: the transaction holds the write lock, so a missing row is a
 * bug to report as one (500), never a 404.
 */
export function readBack<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new Error(`${what} was written but could not be read back`);
  return row;
}
