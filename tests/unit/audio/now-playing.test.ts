import { afterEach, describe, expect, it } from 'vitest';
import {
  $audioVolume,
  $nowPlaying,
  setVolume,
  startPlaying,
  stopPlaying,
  toggleMute,
} from '../../../src/lib/stores/now-playing.ts';

afterEach(() => {
  $nowPlaying.set(null);
  $audioVolume.set({ level: 1, muted: false });
});

describe('$nowPlaying', () => {
  it('holds the track started last', () => {
    startPlaying('a');
    startPlaying('b');
    expect($nowPlaying.get()).toBe('b');
  });

  it('forgets a track that stops, but not one started since', () => {
    startPlaying('a');
    startPlaying('b');
    // a's pause comes after b started: b is still the one playing.
    stopPlaying('a');
    expect($nowPlaying.get()).toBe('b');
    stopPlaying('b');
    expect($nowPlaying.get()).toBeNull();
  });
});

describe('$audioVolume', () => {
  it('keeps the level within 0 and 1', () => {
    setVolume(0.4);
    expect($audioVolume.get()).toEqual({ level: 0.4, muted: false });
    setVolume(3);
    expect($audioVolume.get().level).toBe(1);
    setVolume(-1);
    expect($audioVolume.get()).toEqual({ level: 0, muted: true });
  });

  it('mutes and unmutes at the same level', () => {
    setVolume(0.3);
    toggleMute();
    expect($audioVolume.get()).toEqual({ level: 0.3, muted: true });
    toggleMute();
    expect($audioVolume.get()).toEqual({ level: 0.3, muted: false });
  });

  it('is muted at level 0, unmutes at full volume, and a level above 0 unmutes', () => {
    setVolume(0);
    expect($audioVolume.get()).toEqual({ level: 0, muted: true });
    toggleMute();
    expect($audioVolume.get()).toEqual({ level: 1, muted: false });
    toggleMute();
    setVolume(0.5);
    expect($audioVolume.get()).toEqual({ level: 0.5, muted: false });
  });
});
