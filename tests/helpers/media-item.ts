/** A media library item for tests: a stored picture with every field set, `change` on top. */
import type { MediaItem } from '../../src/shared/media-library.ts';

export function mediaItem(id: string, change: Partial<MediaItem> = {}): MediaItem {
  return {
    id,
    kind: 'image',
    address: `/media/${id}.webp`,
    url: `/media/${id}.webp`,
    contentType: 'image/webp',
    bytes: 100,
    width: 10,
    height: 10,
    title: '',
    alt: '',
    caption: '',
    tags: [],
    focalX: 50,
    focalY: 50,
    version: 1,
    kept: true,
    uploadedBy: null,
    createdAt: '2026-12-01T00:00:00.000Z',
    updatedAt: null,
    useCount: 0,
    ...change,
  };
}
