/**
 * storeCheckedPicture with real sharp and a real DATA_DIR: what reaches DATA_DIR/media is a clean re-encoded picture
 * under a server-made name, and a refused file leaves no file and no media row (security.md R38-R43).
 */
import { rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/server/http/errors.ts';
import { mediaDir } from '../../src/server/media/media-store.ts';
import { storeCheckedPicture } from '../../src/server/media/upload-check.ts';
import { prepareTestData, type TestData } from '../helpers/test-app.ts';

const PAYLOAD = '<script>alert(1)</script>';

let data: TestData;
beforeAll(async () => {
  data = await prepareTestData();
  return async () => {
    await data.db.destroy();
    rmSync(data.dataDir, { recursive: true, force: true });
  };
});

const picture = (width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: '#336699' } });

async function mediaFiles(): Promise<string[]> {
  return (await readdir(mediaDir(data.dataDir)).catch(() => [] as string[])).sort();
}
async function mediaRows(): Promise<number> {
  return (await data.db.selectFrom('media').select('id').execute()).length;
}
/** Every stored file for a picture: the WebP itself and its AVIF variants. */
async function storedBytes(fileName: string): Promise<Buffer[]> {
  const stem = fileName.replace(/\.webp$/, '');
  const names = (await mediaFiles()).filter((n) => n.startsWith(stem));
  expect(names.length).toBeGreaterThan(1);
  return Promise.all(names.map((n) => readFile(join(mediaDir(data.dataDir), n))));
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Inserts a JPEG comment segment (FF FE) right after the SOI marker. */
function withJpegComment(jpeg: Buffer, comment: string): Buffer {
  const body = Buffer.from(comment, 'latin1');
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** A PNG whose IHDR claims other dimensions (CRC fixed up), as a decompression bomb's header would. */
function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  // Signature (8), IHDR length (4), 'IHDR' (4), then width and height; the CRC covers type + data (17 bytes).
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

describe('storeCheckedPicture', () => {
  it('stores a PNG with a script appended as a clean re-encoded WebP under a server-made name', async () => {
    const png = await picture().png().toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from(PAYLOAD)]);
    const rowsBefore = await mediaRows();

    const stored = await storeCheckedPicture(
      data.db,
      data.dataDir,
      {
        bytes: polyglot,
        declaredType: 'image/png',
        fileName: '../../evil\0.html/x.png',
      },
      'photo',
    );

    expect(stored.fileName).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect(stored.url).toBe(`/media/${stored.fileName}`);
    expect([stored.width, stored.height]).toEqual([64, 48]);
    const files = await storedBytes(stored.fileName);
    for (const bytes of files) {
      expect(bytes.includes(PAYLOAD)).toBe(false);
      expect(bytes.includes('script')).toBe(false);
    }
    const main = await readFile(join(mediaDir(data.dataDir), stored.fileName));
    expect((await sharp(main).metadata()).format).toBe('webp');
    expect(await mediaRows()).toBe(rowsBefore + files.length);
    // Nothing named after the client's file.
    expect((await mediaFiles()).some((n) => n.includes('evil') || n.includes('html'))).toBe(false);
  });

  it('drops EXIF (GPS position, owner) and a script in a JPEG comment', async () => {
    const jpeg = await picture()
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'secret-owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .toBuffer();
    const input = withJpegComment(jpeg, PAYLOAD);
    // The input really carries them: a GPS IFD pointer (tag 0x8825, little-endian), the owner and the comment.
    const { exif } = await sharp(input).metadata();
    assert(exif, 'the input carries EXIF');
    expect(exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(exif.includes('secret-owner')).toBe(true);
    expect(input.includes(PAYLOAD)).toBe(true);

    const stored = await storeCheckedPicture(
      data.db,
      data.dataDir,
      {
        bytes: input,
        declaredType: 'image/jpeg',
        fileName: 'holiday.jpg',
      },
      'photo',
    );

    for (const bytes of await storedBytes(stored.fileName)) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes('Exif')).toBe(false);
      expect(bytes.includes('secret-owner')).toBe(false);
      expect(bytes.includes(PAYLOAD)).toBe(false);
    }
  });

  it('refuses a truncated PNG with 415 and stores nothing', async () => {
    const png = await picture(200, 150).png({ compressionLevel: 0 }).toBuffer();
    const filesBefore = await mediaFiles();
    const rowsBefore = await mediaRows();

    const error = await refusal(
      storeCheckedPicture(
        data.db,
        data.dataDir,
        {
          bytes: png.subarray(0, png.length / 2),
          declaredType: 'image/png',
          fileName: 'logo.png',
        },
        'photo',
      ),
    );

    expect(error.status).toBe(415);
    expect(error.message).toMatch(/damaged or incomplete/);
    expect(await mediaFiles()).toEqual(filesBefore);
    expect(await mediaRows()).toBe(rowsBefore);
  });

  it('refuses a picture whose header claims more than 40 megapixels with 413 and stores nothing', async () => {
    const bomb = withPngSize(await picture(1, 1).png().toBuffer(), 10_000, 5_000);
    const filesBefore = await mediaFiles();
    const rowsBefore = await mediaRows();

    const error = await refusal(
      storeCheckedPicture(
        data.db,
        data.dataDir,
        { bytes: bomb, declaredType: 'image/png', fileName: 'bomb.png' },
        'photo',
      ),
    );

    expect(error.status).toBe(413);
    expect(await mediaFiles()).toEqual(filesBefore);
    expect(await mediaRows()).toBe(rowsBefore);
  });

  it('refuses an SVG and a type mismatch before touching sharp or the disk', async () => {
    const rowsBefore = await mediaRows();
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${PAYLOAD}</svg>`);
    expect(
      (
        await refusal(
          storeCheckedPicture(
            data.db,
            data.dataDir,
            {
              bytes: svg,
              declaredType: 'image/svg+xml',
              fileName: 'logo.svg',
            },
            'photo',
          ),
        )
      ).status,
    ).toBe(415);
    const gif = await picture().gif().toBuffer();
    expect(
      (
        await refusal(
          storeCheckedPicture(
            data.db,
            data.dataDir,
            { bytes: gif, declaredType: 'image/png', fileName: 'logo.png' },
            'photo',
          ),
        )
      ).status,
    ).toBe(415);
    expect(await mediaRows()).toBe(rowsBefore);
  });

  it('stores each allowed type (GIF and WEBP too) as WebP', async () => {
    for (const [bytes, declaredType] of [
      [await picture().gif().toBuffer(), 'image/gif'],
      [await picture().webp().toBuffer(), 'image/webp'],
    ] as const) {
      const stored = await storeCheckedPicture(data.db, data.dataDir, { bytes, declaredType }, 'photo');
      const main = await readFile(join(mediaDir(data.dataDir), stored.fileName));
      expect((await sharp(main).metadata()).format).toBe('webp');
    }
  });
});
