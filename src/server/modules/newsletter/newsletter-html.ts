/**
 * A newsletter issue's sanitised rich text made ready for mail: site paths made absolute (a mail has no site to be
 * relative to), and the plain-text part every mail carries beside its HTML.
 */

/** `href="/blogs/x"` and `src="/media/y"` against the site's address; other links stay as they are. */
export function absoluteLinks(html: string, siteUrl: string): string {
  return html.replace(/\b(href|src)="\/(?![/\\])/g, (_m, attr: string) => `${attr}="${siteUrl}/`);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const BLOCK_END = /<\/(p|h[1-6]|blockquote|pre|figure|figcaption|ul|ol)>/gi;

/** The rich text as plain text: paragraphs apart, list items as '- ', links as 'label (address)'. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/\r\n?/g, '\n')
    .replace(/\n/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<hr\s*\/?>/gi, '\n\n----\n\n')
    .replace(/<img\b[^>]*?\balt="([^"]*)"[^>]*>/gi, (_m, alt: string) => (alt ? `[${alt}]` : ''))
    .replace(/<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, inner: string) => {
      const label = inner.replace(/<[^>]*>/g, '').trim();
      const url = decodeEntities(href);
      return label && decodeEntities(label) !== url ? `${label} (${href})` : href;
    })
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(BLOCK_END, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A stored issue (its body already sanitised) as a mail carries it. */
export function issueContent(
  issue: { subject: string; body: string },
  siteUrl: string,
): { subject: string; html: string; text: string } {
  const html = absoluteLinks(issue.body, siteUrl);
  return { subject: issue.subject, html, text: htmlToText(html) };
}
