/**
 * An audio item's page body (AudioArticle) as the item's page and its draft's preview show it: the page marks its
 * counts and download for its scripts; the preview plays the file but moves no count, marking nothing and counting no
 * play however long it is heard.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, assert, beforeEach, describe, expect, it, vi } from 'vitest';
import AudioArticle from '../../../src/components/audio/AudioArticle.tsx';
import AudioPreview from '../../../src/components/audio/AudioPreview.tsx';
import { countActivity } from '../../../src/lib/api/activity.ts';
import type { Audio } from '../../../src/shared/types.ts';

vi.mock('../../../src/lib/api/activity.ts', () => ({ countActivity: vi.fn(() => Promise.resolve()) }));

const AUDIO: Audio = {
  _id: 'a1',
  name: 'Tide tables, spring',
  title: 'Episode 12',
  description: 'With the equinox.\nAnd the moon.',
  artist: 'The Quay',
  audio_file: '/media/tide.wav',
  cover: '/media/spring-cover.webp',
  type: 'Podcast',
  category: 'Harbour',
  duration: 125,
  quality: 'High',
  tags: ['sea'],
  createdAt: '2026-11-01T10:00:00.000Z',
  plays: 1200,
  downloads: 3,
  rating: 0,
  reviews: [],
};

/** The download link's name (jsdom joins its hidden words to 'Download' without the space a browser keeps). */
const DOWNLOAD = /^Download\s?Tide tables, spring$/;

beforeEach(() => {
  // jsdom plays nothing: play() fires the event a browser fires, and the element reads as playing after it.
  const playing = new WeakSet<HTMLMediaElement>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return !playing.has(this);
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing.add(this);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(countActivity).mockClear();
});

describe('AudioArticle', () => {
  it('shows the item as its page does, marking its counts and download for the page’s scripts', () => {
    const { container } = render(<AudioArticle audio={AUDIO} player={<p>The player</p>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tide tables, spring' })).toBeTruthy();
    expect(screen.getByText('Episode 12')).toBeTruthy();
    expect(screen.getByText('Podcast / Harbour')).toBeTruthy();
    expect(screen.getByText('The player')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Audio Library' }).getAttribute('href')).toBe('/audio');
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(/spring-cover/);
    expect([...container.querySelectorAll('[data-live-count]')].map((e) => e.getAttribute('data-live-count'))).toEqual([
      'audio a1 plays',
      'audio a1 downloads',
    ]);
    const download = screen.getByRole('link', { name: DOWNLOAD });
    expect(download.getAttribute('data-audio-download')).toBe('a1');
    expect(container.querySelector('.whitespace-pre-line')?.textContent).toBe('With the equinox.\nAnd the moon.');
  });
});

describe('AudioPreview', () => {
  it('plays the item’s file with the site’s player, counting no play and marking nothing to count', () => {
    const { container } = render(<AudioPreview audio={AUDIO} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tide tables, spring' })).toBeTruthy();
    expect(container.querySelectorAll('[data-live-count], [data-audio-download]')).toHaveLength(0);
    expect(screen.getByRole('link', { name: DOWNLOAD }).getAttribute('href')).toMatch(/\/media\/tide\.wav$/);
    const audio = container.querySelector('audio');
    assert(audio, 'the player');
    fireEvent.click(screen.getByRole('button', { name: 'Play Tide tables, spring' }));
    for (let t = 0; t <= 30; t += 0.25) {
      audio.currentTime = t;
      fireEvent.timeUpdate(audio);
    }
    expect(countActivity).not.toHaveBeenCalled();
  });
});
