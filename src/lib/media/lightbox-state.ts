/**
 * Which photo the lightbox shows and moving through them: the gallery's part of the lightbox's rules, kept apart from
 * lightbox.ts (the lightbox's own), so the gallery's first load carries only this.
 */

export interface LightboxState {
  /** The photo shown, 0-based; -1 when closed. */
  index: number;
  count: number;
}

export type LightboxAction =
  | { type: 'open'; index: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'close' }
  | { type: 'count'; count: number };

/** An index inside 0..count-1 (0 for a non-number); -1 when there is nothing to show. */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return -1;
  if (!Number.isFinite(index)) return 0;
  return Math.min(count - 1, Math.max(0, Math.trunc(index)));
}

/** One step forward or back, wrapping around at either end. */
export function stepIndex(index: number, count: number, step: 1 | -1): number {
  if (count <= 0) return -1;
  return (((clampIndex(index, count) + step) % count) + count) % count;
}

export const closedLightbox = (count: number): LightboxState => ({ index: -1, count: Math.max(0, count) });

export function lightboxReducer(state: LightboxState, action: LightboxAction): LightboxState {
  switch (action.type) {
    case 'open':
      return { ...state, index: clampIndex(action.index, state.count) };
    case 'close':
      return { ...state, index: -1 };
    case 'next':
    case 'previous':
      return state.index < 0
        ? state
        : { ...state, index: stepIndex(state.index, state.count, action.type === 'next' ? 1 : -1) };
    case 'count': {
      // The list changed under an open lightbox (a refresh): it stays open on a photo that exists.
      const count = Math.max(0, action.count);
      return { count, index: state.index < 0 ? -1 : clampIndex(state.index, count) };
    }
  }
}
