/** Blog content (stored HTML or Markdown) to safe HTML: one allow-list for the build and the browser (security.md R49). */
import type { Config, DOMPurify } from 'dompurify';
import { marked } from 'marked';

// Site paths, but not '//host' or '/\host', which browsers read as another host.
const ALLOWED_URI = /^(?:https?:|\/(?![/\\])|#)/i;

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
  ],
  ALLOWED_ATTR: ['href', 'src', 'alt', 'title', 'width', 'height'],
  ALLOWED_URI_REGEXP: ALLOWED_URI,
};

/** DOMPurify lets `data:` into <img src> whatever ALLOWED_URI_REGEXP says: this hook holds src to the same pattern. */
const guarded = new WeakSet<DOMPurify>();
function guardSources(purify: DOMPurify): void {
  if (guarded.has(purify)) return;
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'src' && !ALLOWED_URI.test(data.attrValue.trim())) data.keepAttr = false;
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
