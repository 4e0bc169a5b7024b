/**
 * Which uploads are audio: decided from the file's content by music-metadata, never from its name or
 * declared type. MP3, M4A/AAC, OGG (Vorbis, Opus), WAV and FLAC pass; anything else is a 415. The duration is the file's own.
 */
import { parseBuffer } from 'music-metadata';
import { AUDIO_NOT_ALLOWED } from '../../../shared/schemas/audio-admin.ts';
import { ApiError } from '../../http/errors.ts';

export const AUDIO_UNREADABLE = 'The audio file could not be read; it may be damaged or empty';

/** A checked audio file: the type it is served as, its stored extension and its length in whole seconds. */
export interface CheckedAudio {
  contentType: 'audio/mpeg' | 'audio/mp4' | 'audio/aac' | 'audio/ogg' | 'audio/wav' | 'audio/flac';
  extension: 'mp3' | 'm4a' | 'aac' | 'ogg' | 'wav' | 'flac';
  duration: number;
}

type Kind = Omit<CheckedAudio, 'duration'>;

/** The container music-metadata names, as what the file is stored and served as. */
function kindOf(container: string, codec: string): Kind | null {
  const c = container.toLowerCase();
  if (c === 'mpeg') return /layer 3/i.test(codec) ? { contentType: 'audio/mpeg', extension: 'mp3' } : null;
  if (c === 'wave') return { contentType: 'audio/wav', extension: 'wav' };
  if (c === 'flac') return { contentType: 'audio/flac', extension: 'flac' };
  if (c === 'ogg') return /opus|vorbis|flac/i.test(codec) ? { contentType: 'audio/ogg', extension: 'ogg' } : null;
  if (c === 'adts' || c === 'aac') return { contentType: 'audio/aac', extension: 'aac' };
  // MPEG-4 files name their brand ('M4A /isom', 'mp42/isom'); only their audio (AAC, ALAC) is taken, never a video.
  if (/^(m4a|m4b|mp4|mp42|isom|iso\d)/.test(c))
    return /aac|alac|mp4a|mpeg-4/i.test(codec) ? { contentType: 'audio/mp4', extension: 'm4a' } : null;
  return null;
}

/** The file's kind and duration, or 415 with the allowed formats (415 also when it claims a format but holds no sound). */
export async function checkAudioFile(bytes: Uint8Array): Promise<CheckedAudio> {
  if (bytes.byteLength === 0) throw new ApiError(415, AUDIO_UNREADABLE);
  let format;
  try {
    // No MIME type or name is passed: the parser must recognise the content itself.
    ({ format } = await parseBuffer(bytes, undefined, { duration: true, skipCovers: true, skipPostHeaders: true }));
  } catch {
    throw new ApiError(415, AUDIO_NOT_ALLOWED);
  }
  const kind = kindOf(format.container ?? '', format.codec ?? '');
  if (!kind || format.hasVideo === true) throw new ApiError(415, AUDIO_NOT_ALLOWED);
  const seconds = format.duration;
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0 || !format.sampleRate)
    throw new ApiError(415, AUDIO_UNREADABLE);
  return { ...kind, duration: Math.max(1, Math.round(seconds)) };
}
