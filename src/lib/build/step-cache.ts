/**
 * What a build step made of a file, kept from one build to the next by the hash of its input (and of the step's own
 * code), so a page the incremental build copied from the last build costs a hash and a read instead of the step's
 * work. Each entry is written to a temporary name and renamed, so a killed build never leaves half an entry; entries
 * no build asked for since the cache was opened are removed by `prune`. Build-only code.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface StepCache {
  /** The entry for `input` under `variant` (e.g. '.br'), or undefined; either way it is kept by the next prune. */
  get(input: Buffer | string, variant?: string): Promise<Buffer | undefined>;
  set(input: Buffer | string, data: Buffer | string, variant?: string): Promise<void>;
  /** Removes the entries this build neither read nor wrote; resolves to how many. */
  prune(): Promise<number>;
}

/**
 * The cache of one step in `dir`. `version` names the step's code (its source text): a change to the step makes
 * every entry a miss.
 */
export async function openStepCache(dir: string, version: string): Promise<StepCache> {
  await mkdir(dir, { recursive: true });
  const salt = createHash('sha256').update(version).digest();
  const used = new Set<string>();
  let writes = 0;
  const keyOf = (input: Buffer | string, variant: string) =>
    createHash('sha256').update(salt).update(variant).update('\0').update(input).digest('hex');
  return {
    async get(input, variant = '') {
      const key = keyOf(input, variant);
      used.add(key);
      return readFile(join(dir, key)).catch(() => undefined);
    },
    async set(input, data, variant = '') {
      const key = keyOf(input, variant);
      used.add(key);
      // Named for this write alone: two writes of one key at once each rename a whole file of their own.
      const temporary = join(dir, `${key}.${process.pid}.${++writes}.tmp`);
      await writeFile(temporary, data);
      await rename(temporary, join(dir, key));
    },
    async prune() {
      const stale = (await readdir(dir)).filter((name) => !used.has(name));
      await Promise.all(stale.map((name) => rm(join(dir, name), { force: true })));
      return stale.length;
    },
  };
}

/** The source text of the module at `url` (an `import.meta.url`), a step's `version`. */
export const sourceOf = (url: string | URL): Promise<string> => readFile(new URL(url), 'utf8');
