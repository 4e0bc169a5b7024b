/**
 * A photo's preview (/preview): its card as the Photos page shows it, opening the lightbox at its largest, and nothing
 * counted: no view, like or download, since what is previewed is not the photo visitors see.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import PhotoPreview from '../../../src/components/media/PhotoPreview.tsx';
import { countActivity } from '../../../src/lib/api/activity.ts';
import { setLiked } from '../../../src/lib/api/likes.ts';
import type { Photo } from '../../../src/shared/types.ts';
import { stubModalDialogs } from './helpers/browser.ts';

vi.mock('../../../src/lib/api/activity.ts', () => ({ countActivity: vi.fn(() => Promise.resolve()) }));
vi.mock('../../../src/lib/api/likes.ts', () => ({ setLiked: vi.fn() }));

beforeAll(stubModalDialogs);
beforeEach(() => vi.clearAllMocks());

const PHOTO: Photo = {
  _id: 'ph1',
  title: 'Harbour at first light',
  caption: 'Boats leaving at first light',
  image: '/media/9c1d2e3f-4a5b-4c6d-8e7f-001122334455.webp',
  tags: ['sea', 'boats'],
  category: 'Nature',
  resolution: 'HD 720p',
  createdAt: '2026-11-20T10:00:00.000Z',
  views: 3,
  likes: 2,
  downloads: 0,
  published: true,
};

describe('PhotoPreview', () => {
  it('shows the photo’s card under the Photos heading, its likes shown but not to press', () => {
    render(<PhotoPreview photo={PHOTO} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Photos' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Harbour at first light' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Tags' }).textContent).toBe('#sea#boats');
    expect(screen.getByText('2 likes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Like / })).toBeNull();
  });

  it('opens the lightbox from the card, counting no view or download, and gives focus back on closing', async () => {
    render(<PhotoPreview photo={PHOTO} />);
    const card = screen.getByRole('link', { name: 'View Harbour at first light full size' });
    await act(() => Promise.resolve(fireEvent.click(card)));
    const dialog = await screen.findByRole('dialog', { name: 'Harbour at first light' });
    expect(dialog.textContent).toContain('Boats leaving at first light');
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Like / })).toBeNull();
    const download = screen.getByRole('link', { name: 'Download' });
    // The click's own handler runs; jsdom is spared the navigation it cannot make.
    download.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(download);
    expect(countActivity).not.toHaveBeenCalled();
    expect(setLiked).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    // A browser's dialog says it closed (jsdom's stub only sets `open`).
    await act(() => Promise.resolve(fireEvent(dialog, new Event('close'))));
    expect(dialog.isConnected).toBe(false);
    expect(document.activeElement).toBe(card);
  });
});
