/** What a video slide plays: an allow-listed YouTube embed or a direct video file (security.md R46). */
import type { Slider } from '../../shared/types.ts';
import { apiAsset } from '../api/base.ts';
import { videoEmbedSrc } from '../../shared/video-embed.ts';

/** A direct .mp4 or .webm file: an https URL or an uploaded /media/ path; anything else is null. */
export function videoFileSrc(link: string): string | null {
  const value = link.trim();
  if (value.startsWith('/media/') && !value.includes('..')) {
    return /\.(mp4|webm)$/i.test(value.split(/[?#]/)[0] ?? '') ? apiAsset(value) : null;
  }
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password && /\.(mp4|webm)$/i.test(url.pathname)
      ? url.href
      : null;
  } catch {
    return null;
  }
}

export type SlideMedia = { kind: 'image' } | { kind: 'embed'; src: string } | { kind: 'file'; src: string };

/** How a slide is shown: video slides with a playable link get their video, everything else its image. */
export function slideMedia(slide: Pick<Slider, 'type' | 'link'>): SlideMedia {
  if (slide.type !== 'video') return { kind: 'image' };
  const embed = videoEmbedSrc(slide.link);
  if (embed) return { kind: 'embed', src: embed };
  const file = videoFileSrc(slide.link);
  return file ? { kind: 'file', src: file } : { kind: 'image' };
}

/**
 * What the page posts to an embedded YouTube player so that it reports its state back (the message the IFrame
 * Player API's own script sends; the player answers with 'onReady', 'initialDelivery' and 'infoDelivery' messages).
 */
export const PLAYER_LISTENING_MESSAGE = JSON.stringify({ event: 'listening', id: 1, channel: 'widget' });

/** The YouTube player state 'playing'. */
const PLAYING = 1;

/**
 * Whether a message from an embedded YouTube player says the video is playing. Until one does, the slide's image
 * stays over the player, so a video that cannot load (offline, blocked, removed) shows its poster, never an error page.
 */
export function isPlayingMessage(data: unknown): boolean {
  if (typeof data !== 'string' || data.length > 100_000) return false;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return false;
  }
  if (!message || typeof message !== 'object') return false;
  const { event, info } = message as { event?: unknown; info?: unknown };
  if (event === 'onStateChange') return info === PLAYING;
  if (event === 'infoDelivery' || event === 'initialDelivery') {
    return !!info && typeof info === 'object' && (info as { playerState?: unknown }).playerState === PLAYING;
  }
  return false;
}

/** Whether a message came from the embedded player itself: its window and the origin of its address. */
export function isFromPlayer(
  event: { origin: string; source: unknown },
  frame: { contentWindow: unknown } | null,
  src: string,
): boolean {
  if (!frame || event.source !== frame.contentWindow) return false;
  try {
    return new URL(src).origin === event.origin;
  } catch {
    return false;
  }
}
