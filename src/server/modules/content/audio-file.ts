/**
 * Stores a checked audio file under a server-made name in DATA_DIR/media, served by /media like every stored file.
 * Why not storeMedia: media-store.ts knows only the MP3 and WAV extensions; this writes the same way (atomic file,
 * then its media row) for every audio format checkAudioFile takes.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/connection.ts';
import { writeFileAtomically } from '../../durable-file.ts';
import { MEDIA_URL_PREFIX, mediaDir } from '../../media/media-store.ts';
import type { CheckedAudio } from './audio-check.ts';

/** The stored file's /media/ URL. */
export async function storeAudioFile(db: Db, dataDir: string, bytes: Uint8Array, audio: CheckedAudio): Promise<string> {
  const dir = mediaDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const fileName = `${randomUUID()}.${audio.extension}`;
  const path = join(dir, fileName);
  await writeFileAtomically(path, bytes, 0o644);
  try {
    await db.insertInto('media').values({ id: randomUUID(), file_name: fileName, content_type: audio.contentType, bytes: bytes.byteLength, width: null, height: null }).execute();
  } catch (error) {
    await unlink(path).catch(() => undefined);
    throw error;
  }
  return `${MEDIA_URL_PREFIX}${fileName}`;
}
