/** Pictures for upload tests, made locally with sharp, and whether a stored picture's files are in DATA_DIR/media. */
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { mediaDir } from '../../src/server/media/media-store.ts';

/** A plain PNG of one colour, as a Blob to append to a FormData. */
export async function pngBlob(background: string, width = 80, height = 40): Promise<Blob> {
  const bytes = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

/** Whether any file of the stored picture `url` (/media/<id>.webp and its variants) is still in the media store. */
export async function isStored(dataDir: string, url: string): Promise<boolean> {
  const files = await readdir(mediaDir(dataDir)).catch(() => [] as string[]);
  return files.some((file) => file.startsWith(url.replace(/^\/media\//, '').replace(/\.webp$/, '')));
}
