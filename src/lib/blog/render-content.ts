/** Blog content (stored HTML or Markdown) to safe HTML: one allow-list for the build and the browser (security.md R49). */
import type { Config, DOMPurify } from 'dompurify';
import { marked } from 'marked';

// Site paths, but not '//host' or '/\host', which browsers read as another host.
const ALLOWED_URI = /^(?:https?:|\/(?![/\\])|#)/i;
const SITE_PATH = /^\/(?![/\\])/;
const SRCSET_DESCRIPTOR = /^\d{1,5}(?:\.\d{1,3})?[wx]$/;

/** True when every candidate of a srcset is a site path (never data:) with at most one width or density descriptor. */
export function isSiteSrcset(srcset: string): boolean {
  return srcset.split(',').every((candidate) => {
    const [url = '', ...descriptors] = candidate.trim().split(/\s+/);
    return (
      SITE_PATH.test(url) &&
      ALLOWED_URI.test(url) &&
      !/^data:/i.test(url) &&
      descriptors.length <= 1 &&
      descriptors.every((descriptor) => SRCSET_DESCRIPTOR.test(descriptor))
    );
  });
}

const oneOf =
  (...values: string[]) =>
  (value: string) =>
    values.includes(value);

const PIXELS = /^\d{1,5}$/;

/**
 * The attributes of pictures and audio from the media library, each kept only on its tags and with a value it allows.
 * All but srcset are no URL: they are URI-safe for DOMPurify (which would test them as URLs), the hook checks them.
 */
const GUARDED: Record<string, { tags: readonly string[]; allows: (value: string) => boolean }> = {
  srcset: { tags: ['img', 'source'], allows: isSiteSrcset },
  sizes: { tags: ['img', 'source'], allows: (value) => /^[\w\s().,:%+*/-]{1,300}$/.test(value) },
  type: { tags: ['source'], allows: oneOf('image/avif', 'image/webp') },
  width: { tags: ['img', 'source'], allows: (value) => PIXELS.test(value) },
  height: { tags: ['img', 'source'], allows: (value) => PIXELS.test(value) },
  loading: { tags: ['img'], allows: oneOf('lazy', 'eager') },
  decoding: { tags: ['img'], allows: oneOf('async', 'sync', 'auto') },
  controls: { tags: ['audio'], allows: oneOf('', 'controls') },
  preload: { tags: ['audio'], allows: oneOf('none', 'metadata') },
};

const CONFIG: Config = {
  ALLOWED_TAGS: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    'b',
    'i',
    'blockquote',
    'code',
    'pre',
    'img',
    'br',
    'hr',
    'figure',
    'figcaption',
    'picture',
    'source',
    'audio',
  ],
  ALLOWED_ATTR: ['href', 'src', 'alt', 'title', ...Object.keys(GUARDED)],
  ADD_URI_SAFE_ATTR: Object.keys(GUARDED).filter((name) => name !== 'srcset'),
  ALLOWED_URI_REGEXP: ALLOWED_URI,
};

/**
 * DOMPurify lets `data:` into <img src> whatever ALLOWED_URI_REGEXP says: this hook holds src to the same pattern, and
 * each GUARDED attribute to its tags and values.
 */
const guarded = new WeakSet<DOMPurify>();
function guardSources(purify: DOMPurify): void {
  if (guarded.has(purify)) return;
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const value = data.attrValue.trim();
    if (data.attrName === 'src' && !ALLOWED_URI.test(value)) data.keepAttr = false;
    const guard = GUARDED[data.attrName];
    if (guard && !(guard.tags.includes(node.nodeName.toLowerCase()) && guard.allows(value))) data.keepAttr = false;
  });
  guarded.add(purify);
}

/** HTML when the text has tags, otherwise Markdown. */
export function contentToHtml(content: string): string {
  return /<\/?[a-z][\s\S]*>/i.test(content) ? content : marked.parse(content, { async: false });
}

export function sanitizeBlogHtml(purify: DOMPurify, content: string): string {
  guardSources(purify);
  return purify.sanitize(contentToHtml(content), CONFIG);
}
