/** The one YouTube link a video slide may embed (security.md R46): checked by the slider schema, played by the hero. */

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
  if (
    url.protocol !== 'https:' ||
    url.username ||
    url.password ||
    url.port ||
    !EMBED_HOSTS.has(url.hostname.toLowerCase())
  )
    return null;
  const match = /^\/embed\/([^/]+)\/?$/.exec(url.pathname);
  const id = match?.[1];
  if (!id || !VIDEO_ID.test(id)) return null;
  // Looping a single video needs playlist=<id>; enablejsapi lets the player say when it plays (isPlayingMessage);
  // other parameters of the stored link are dropped.
  const query = new URLSearchParams({
    autoplay: '1',
    mute: '1',
    playsinline: '1',
    loop: '1',
    playlist: id,
    controls: '0',
    enablejsapi: '1',
  });
  return `https://${url.hostname.toLowerCase()}/embed/${id}?${query.toString()}`;
}
