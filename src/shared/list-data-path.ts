/** Where the build writes a list's data file, named by its content's hash so it may be cached for good. */

/** Hex digits of the content's SHA-256 in a data file's name. */
export const LIST_DATA_HASH_LENGTH = 12;

/** A list's data file address, e.g. /data/products.0123456789ab.json. */
export const listDataPath = (name: string, hash: string): string => `/data/${name}.${hash}.json`;

/** Whether a request path is a list data file's (so its content never changes under that address). */
export const isListDataPath = (path: string): boolean =>
  new RegExp(`^/data/[a-z]+\\.[0-9a-f]{${LIST_DATA_HASH_LENGTH}}\\.json$`).test(path);
