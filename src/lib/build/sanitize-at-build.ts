/** DOMPurify needs a DOM; at build time jsdom gives it one. Never imported by browser code. */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { sanitizeBlogHtml } from '../blog/render-content.ts';

const purify = createDOMPurify(new JSDOM('').window);

export function sanitizeAtBuild(content: string): string {
  return sanitizeBlogHtml(purify, content);
}
