import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeWav } from '../../src/server/seed/audio.ts';
import { AUDIO_UNREADABLE, checkAudioFile } from '../../src/server/modules/content/audio-check.ts';
import { AUDIO_NOT_ALLOWED } from '../../src/shared/schemas/audio-admin.ts';

/** `seconds` of a 440 Hz tone as a real WAV file. */
function wav(seconds: number, rate = 8000): Uint8Array {
  const pcm = new Int16Array(Math.round(seconds * rate));
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000);
  return encodeWav(pcm, rate);
}

const refusal = (status: number, message: string): unknown => expect.objectContaining({ status, message });

describe('checkAudioFile', () => {
  it('takes a WAV file and reads its duration in whole seconds', async () => {
    expect(await checkAudioFile(wav(2.4))).toEqual({ contentType: 'audio/wav', extension: 'wav', duration: 2 });
    expect(await checkAudioFile(wav(2.6))).toMatchObject({ duration: 3 });
    // Under half a second still counts as a second: a clip is never 0 s long.
    expect(await checkAudioFile(wav(0.3))).toMatchObject({ duration: 1 });
  });

  it('refuses what is not audio, whatever it claims, with 415', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    await expect(checkAudioFile(png)).rejects.toEqual(refusal(415, AUDIO_NOT_ALLOWED));
    await expect(checkAudioFile(new TextEncoder().encode('not audio at all '.repeat(50)))).rejects.toEqual(
      refusal(415, AUDIO_NOT_ALLOWED),
    );
    await expect(checkAudioFile(new Uint8Array(4096))).rejects.toEqual(refusal(415, AUDIO_NOT_ALLOWED));
    await expect(checkAudioFile(new Uint8Array())).rejects.toEqual(refusal(415, AUDIO_UNREADABLE));
  });

  it('refuses a WAV header with no sound in it', async () => {
    await expect(checkAudioFile(wav(0))).rejects.toMatchObject({ status: 415 });
    await expect(checkAudioFile(wav(1).slice(0, 30))).rejects.toMatchObject({ status: 415 });
  });
});
