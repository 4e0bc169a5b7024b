/**
 * The site's audio, one track at a time: the id of the track now playing (a player that sees another id pauses), and
 * the volume every player shares, so a track started next plays as loud as the last one.
 */
import { atom } from 'nanostores';

/** The id of the track playing now; null when none is. */
export const $nowPlaying = atom<string | null>(null);

export interface AudioVolume {
  /** 0 to 1. */
  level: number;
  muted: boolean;
}

export const $audioVolume = atom<AudioVolume>({ level: 1, muted: false });

/** Track `id` starts: every other player pauses. */
export function startPlaying(id: string): void {
  $nowPlaying.set(id);
}

/** Track `id` paused, ended or failed: nothing plays unless another has started since. */
export function stopPlaying(id: string): void {
  if ($nowPlaying.get() === id) $nowPlaying.set(null);
}

/** A new level (clamped to 0..1); moving it above 0 unmutes. */
export function setVolume(level: number): void {
  const clamped = Math.min(1, Math.max(0, level));
  $audioVolume.set({ level: clamped, muted: clamped === 0 });
}

export function toggleMute(): void {
  const { level, muted } = $audioVolume.get();
  // Unmuting at level 0 would still be silent: it comes back at full volume.
  $audioVolume.set(muted ? { level: level === 0 ? 1 : level, muted: false } : { level, muted: true });
}
