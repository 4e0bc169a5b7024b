/** The seed's picture sources: missing or broken pictures fall back, thumbnails lose their letterbox, keys dedupe. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeAll, illustrationSource, posterSource, seedCacheDir } from '../../src/server/seed/seed-pictures.ts';

const meta = (data: Uint8Array) => sharp(data).metadata();

describe('encodeAll', () => {
  it('falls back to a plain neutral picture of the right size when an illustration is missing', async () => {
    const source = illustrationSource('products', 'A Product Nobody Drew');
    expect(source.key).toBe('products:a-product-nobody-drew');
    const encoded = await encodeAll([source, illustrationSource('products', 'Another Undrawn One')]);
    expect(encoded.get(source.key)?.key).toBe('neutral:products');
    expect(encoded.get('products:another-undrawn-one')?.encoded).toBe(encoded.get(source.key)?.encoded);
    const picture = encoded.get(source.key)?.encoded.picture;
    expect(picture && (await meta(picture.data))).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect(encoded.get(source.key)?.encoded.variants).toHaveLength(5);
  });

  it('uses a fetched thumbnail, cropped to its 16:9 frame, and the local poster when the thumbnail is no picture', async () => {
    // YouTube's hqdefault: 480x360, the frame between black bars.
    const thumbnail = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#000' } })
      .composite([
        {
          input: await sharp({ create: { width: 480, height: 270, channels: 3, background: '#c33' } })
            .png()
            .toBuffer(),
          top: 45,
          left: 0,
        },
      ])
      .jpeg()
      .toBuffer();
    const good = posterSource('Sintel', 'eRsGyueVLvQ', thumbnail);
    const broken = posterSource('No Such Film', 'xxxxxxxxxxx', new Uint8Array([1, 2, 3]));
    const encoded = await encodeAll([good, broken]);
    expect(encoded.get(good.key)?.key).toBe('youtube:eRsGyueVLvQ');
    const frame = encoded.get(good.key)?.encoded.picture;
    expect(frame && (await meta(frame.data))).toMatchObject({ width: 480, height: 270 });
    // No black bar left at the top edge.
    const { data } = await sharp(frame?.data)
      .extract({ left: 0, top: 0, width: 480, height: 2 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.max(...data)).toBeGreaterThan(150);
    // The broken thumbnail falls back to the film's poster, here missing too, so to the neutral one.
    expect(encoded.get(broken.key)?.key).toBe('neutral:posters');
    const local = encoded.get(broken.key)?.encoded.picture;
    expect(local && (await meta(local.data))).toMatchObject({ width: 1280, height: 720 });
  });

  it('encodes a picture named twice once, and reports progress up to the total', async () => {
    const calls: string[] = [];
    const source = illustrationSource('team', 'Nobody Here');
    await encodeAll([source, source, illustrationSource('team', 'Nobody Here')], {
      progress: (done, total) => calls.push(`${done}/${total}`),
    });
    expect(calls).toEqual(['1/1']);
  });
});

describe('seedCacheDir', () => {
  it('is SEED_CACHE_DIR when set, none for off, and node_modules/.cache otherwise', () => {
    expect(seedCacheDir({ SEED_CACHE_DIR: '/tmp/pictures' })).toBe('/tmp/pictures');
    expect(seedCacheDir({ SEED_CACHE_DIR: 'off' })).toBeUndefined();
    expect(seedCacheDir({})).toMatch(/\/node_modules\/\.cache\/company-site\/pictures\/$/);
    expect(seedCacheDir({ SEED_CACHE_DIR: '  ' })).toBe(seedCacheDir({}));
  });
});
