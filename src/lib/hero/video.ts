/** What a video slide plays: an allow-listed YouTube embed or a direct video file (security.md R46). */
import type { Slider } from '../../shared/types.ts';
import { apiAsset } from '../api/base.ts';

const EMBED_HOSTS = new Set(['www.youtube-nocookie.com', 'youtube-nocookie.com', 'www.youtube.com', 'youtube.com']);
const VIDEO_ID = /^[A-Za-z0-9_-]{6,64}$/;

/**
 * The embed address for a muted, looping background video, or null unless the link is an https
 * YouTube embed URL (youtube-nocookie.com/embed/<id> or youtube.com/embed/<id>).
 */
export function videoEmbedSrc(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port || !EMBED_HOSTS.has(url.hostname.toLowerCase())) return null;
  const match = /^\/embed\/([^/]+)\/?$/.exec(url.pathname);
  const id = match?.[1];
  if (!id || !VIDEO_ID.test(id)) return null;
  // Looping a single video needs playlist=<id>; other parameters of the stored link are dropped.
  const query = new URLSearchParams({ autoplay: '1', mute: '1', playsinline: '1', loop: '1', playlist: id, controls: '0' });
  return `https://${url.hostname.toLowerCase()}/embed/${id}?${query.toString()}`;
}

/** A direct .mp4 or .webm file: an https URL or an uploaded /media/ path; anything else is null. */
export function videoFileSrc(link: string): string | null {
  const value = link.trim();
  if (value.startsWith('/media/') && !value.includes('..')) {
    return /\.(mp4|webm)$/i.test(value.split(/[?#]/)[0] ?? '') ? apiAsset(value) : null;
  }
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password && /\.(mp4|webm)$/i.test(url.pathname) ? url.href : null;
  } catch {
    return null;
  }
}

export type SlideMedia =
  | { kind: 'image' }
  | { kind: 'embed'; src: string }
  | { kind: 'file'; src: string };

/** How a slide is shown: video slides with a playable link get their video, everything else its image. */
export function slideMedia(slide: Pick<Slider, 'type' | 'link'>): SlideMedia {
  if (slide.type !== 'video') return { kind: 'image' };
  const embed = videoEmbedSrc(slide.link);
  if (embed) return { kind: 'embed', src: embed };
  const file = videoFileSrc(slide.link);
  return file ? { kind: 'file', src: file } : { kind: 'image' };
}
