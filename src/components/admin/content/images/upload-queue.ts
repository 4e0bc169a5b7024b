/** The Images tab's chosen files (site-spec section 2): each with its size in MB and its own upload progress. */

/** One chosen file; `key` tells two files of the same name apart. */
export interface QueuedFile {
  key: string;
  file: File;
  /** 0 to 100. */
  percent: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
}

/** Bytes as megabytes with two decimals, as the spec shows sizes: '1.50 MB'. */
export function formatMB(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

let counter = 0;

/** The chosen files as a waiting queue. */
export const queueFiles = (files: readonly File[]): QueuedFile[] =>
  files.map((file) => ({ key: `${++counter}-${file.name}`, file, percent: 0, state: 'waiting' }));

/** The queue with one file's entry changed. */
export const updateQueued = (queue: readonly QueuedFile[], key: string, change: Partial<QueuedFile>): QueuedFile[] =>
  queue.map((entry) => (entry.key === key ? { ...entry, ...change } : entry));
