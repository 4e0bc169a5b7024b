/** The audio player's clock and its seek keys: pure rules, so the component only renders. */
import { formatDuration } from '../format/duration.ts';

/** What an arrow key moves the playhead by, in seconds. */
export const SEEK_STEP_SECONDS = 5;
/** What Page Up and Page Down move it by. */
export const SEEK_PAGE_SECONDS = 30;

/** 'm:ss' or 'h:mm:ss'; '--:--' while the length is not known (null, NaN, Infinity or negative). */
export function formatClock(seconds: number | null): string {
  return seconds === null || !Number.isFinite(seconds) || seconds < 0 ? '--:--' : formatDuration(seconds);
}

/**
 * The length to show: the file's own once its metadata has loaded, else the stored one (whole seconds, 0 when the
 * item has none), else null (unknown).
 */
export function trackLength(fromMedia: number | null, stored: number): number | null {
  if (fromMedia !== null && Number.isFinite(fromMedia) && fromMedia > 0) return fromMedia;
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

const STEPS: Readonly<Record<string, number>> = {
  ArrowLeft: -SEEK_STEP_SECONDS,
  ArrowDown: -SEEK_STEP_SECONDS,
  ArrowRight: SEEK_STEP_SECONDS,
  ArrowUp: SEEK_STEP_SECONDS,
  PageDown: -SEEK_PAGE_SECONDS,
  PageUp: SEEK_PAGE_SECONDS,
};

/**
 * Where a key pressed on the seek bar moves the playhead from `current`, kept within 0 and `length`; null for a key the
 * seek bar leaves alone (and End while the length is unknown).
 */
export function seekTarget(key: string, current: number, length: number | null): number | null {
  const end = length ?? Number.POSITIVE_INFINITY;
  if (key === 'Home') return 0;
  if (key === 'End') return length;
  const step = STEPS[key];
  return step === undefined ? null : Math.min(end, Math.max(0, current + step));
}
