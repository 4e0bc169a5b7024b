/**
 * The first start: `npm start` on an empty DATA_DIR with an empty picture cache, as on a machine
 * that never ran it, until the site is served. The demo pictures' variants are encoded after that, in the background.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from './product.ts';

export async function measureFirstStart(): Promise<{ seconds: number; note: string }> {
  const cacheDir = await mkdtemp(join(tmpdir(), 'bench-picture-cache-'));
  try {
    const product = await startProduct({ mode: 'site', seed: 'demo', env: { SEED_CACHE_DIR: cacheDir } });
    await product.stop();
    return { seconds: product.readySeconds, note: 'empty DATA_DIR and picture cache, until "site built"' };
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
}
