/**
 * Variants after the site is up: a picture stored with deferred variants has none until the queue
 * runs; a variant asked for over /media before then is encoded at once and served; start() encodes the rest and
 * fills the picture cache, so the next seed reads them back.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { encodePicture, mediaDir, storeEncodedPicture } from '../../src/server/media/media-store.ts';
import { createVariantQueue, type VariantQueue } from '../../src/server/media/variant-queue.ts';
import { VARIANT_WIDTHS, variantName } from '../../src/shared/image-variants.ts';
import { prepareTestData, type TestData } from '../helpers/test-app.ts';

const photo = (seed: number) =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: seed, g: 120, b: 200 - seed } } })
    .png()
    .toBuffer();

describe('the variant queue', () => {
  let data: TestData;
  let cacheDir = '';
  let queue: VariantQueue;
  const stored: string[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    data = await prepareTestData();
    cacheDir = mkdtempSync(join(tmpdir(), 'variant-cache-'));
    queue = createVariantQueue(data.db, data.dataDir, (line) => logs.push(line));
    for (const seed of [10, 60, 110]) {
      const encoded = await encodePicture(await photo(seed), { cacheDir, deferVariants: true });
      expect(encoded.variants).toEqual([]);
      const { deferred } = encoded;
      assert.isDefined(deferred);
      const picture = await storeEncodedPicture(data.db, data.dataDir, encoded);
      stored.push(picture.fileName);
      queue.add([{ fileName: picture.fileName, deferred }]);
    }
  });
  afterAll(async () => {
    await queue.close();
    await data.db.destroy();
    rmSync(data.dataDir, { recursive: true, force: true });
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('leaves the variants out until asked for, and nothing is cached yet', () => {
    const files = new Set(readdirSync(mediaDir(data.dataDir)));
    for (const name of stored) {
      expect(files.has(name)).toBe(true);
      for (const width of VARIANT_WIDTHS) expect(files.has(variantName(name, width))).toBe(false);
    }
    expect(readdirSync(cacheDir)).toEqual([]);
    expect(queue.pending).toBe(3);
  });

  it('answers a variant asked for before the queue started, encoding its picture at once', async () => {
    const app = createApp({ db: data.db, env: data.env, deps: data.deps, variants: queue });
    const [first, second] = stored;
    assert(first && second, 'the pictures were stored');
    const name = variantName(first, 480);
    const res = await app.request(`/media/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.width).toBe(480);
    // The picture's other variants came with it; the other pictures still wait.
    for (const width of VARIANT_WIDTHS)
      expect(existsSync(join(mediaDir(data.dataDir), variantName(first, width)))).toBe(true);
    expect(existsSync(join(mediaDir(data.dataDir), variantName(second, 480)))).toBe(false);
    expect(queue.pending).toBe(2);
    // Without a queue (or for a name nothing waits for) a missing variant stays a 404.
    const plain = createApp({ db: data.db, env: data.env, deps: data.deps });
    expect((await plain.request(`/media/${variantName(second, 480)}`)).status).toBe(404);
  });

  it('encodes the rest once started, then caches every picture whole', async () => {
    const idle = new Promise<number>((resolve) => queue.start(resolve));
    // Counted whole: the picture encoded on request and the two encoded by the queue.
    expect(await idle).toBe(3);
    expect(queue.pending).toBe(0);
    const files = new Set(readdirSync(mediaDir(data.dataDir)));
    for (const name of stored)
      for (const width of VARIANT_WIDTHS) expect(files.has(variantName(name, width))).toBe(true);
    const rows = await data.db
      .selectFrom('media')
      .select('file_name')
      .where('content_type', '=', 'image/avif')
      .execute();
    expect(rows).toHaveLength(stored.length * VARIANT_WIDTHS.length);
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.bin'))).toHaveLength(3);
    // The same input again is a cache hit with every variant.
    const again = await encodePicture(await photo(60), { cacheDir, deferVariants: true });
    expect(again.cached).toBe(true);
    expect(again.variants).toHaveLength(VARIANT_WIDTHS.length);
    expect(logs).toEqual([]);
  });
});
