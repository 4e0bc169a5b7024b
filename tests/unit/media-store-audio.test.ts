import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaDir } from '../../src/server/media/media-store.ts';
import type { CheckedAudio } from '../../src/server/modules/content/audio-check.ts';
import { storeAudioFile } from '../../src/server/modules/content/audio-file.ts';
import { prepareTestData } from '../helpers/test-app.ts';

// Every format checkAudioFile takes, with the extension it names: storeAudioFile stores them all through storeMedia.
const FORMATS: readonly CheckedAudio[] = [
  { contentType: 'audio/mpeg', extension: 'mp3' },
  { contentType: 'audio/wav', extension: 'wav' },
  { contentType: 'audio/mp4', extension: 'm4a' },
  { contentType: 'audio/aac', extension: 'aac' },
  { contentType: 'audio/ogg', extension: 'ogg' },
  { contentType: 'audio/flac', extension: 'flac' },
] as CheckedAudio[];

describe('storeAudioFile', async () => {
  const data = await prepareTestData();
  afterAll(async () => {
    await data.db.destroy();
    await rm(data.dataDir, { recursive: true, force: true });
  });

  it.each(FORMATS)('stores $contentType as a .$extension file with its media row', async (audio) => {
    const bytes = new TextEncoder().encode(`sound of ${audio.contentType}`);
    const url = await storeAudioFile(data.db, data.dataDir, bytes, audio);
    expect(url).toMatch(new RegExp(`^/media/[0-9a-f-]{36}\\.${audio.extension}$`));
    const fileName = url.slice('/media/'.length);
    expect(await readFile(join(mediaDir(data.dataDir), fileName), 'utf8')).toBe(`sound of ${audio.contentType}`);
    const row = await data.db
      .selectFrom('media')
      .selectAll()
      .where('file_name', '=', fileName)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ content_type: audio.contentType, bytes: bytes.byteLength, width: null, height: null });
  });
});
