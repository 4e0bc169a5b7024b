import { describe, expect, it } from 'vitest';
import {
  hear,
  NOT_YET_HEARD,
  PLAY_COUNT_SECONDS,
  playCounts,
  type Listening,
} from '../../../src/lib/audio/play-count.ts';

/** The listening after timeupdates at `times` (seconds) while playing. */
function played(times: readonly number[], from: Listening = NOT_YET_HEARD): Listening {
  return times.reduce((state, time) => hear(state, time, true), from);
}

/** Timeupdates every 250 ms from `start` to `end` seconds. */
const ticks = (start: number, end: number) =>
  Array.from({ length: Math.round((end - start) * 4) + 1 }, (_, i) => start + i / 4);

describe('when a play counts', () => {
  it('is after five seconds of playback', () => {
    expect(PLAY_COUNT_SECONDS).toBe(5);
    expect(playCounts(played(ticks(0, 4.75)), false)).toBe(false);
    expect(playCounts(played(ticks(0, 5)), false)).toBe(true);
  });

  it('counts the listening from wherever playback started', () => {
    const state = played(ticks(30, 35));
    expect(state.heard).toBeCloseTo(5);
    expect(playCounts(state, false)).toBe(true);
  });

  it('never counts twice', () => {
    expect(playCounts(played(ticks(0, 20)), true)).toBe(false);
  });

  it('adds nothing for a seek forward: jumping to the end is not listening', () => {
    const state = played([0, 0.25, 0.5, 58, 58.25, 58.5]);
    expect(state.heard).toBeCloseTo(1);
    expect(playCounts(state, false)).toBe(false);
  });

  it('adds nothing for a seek back, and keeps counting after it', () => {
    const state = played([...ticks(0, 3), 1, ...ticks(1.25, 2)]);
    expect(state.heard).toBeCloseTo(3 + 1);
  });

  it('adds up listening across pauses, but not the time paused', () => {
    const first = played(ticks(0, 3));
    const paused = hear(first, 3, false);
    expect(paused).toEqual({ heard: first.heard, at: null });
    // Resumed later at the same spot: the first update after the pause adds nothing by itself.
    const resumed = played(ticks(3, 5), paused);
    expect(resumed.heard).toBeCloseTo(5);
    expect(playCounts(resumed, false)).toBe(true);
  });

  it('a timeupdate while paused (a seek) changes nothing heard', () => {
    const state = played(ticks(0, 2));
    expect(hear(hear(state, 40, false), 41, false).heard).toBe(state.heard);
  });
});
