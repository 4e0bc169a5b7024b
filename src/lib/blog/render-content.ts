/** Blog content (stored HTML or Markdown) to safe HTML: one allow-list for the build and the browser (security.md R49). */
import type { Config, DOMPurify } from 'dompurify';
import { marked } from 'marked';

const CONFIG: Config = {
  ALLOWED_TAGS: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'b', 'i', 'blockquote', 'code', 'pre', 'img', 'br', 'hr', 'figure', 'figcaption'],
  ALLOWED_ATTR: ['href', 'src', 'alt', 'title', 'width', 'height'],
  ALLOWED_URI_REGEXP: /^(?:https?:|\/(?!\/)|#)/i,
};

/** HTML when the text has tags, otherwise Markdown. */
export function contentToHtml(content: string): string {
  return /<\/?[a-z][\s\S]*>/i.test(content) ? content : (marked.parse(content, { async: false }) as string);
}

export function sanitizeBlogHtml(purify: DOMPurify, content: string): string {
  return purify.sanitize(contentToHtml(content), CONFIG);
}
