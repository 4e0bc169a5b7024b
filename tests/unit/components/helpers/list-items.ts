/** Items for the list islands' tests: item i is named 'Item 0i' and made i minutes after a fixed time. */
import type { AudioListItem } from '../../../../src/lib/lists/list-data.ts';
import type { Photo, Video } from '../../../../src/shared/types.ts';

export const minute = (i: number) => new Date(Date.UTC(2026, 5, 1) + i * 60_000).toISOString();
export const label = (i: number) => `Item ${String(i).padStart(2, '0')}`;

export function photo(i: number, category: string): Photo {
  return {
    _id: `p${i}`,
    title: label(i),
    caption: '',
    image: `/media/p${i}.webp`,
    tags: [],
    category,
    resolution: '4K',
    createdAt: minute(i),
    views: 0,
    likes: 0,
    downloads: 0,
    published: true,
  };
}

export function video(i: number, category: string): Video {
  return {
    _id: `v${i}`,
    name: label(i),
    title: label(i),
    description: '',
    youtube: 'https://www.youtube-nocookie.com/embed/eRsGyueVLvQ',
    poster: '',
    category,
    duration: 120,
    quality: '4K',
    tags: [],
    createdAt: minute(i),
    views: 0,
    likes: 0,
  };
}

export function audio(i: number, type: string, category = 'Jazz'): AudioListItem {
  return {
    _id: `a${i}`,
    name: label(i),
    title: label(i),
    description: '',
    artist: '',
    audio_file: `/media/a${i}.mp3`,
    cover: '',
    type,
    category,
    duration: 200,
    quality: 'High 320',
    tags: [],
    createdAt: minute(i),
    plays: 0,
    downloads: 0,
    rating: 4,
    reviewCount: 2,
  };
}
