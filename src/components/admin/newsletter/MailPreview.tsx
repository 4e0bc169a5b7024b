/**
 * An issue's mail as subscribers see it, in a sandboxed frame (no script runs in it, and links do not open). The mail
 * is built with inline styles, which the page's Content Security Policy (inherited by the frame) refuses as markup:
 * so the frame's document is built node by node from the parsed mail, each style set through the CSSOM.
 */
import { useEffect, useRef } from 'react';

/** Elements that never reach the frame (a sanitised mail has none; this holds whatever the server sends). */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'link', 'meta', 'base', 'form']);

/** A copy of `source` in `doc`: elements, attributes and text; style attributes through the CSSOM. */
function copyNode(doc: Document, source: Node): Node | null {
  if (source.nodeType === Node.TEXT_NODE) return doc.createTextNode(source.textContent ?? '');
  if (source.nodeType !== Node.ELEMENT_NODE) return null;
  const element = source as Element;
  if (DROPPED.has(element.localName)) return null;
  const copy = doc.createElement(element.localName);
  for (const { name, value } of Array.from(element.attributes)) {
    if (name === STYLE) copy.style.cssText = value;
    else if (name !== 'style' && !name.startsWith('on')) copy.setAttribute(name, value);
  }
  for (const child of Array.from(element.childNodes)) {
    const node = copyNode(doc, child);
    if (node) copy.append(node);
  }
  return copy;
}

/**
 * Where a style attribute's text waits while the mail is parsed: the parser would otherwise try the styles against the
 * page's policy. Matched inside a tag only, where serialised attribute values never hold a bare quote.
 */
const STYLE = 'data-mail-style';

/** Shows `html` in the frame's document, replacing what it showed. */
export function renderMail(doc: Document, html: string): void {
  const parsed = new DOMParser().parseFromString(html.replace(/(<[^<>]*\s)style="/g, `$1${STYLE}="`), 'text/html');
  const nodes = Array.from(parsed.body.childNodes)
    .map((node) => copyNode(doc, node))
    .filter((node): node is Node => node !== null);
  doc.body.replaceChildren(...nodes);
  doc.body.style.cssText = parsed.body.getAttribute(STYLE) ?? '';
}

export default function MailPreview({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    renderMail(doc, html);
    // As tall as the mail (the frame's CSS caps it), set through the CSSOM as the policy asks.
    if (frame.current) frame.current.style.height = `${doc.documentElement.scrollHeight + 2}px`;
    // A preview only: its links stay where they are.
    const stay = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest('a')) event.preventDefault();
    };
    doc.addEventListener('click', stay);
    return () => doc.removeEventListener('click', stay);
  }, [html]);
  return (
    <iframe
      ref={frame}
      title={title}
      sandbox="allow-same-origin"
      className="block h-80 max-h-[60dvh] min-h-48 w-full rounded-lg border border-gray-200 bg-[#f5f5f5] dark:border-white/10"
    />
  );
}
