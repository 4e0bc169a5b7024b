/**
 * When a play counts: after PLAY_COUNT_SECONDS of actual listening, once per track and page load. Listening is the
 * playback time between timeupdate events; a seek or a pause adds nothing.
 */

/** Seconds of playback before a play is counted. */
export const PLAY_COUNT_SECONDS = 5;

/** timeupdate fires every 250 ms or so while playing; a bigger step forward is a seek, not listening. */
const MAX_STEP_SECONDS = 1.5;

export interface Listening {
  /** Seconds heard so far. */
  heard: number;
  /** The playhead at the last timeupdate while playing; null after a pause or a seek. */
  at: number | null;
}

export const NOT_YET_HEARD: Listening = { heard: 0, at: null };

/** The listening after a timeupdate at `time`; `playing` false (paused, seeking) forgets where the playhead was. */
export function hear(state: Listening, time: number, playing: boolean): Listening {
  if (!playing) return state.at === null ? state : { heard: state.heard, at: null };
  const step = state.at === null ? 0 : time - state.at;
  return { heard: step > 0 && step <= MAX_STEP_SECONDS ? state.heard + step : state.heard, at: time };
}

/** Whether this listening counts as a play now: enough heard, and not counted already. */
export function playCounts(state: Listening, counted: boolean): boolean {
  return !counted && state.heard >= PLAY_COUNT_SECONDS;
}
