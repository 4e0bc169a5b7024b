/** Video embed links the page may frame: the CSP allows only https YouTube embeds (youtube-nocookie.com and youtube.com). */

const EMBED_HOSTS: ReadonlySet<string> = new Set([
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
  'www.youtube.com',
  'youtube.com',
]);
const EMBED_PATH = /^\/embed\/[A-Za-z0-9_-]+\/?$/;

/** The parsed link when it is an https YouTube embed link (no credentials, no port), else null. */
function parseEmbed(link: unknown): URL | null {
  if (typeof link !== 'string') return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  const plain = url.protocol === 'https:' && url.username === '' && url.password === '' && url.port === '';
  return plain && EMBED_HOSTS.has(url.hostname) && EMBED_PATH.test(url.pathname) ? url : null;
}

/** True for an https youtube-nocookie.com/embed/{id} or youtube.com/embed/{id} link. */
export function isEmbedLink(link: unknown): boolean {
  return parseEmbed(link) !== null;
}

/** The iframe src for a clicked poster: the embed link with autoplay=1 (other parameters kept), or null when the link is not allowed. */
export function autoplayEmbedSrc(link: unknown): string | null {
  const url = parseEmbed(link);
  if (!url) return null;
  url.searchParams.set('autoplay', '1');
  url.hash = '';
  return url.toString();
}
