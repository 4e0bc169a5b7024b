import { fireEvent, render, screen } from '@testing-library/react';
import { assert, beforeEach, describe, expect, it, vi } from 'vitest';
import VideoCard from '../../../src/components/media/VideoCard.tsx';
import { countActivity } from '../../../src/lib/api/activity.ts';
import type { Video } from '../../../src/shared/types.ts';

const POSTER = '/media/0b7f3c9e-4d1a-4c55-9a0e-2f6b8d1e7a10.webp';

const video = (over: Partial<Video> = {}): Video => ({
  _id: 'v1',
  name: 'Sintel',
  title: 'Sintel',
  description: 'A girl and her dragon.',
  youtube: 'https://www.youtube-nocookie.com/embed/eRsGyueVLvQ',
  poster: POSTER,
  category: 'Entertainment',
  duration: 888,
  quality: '4K',
  tags: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  views: 1,
  likes: 1,
  ...over,
});

const play = () => screen.getByRole('button', { name: 'Play Sintel' });

vi.mock('../../../src/lib/api/activity.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/api/activity.ts')>()),
  countActivity: vi.fn(() => Promise.resolve()),
}));
beforeEach(() => vi.clearAllMocks());

describe('VideoCard', () => {
  it('shows the poster as a sized, lazy, responsive picture inside the play button, and no player yet', () => {
    const { container } = render(<VideoCard video={video()} />);
    const img = play().querySelector('img');
    assert(img, 'the poster');
    expect(img.getAttribute('src')).toBe(POSTER);
    expect(img.getAttribute('alt')).toBe('');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1280', '720']);
    expect(img.getAttribute('loading')).toBe('lazy');
    const source = play().querySelector('picture > source');
    assert(source, 'the AVIF source');
    expect(source.getAttribute('type')).toBe('image/avif');
    expect(source.getAttribute('srcset')).toContain(POSTER.replace('.webp', '-w480.avif 480w'));
    expect(container.querySelector('iframe')).toBeNull();
    // The name is the heading under the poster, not painted over it.
    expect(play().textContent).not.toContain('Sintel');
  });

  it('takes the loading the list gives it (the first poster is the priority)', () => {
    render(<VideoCard video={video()} loading="priority" />);
    const img = play().querySelector('img');
    assert(img, 'the poster');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('swaps the poster for the autoplaying youtube-nocookie player when clicked, and focuses it', () => {
    const { container } = render(<VideoCard video={video()} />);
    fireEvent.click(play());
    const frame = container.querySelector('iframe');
    assert(frame, 'the player');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/eRsGyueVLvQ?autoplay=1');
    expect(frame.getAttribute('title')).toBe('Sintel');
    expect(document.activeElement).toBe(frame);
    expect(screen.queryByRole('button', { name: 'Play Sintel' })).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('counts a view when played, except in a preview (not the video visitors watch)', () => {
    const { unmount } = render(<VideoCard video={video()} />);
    fireEvent.click(play());
    expect(countActivity).toHaveBeenCalledWith('view', 'video', 'v1');
    unmount();
    vi.mocked(countActivity).mockClear();
    render(<VideoCard video={video()} countsView={false} />);
    fireEvent.click(play());
    expect(countActivity).not.toHaveBeenCalled();
  });

  it('without a poster keeps the gradient face with the name painted in, and still plays on click', () => {
    const { container } = render(<VideoCard video={video({ poster: '' })} />);
    expect(play().querySelector('img')).toBeNull();
    expect(play().textContent).toContain('Sintel');
    fireEvent.click(play());
    expect(container.querySelector('iframe')).not.toBeNull();
  });

  it('shows the placeholder when the poster fails to load', () => {
    render(<VideoCard video={video()} />);
    const poster = play().querySelector('img');
    assert(poster, 'the poster');
    fireEvent.error(poster);
    expect(play().querySelector('img')?.getAttribute('src')).toBe('/placeholder.webp');
  });

  it("reads 'Video unavailable' for a link that is not a YouTube embed, with no play button", () => {
    render(<VideoCard video={video({ youtube: 'https://example.com/embed/x' })} />);
    expect(screen.getByText('Video unavailable')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
