/**
 * Rich text from the admin editors (blogs and pages) made safe before it is stored (security.md R49): the blog
 * allow-list of src/lib/blog/render-content.ts, the same one the build applies again when it renders.
 */

// jsdom is loaded on the first write, not when the server starts.
let sanitizer: Promise<(html: string) => string> | undefined;

/** `html` with everything outside the blog allow-list removed (scripts, handlers, javascript: links). */
export async function sanitizeRichText(html: string): Promise<string> {
  sanitizer ??= import('../../../lib/build/sanitize-at-build.ts').then((m) => m.sanitizeAtBuild);
  return (await sanitizer)(html).trim();
}
