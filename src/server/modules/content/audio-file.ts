/** Stores a checked audio file under a server-made name in DATA_DIR/media, served by /media like every stored file. */
import type { Db } from '../../db/connection.ts';
import { storeMedia } from '../../media/media-store.ts';
import type { CheckedAudio } from './audio-check.ts';

/** The stored file's /media/ URL; the extension follows the content type checkAudioFile found. */
export async function storeAudioFile(db: Db, dataDir: string, bytes: Uint8Array, audio: CheckedAudio): Promise<string> {
  return (await storeMedia(db, dataDir, bytes, audio.contentType)).url;
}
