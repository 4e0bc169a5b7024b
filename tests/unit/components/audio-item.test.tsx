import { render, screen } from '@testing-library/react';
import { assert, describe, expect, it } from 'vitest';
import AudioItem from '../../../src/components/media/AudioItem.tsx';
import type { AudioListItem } from '../../../src/lib/lists/list-data.ts';

const COVER = '/media/5c1e2a3b-7d4f-4e8a-9b6c-0d1e2f3a4b5c.webp';

const audio = (over: Partial<AudioListItem> = {}): AudioListItem => ({
  _id: 'a1',
  name: 'Blue Pearl',
  title: 'Blue Pearl',
  description: 'A late-night jazz trio piece.',
  artist: 'Ana Ortega Trio',
  audio_file: '/media/track.mp3',
  cover: COVER,
  type: 'Music',
  category: 'Jazz',
  duration: 245,
  quality: 'High 320',
  tags: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  plays: 1,
  downloads: 1,
  rating: 4,
  reviewCount: 0,
  ...over,
});

describe('AudioItem', () => {
  it('shows the cover art beside the name: sized, lazy, responsive, and silent for screen readers', () => {
    const { container } = render(<AudioItem audio={audio()} />);
    const img = container.querySelector('article img');
    assert(img, 'the cover art');
    expect(img.getAttribute('src')).toBe(COVER);
    expect(img.getAttribute('alt')).toBe('');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '800']);
    expect(img.getAttribute('loading')).toBe('lazy');
    const source = container.querySelector('picture > source');
    assert(source, 'the AVIF source');
    expect(source.getAttribute('srcset')).toContain(COVER.replace('.webp', '-w480.avif 480w'));
    expect(source.getAttribute('sizes')).toBe('(min-width: 640px) 96px, 64px');
    // Decorative: the name next to it is what a screen reader hears.
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Blue Pearl');
    // The name opens the item's own page, with its reviews.
    expect(screen.getByRole('link', { name: 'Blue Pearl' }).getAttribute('href')).toBe('/audio/a1');
    expect(container.querySelector('audio')?.getAttribute('preload')).toBe('none');
    // The site's player, not the browser's: the length it shows is the stored one until the file's is known.
    expect(container.querySelector('audio')?.hasAttribute('controls')).toBe(false);
    expect(screen.getByRole('button', { name: 'Play Blue Pearl' })).toBeTruthy();
    expect(container.querySelector('article')?.textContent).toContain('0:00 / 4:05');
  });

  it('shows no image at all when the item has no cover', () => {
    const { container } = render(<AudioItem audio={audio({ cover: '' })} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Blue Pearl');
  });
});
