import { describe, expect, it } from 'vitest';
import { clampIndex, closedLightbox, lightboxReducer, stepIndex } from '../../src/lib/media/lightbox-state.ts';
import { counterText, keyStep, largestPicture, swipeStep } from '../../src/lib/media/lightbox.ts';

const ID = '0b7e1f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('the photo lightbox', () => {
  it('steps forward and back, wrapping at both ends', () => {
    expect(stepIndex(0, 3, 1)).toBe(1);
    expect(stepIndex(2, 3, 1)).toBe(0);
    expect(stepIndex(0, 3, -1)).toBe(2);
    expect(stepIndex(0, 1, 1)).toBe(0);
    expect(stepIndex(0, 0, 1)).toBe(-1);
  });

  it('clamps an index into the list', () => {
    expect(clampIndex(-4, 5)).toBe(0);
    expect(clampIndex(9, 5)).toBe(4);
    expect(clampIndex(2.7, 5)).toBe(2);
    expect(clampIndex(Number.NaN, 5)).toBe(0);
    expect(clampIndex(0, 0)).toBe(-1);
  });

  it('opens, moves, follows a shrinking list and closes', () => {
    let state = closedLightbox(4);
    expect(lightboxReducer(state, { type: 'next' })).toBe(state);
    state = lightboxReducer(state, { type: 'open', index: 3 });
    expect(state).toEqual({ index: 3, count: 4 });
    state = lightboxReducer(state, { type: 'next' });
    expect(state.index).toBe(0);
    state = lightboxReducer(state, { type: 'previous' });
    expect(state.index).toBe(3);
    state = lightboxReducer(state, { type: 'count', count: 2 });
    expect(state).toEqual({ index: 1, count: 2 });
    expect(lightboxReducer(state, { type: 'close' }).index).toBe(-1);
    expect(lightboxReducer(closedLightbox(2), { type: 'count', count: 5 })).toEqual({ index: -1, count: 5 });
    expect(lightboxReducer(closedLightbox(3), { type: 'open', index: 10 }).index).toBe(2);
  });

  it('counts for people', () => {
    expect(counterText(2, 24)).toBe('3 of 24');
  });

  it('reads horizontal swipes and arrow keys as moves', () => {
    expect(swipeStep(-80, 10)).toBe(1);
    expect(swipeStep(80, -10)).toBe(-1);
    expect(swipeStep(-20, 0)).toBe(0);
    expect(swipeStep(-60, 90)).toBe(0);
    expect(keyStep('ArrowRight')).toBe(1);
    expect(keyStep('ArrowLeft')).toBe(-1);
    expect(keyStep('Enter')).toBeNull();
  });

  it('shows a stored picture’s widest AVIF variant with the WebP picture as fallback, other images as they are', () => {
    expect(largestPicture(`/media/${ID}.webp`)).toEqual({
      avif: `/media/${ID}-w1920.avif`,
      fallback: `/media/${ID}.webp`,
    });
    expect(largestPicture(`https://cdn.example/media/${ID}.webp`).avif).toBe(
      `https://cdn.example/media/${ID}-w1920.avif`,
    );
    expect(largestPicture('/placeholder.webp')).toEqual({ fallback: '/placeholder.webp' });
  });
});
