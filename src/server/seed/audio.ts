/**
 * Demo audio: short real WAV files (PCM 16-bit mono, 16 kHz) synthesised in code, one per audio item and exactly as long
 * as the item's listed duration, so the players have something to play and the listing tells the truth.
 */
import type { Db } from '../db/connection.ts';
import { storeMedia } from '../media/media-store.ts';

/** 16 kHz keeps the twelve clips (about three minutes) near 5 MB; the synthesised sounds have nothing above 8 kHz. */
export const SAMPLE_RATE = 16_000;

/** A note: frequency in Hz (0 = rest) and length in beats. */
type Note = readonly [number, number];

interface Track {
  notes: readonly Note[];
  bpm: number;
  /** Harmonic weights over the fundamental: 1 = pure sine, more = brighter. */
  harmonics: readonly number[];
  /** Seconds for the note to fade to ~37 %; long decays sound like bells. */
  decay: number;
  /** Amount of soft noise mixed in (0..1), for the ambient sound effect. */
  noise: number;
}

const C4 = 261.63,
  D4 = 293.66,
  E4 = 329.63,
  F4 = 349.23,
  G4 = 392.0,
  A4 = 440.0,
  B4 = 493.88;
const C5 = 523.25,
  D5 = 587.33,
  E5 = 659.25,
  A3 = 220.0,
  G3 = 196.0,
  E3 = 164.81;

const BASS_BAR: readonly Note[] = [
  [A3, 0.5],
  [A3, 0.5],
  [E4, 0.5],
  [A3, 0.5],
  [C4, 0.5],
  [A3, 0.5],
  [G3, 0.5],
  [A3, 0.5],
  [A3, 0.5],
  [A3, 0.5],
  [E4, 0.5],
  [A3, 0.5],
  [D4, 0.5],
  [C4, 0.5],
  [B4, 0.5],
  [E4, 0.5],
  [A3, 0.5],
  [A3, 0.5],
  [E4, 0.5],
  [A3, 0.5],
  [C4, 0.5],
  [A3, 0.5],
  [G3, 0.5],
  [E3, 0.5],
];

/** Four sounds; each item's clip loops one of them to the item's length. */
const TRACKS: readonly Track[] = [
  // Warm major arpeggio, ~12 s.
  {
    bpm: 120,
    harmonics: [1, 0.35, 0.15],
    decay: 0.6,
    noise: 0,
    notes: [
      [C4, 1],
      [E4, 1],
      [G4, 1],
      [C5, 1],
      [G4, 1],
      [E4, 1],
      [F4, 1],
      [A4, 1],
      [C5, 1],
      [A4, 1],
      [F4, 1],
      [D4, 1],
      [G3, 1],
      [B4, 1],
      [D5, 1],
      [B4, 1],
      [G4, 1],
      [E4, 1],
      [C4, 2],
      [E4, 1],
      [G4, 1],
      [C5, 2],
    ],
  },
  // Pulsing minor bass line, electronic feel, the bar played twice: ~11 s.
  { bpm: 132, harmonics: [1, 0.6, 0.4, 0.25], decay: 0.18, noise: 0, notes: [...BASS_BAR, ...BASS_BAR] },
  // Slow bell chimes, ~14 s.
  {
    bpm: 60,
    harmonics: [1, 0, 0.4, 0, 0.2],
    decay: 1.4,
    noise: 0,
    notes: [
      [E5, 1],
      [C5, 1],
      [D5, 1],
      [G4, 2],
      [0, 1],
      [G4, 1],
      [D5, 1],
      [E5, 1],
      [C5, 2],
      [0, 2],
    ],
  },
  // Ambient drone with soft noise ("rain"), ~8 s.
  {
    bpm: 30,
    harmonics: [1, 0.2],
    decay: 3,
    noise: 0.35,
    notes: [
      [A3, 2],
      [E3, 2],
    ],
  },
];

/** Deterministic noise so the files are identical on every seed. */
function noiseSource(): () => number {
  let state = 0x2545f491;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) / 4294967296) * 2 - 1;
  };
}

/** `seconds` of the track, its notes played over and over, with a short fade at the end. */
function synthesise(track: Track, seconds: number): Int16Array {
  const secondsPerBeat = 60 / track.bpm;
  const total = Math.round(seconds * SAMPLE_RATE);
  const samples = new Float32Array(total);
  const noise = noiseSource();
  const harmonicSum = track.harmonics.reduce((a, b) => a + b, 0);
  let start = 0;
  for (let n = 0; start < total; n++) {
    const [freq, beats] = track.notes[n % track.notes.length] ?? [0, 1];
    const length = Math.round(beats * secondsPerBeat * SAMPLE_RATE);
    for (let i = 0; i < length && start + i < total; i++) {
      const t = i / SAMPLE_RATE;
      // 10 ms attack avoids clicks; exponential decay gives each note a plucked/bell shape.
      const envelope =
        Math.min(1, t / 0.01) * Math.exp(-t / track.decay) * Math.min(1, (length - i) / (0.005 * SAMPLE_RATE));
      let value = 0;
      if (freq > 0) {
        track.harmonics.forEach((weight, h) => {
          value += weight * Math.sin(2 * Math.PI * freq * (h + 1) * t);
        });
        value /= harmonicSum;
      }
      samples[start + i] = value * envelope * 0.6;
    }
    start += length;
  }
  // Low-passed noise bed for the ambient clip.
  if (track.noise > 0) {
    let smooth = 0;
    for (let i = 0; i < total; i++) {
      smooth += 0.08 * (noise() - smooth);
      const swell = 0.5 + 0.5 * Math.sin((2 * Math.PI * i) / (SAMPLE_RATE * 4));
      samples[i] = (samples[i] ?? 0) + smooth * track.noise * 2 * swell;
    }
  }
  const fade = Math.min(total, Math.round(0.4 * SAMPLE_RATE));
  const pcm = new Int16Array(total);
  for (let i = 0; i < total; i++) {
    const tail = Math.min(1, (total - i) / fade);
    pcm[i] = Math.round(Math.max(-1, Math.min(1, (samples[i] ?? 0) * tail)) * 32767);
  }
  return pcm;
}

/** RIFF/WAVE container around 16-bit mono PCM. */
export function encodeWav(pcm: Int16Array, sampleRate = SAMPLE_RATE): Uint8Array {
  const dataBytes = pcm.length * 2;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < pcm.length; i++) view.setInt16(44 + i * 2, pcm[i] ?? 0, true);
  return new Uint8Array(buffer);
}

/** A WAV clip of `seconds` (whole seconds) made of sound `track` (taken modulo the number of sounds). */
export function demoClip(track: number, seconds: number): Uint8Array {
  const sound = TRACKS[((track % TRACKS.length) + TRACKS.length) % TRACKS.length];
  if (!sound) throw new RangeError(`no demo sound for track ${track}`);
  return encodeWav(synthesise(sound, Math.max(1, Math.round(seconds))));
}

/** One twelve-second clip of each sound (the scale benchmark's generated items use these). */
const ONE_OF_EACH = TRACKS.map((_, track) => ({ track, duration: 12 }));

/** Synthesises and stores one clip per item; returns their `/media/...` URLs in the items' order. */
export async function storeDemoAudio(
  db: Db,
  dataDir: string,
  items: readonly { track: number; duration: number }[] = ONE_OF_EACH,
): Promise<string[]> {
  const urls: string[] = [];
  for (const item of items)
    urls.push((await storeMedia(db, dataDir, demoClip(item.track, item.duration), 'audio/wav')).url);
  return urls;
}
