/**
 * A WordPress body as it is stored (post_content, WXR's content:encoded) turned into the HTML it showed on the old
 * site: the block editor's comment delimiters removed, shortcodes converted or dropped, and classic-editor text given
 * the paragraphs WordPress adds only when it displays it. Plain string work, tested rule by rule; nothing here
 * sanitises (the import writer runs the product's own sanitiser on the result).
 */
import type { ImageRef } from '../import-units.ts';

/** HTML 4's Latin-1 entity names, in code point order from U+00A0 (so `&eacute;` is 0xA0 + its index). */
const LATIN1_NAMES = (
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute ' +
  'micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig ' +
  'Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash ' +
  'Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc ' +
  'euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml ' +
  'yacute thorn yuml'
).split(' ');

/** The named entities WordPress's texturize and editors write, beyond Latin-1. */
const OTHER_NAMES: [string, number][] = [
  ['amp', 38],
  ['lt', 60],
  ['gt', 62],
  ['quot', 34],
  ['apos', 39],
  ['OElig', 338],
  ['oelig', 339],
  ['Scaron', 352],
  ['scaron', 353],
  ['Yuml', 376],
  ['fnof', 402],
  ['circ', 710],
  ['tilde', 732],
  ['ensp', 8194],
  ['emsp', 8195],
  ['thinsp', 8201],
  ['zwnj', 8204],
  ['zwj', 8205],
  ['lrm', 8206],
  ['rlm', 8207],
  ['ndash', 8211],
  ['mdash', 8212],
  ['lsquo', 8216],
  ['rsquo', 8217],
  ['sbquo', 8218],
  ['ldquo', 8220],
  ['rdquo', 8221],
  ['bdquo', 8222],
  ['dagger', 8224],
  ['Dagger', 8225],
  ['bull', 8226],
  ['hellip', 8230],
  ['permil', 8240],
  ['prime', 8242],
  ['Prime', 8243],
  ['lsaquo', 8249],
  ['rsaquo', 8250],
  ['euro', 8364],
  ['trade', 8482],
  ['larr', 8592],
  ['uarr', 8593],
  ['rarr', 8594],
  ['darr', 8595],
  ['harr', 8596],
];

const NAMED: ReadonlyMap<string, string> = new Map([
  ...LATIN1_NAMES.map((name, i): [string, string] => [name, String.fromCodePoint(0xa0 + i)]),
  ...OTHER_NAMES.map(([name, code]): [string, string] => [name, String.fromCodePoint(code)]),
]);

/**
 * What browsers show for `&#128;`–`&#159;`: the Windows-1252 characters, which text pasted from word processors into
 * old posts was written in (`&#146;` is a right quote, not a control character).
 */
const WINDOWS_1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function fromCodePoint(code: number): string {
  if (code >= 0x80 && code <= 0x9f) return WINDOWS_1252.charAt(code - 0x80);
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

/** `&amp;`, `&#8217;`, `&#x2019;` and the common named entities as the characters they stand for; unknown ones kept. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g,
    (whole, decimal?: string, hex?: string, name?: string) => {
      if (decimal !== undefined) return fromCodePoint(Number(decimal));
      if (hex !== undefined) return fromCodePoint(parseInt(hex, 16));
      return NAMED.get(name ?? '') ?? whole;
    },
  );
}

/** A start or end tag (`<em>`, `</p>`, `<br />`); a lone `<` in text (`a < b`) is not one. */
const TAG = /<\/?[A-Za-z][^>]*>/g;
const BLOCK_END = /<\/(?:p|div|li|h[1-6]|blockquote|pre|tr|figure|figcaption)>/gi;

/** HTML (an excerpt, a comment) as plain text: line breaks and paragraphs kept as newlines, tags gone, entities decoded. */
export function plainText(html: string): string {
  const text = html
    .replace(/\r\n?/g, '\n')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(BLOCK_END, '\n\n')
    .replace(TAG, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An HTML tag's attributes by lower-cased name, values entity-decoded (`alt="Tom &amp; Jerry"` is `Tom & Jerry`). */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/** Every picture the HTML shows, by its `src` (each once, in order), with its alt text. */
export function imagesIn(html: string): ImageRef[] {
  const images = new Map<string, ImageRef>();
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const attributes = attributesOf(tag.slice(4));
    const url = attributes.get('src')?.trim() ?? '';
    if (url && !images.has(url)) images.set(url, { url, alt: attributes.get('alt')?.trim() ?? '' });
  }
  return [...images.values()];
}

/** Shortcodes WordPress itself registers that may stand alone without attributes (`[gallery]`, `[audio]`). */
const CORE_SHORTCODES = new Set(['audio', 'caption', 'embed', 'gallery', 'playlist', 'video', 'wp_caption']);

/**
 * `[name attributes]`, `[name /]` or `[name]content[/name]`, each perhaps escaped by doubled brackets (`[[name]]`).
 * Groups: 1 an opening escape bracket, 2 the name, 3 the attributes, 4 the content when enclosing, 5 a closing escape.
 */
const SHORTCODE = /\[(\[?)([A-Za-z][\w-]*)(?![\w-])([^[\]]*?)(?:\/\]|\](?:([\s\S]*?)\[\/\2\])?)(\]?)/g;

/**
 * Whether a bracketed word is a shortcode: WordPress knows only the shortcodes its plugins register, and an export
 * does not say which those were, so text such as `[sic]` or `[Updated: see below]` must survive. One that encloses
 * content, one of WordPress's own, or one with `key=value` attributes is taken for a shortcode.
 */
function isShortcode(name: string, attributes: string, content: string | undefined): boolean {
  return content !== undefined || CORE_SHORTCODES.has(name) || /[\w-]\s*=\s*["'\w]/.test(attributes);
}

const MEDIA_AT_START = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)/i;
const WEB_ADDRESS = /^https?:\/\/[^\s<>"]+$/;

/** `[caption]<img …> Text[/caption]` as a figure; older posts put the text in a `caption="…"` attribute instead. */
function captionToFigure(attributes: string, content: string): string {
  const media = MEDIA_AT_START.exec(content);
  if (!media) return content;
  const text = content.slice(media[0].length).trim() || (attributesOf(attributes).get('caption') ?? '');
  const caption = text ? `<figcaption>${text}</figcaption>` : '';
  return `<figure>${media[1] ?? ''}${caption}</figure>`;
}

/** An embedded video or page as a link to it: the player WordPress built from the address is not in the export. */
function embedLink(url: string): string {
  return `<p><a href="${url}">${url}</a></p>`;
}

function convertShortcode(name: string, attributes: string, content: string | undefined): string {
  const inner = content === undefined ? '' : convertShortcodes(content);
  if (name === 'caption' || name === 'wp_caption') return captionToFigure(attributes, inner);
  if (name === 'embed') {
    const url = inner.trim();
    return WEB_ADDRESS.test(url) ? embedLink(url) : inner;
  }
  // A gallery names attachments by id; its pictures are not in the body to show, so it goes with the rest.
  return inner;
}

/** Every shortcode converted (caption, embed) or removed keeping the text it encloses; `[[x]]` is a literal `[x]`. */
function convertShortcodes(html: string): string {
  return html.replace(
    SHORTCODE,
    (whole, open: string, name: string, attributes: string, content: string | undefined, close: string) => {
      if (open === '[' && close === ']') return whole.slice(1, -1);
      if (!isShortcode(name, attributes, content)) return whole;
      return open + convertShortcode(name, attributes, content) + close;
    },
  );
}

/** A YouTube or Vimeo address alone on its line, which WordPress showed as the video itself. */
const VIDEO_LINE =
  /^[ \t]*(https?:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch|shorts\/|embed\/)|youtu\.be\/|vimeo\.com\/)[^\s<>"]*)[ \t]*$/gim;

const BLOCK_NAMES =
  'address|article|aside|blockquote|details|dd|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|' +
  'legend|li|main|menu|nav|ol|p|pre|script|section|style|summary|table|tbody|td|tfoot|th|thead|tr|ul';
const BLOCK_TAG = new RegExp(`<(/?)(${BLOCK_NAMES})(?=[\\s/>])[^>]*>`, 'gi');

/** Block elements whose own text is paragraphed too: a quotation always, the others when they hold blank lines. */
const CONTAINER = /^<(blockquote|div|section|article|aside)\b([^>]*)>([\s\S]*)<\/\1>$/i;
const BLANK_LINE = /\n[ \t]*\n/;
const IMAGE_LINE = /^(?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?$/i;

interface Segment {
  block: boolean;
  html: string;
}

/**
 * Where the block element whose start tag ends at `from` ends: after its matching end tag, or at `from` when it has
 * none (`<hr>`, an unclosed `<p>`), so the start tag is a block of its own.
 */
function blockEnd(html: string, name: string, from: number): number {
  // A rule has no end tag: looking for one would read the rest of the body for every rule.
  if (name.toLowerCase() === 'hr') return from;
  const tags = new RegExp(`<(/?)${name}(?=[\\s/>])[^>]*>`, 'gi');
  tags.lastIndex = from;
  let depth = 1;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return tags.lastIndex;
  }
  return from;
}

/** The top level of `html` cut into whole block elements and the runs of text and inline markup between them. */
function segmentsOf(html: string): Segment[] {
  const segments: Segment[] = [];
  const tags = new RegExp(BLOCK_TAG.source, 'gi');
  let position = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    const [, closing, name = ''] = match;
    const end = closing ? tags.lastIndex : blockEnd(html, name, tags.lastIndex);
    if (match.index > position) segments.push({ block: false, html: html.slice(position, match.index) });
    segments.push({ block: true, html: html.slice(match.index, end) });
    position = tags.lastIndex = end;
  }
  if (position < html.length) segments.push({ block: false, html: html.slice(position) });
  return segments;
}

/** One paragraph's lines: text lines in a `<p>` joined by `<br>`, a picture alone on its line left as it is. */
function paragraphLines(paragraph: string): string[] {
  const out: string[] = [];
  let text: string[] = [];
  const flush = () => {
    if (text.length > 0) out.push(`<p>${text.map((line, i) => (i > 0 ? `<br>\n${line}` : line)).join('')}</p>`);
    text = [];
  };
  for (const line of paragraph.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    if (IMAGE_LINE.test(line)) {
      flush();
      out.push(line);
    } else {
      text.push(line.replace(/<br\s*\/?>$/i, ''));
    }
  }
  flush();
  return out;
}

function containerWithParagraphs(block: string): string {
  const match = CONTAINER.exec(block);
  if (!match) return block;
  const [, name = '', attributes = '', inner = ''] = match;
  if (name.toLowerCase() !== 'blockquote' && !BLANK_LINE.test(inner)) return block;
  return `<${name}${attributes}>${addParagraphs(inner)}</${name}>`;
}

/**
 * Classic-editor text as WordPress showed it: text separated by a blank line becomes a paragraph, a single newline a
 * line break, and block elements stay as they are.
 */
function addParagraphs(html: string): string {
  return segmentsOf(html)
    .flatMap((segment) =>
      segment.block ? [containerWithParagraphs(segment.html)] : segment.html.split(BLANK_LINE).flatMap(paragraphLines),
    )
    .join('\n');
}

/** The block editor's delimiters (`<!-- wp:image {"id":5} -->`, `<!-- /wp:image -->`), each with its line end. */
const BLOCK_DELIMITER = /<!--\s*\/?wp:[\s\S]*?-->\n?/g;
/** The classic editor's read-more and page-break markers: the line they stood on stays, parting the text around it. */
const CLASSIC_MARKER = /<!--\s*(?:more\b[\s\S]*?|nextpage|noteaser)\s*-->/g;

/** A stored WordPress body as the HTML it showed (shortcodes converted or removed, paragraphs made), unsanitised. */
export function wpContentToHtml(raw: string): string {
  const source = raw.replace(/\r\n?/g, '\n');
  // WordPress adds paragraphs only to classic-editor content: block content carries its own.
  const fromBlockEditor = /<!--\s*wp:/.test(source);
  const html = convertShortcodes(source.replace(BLOCK_DELIMITER, '').replace(CLASSIC_MARKER, '')).replace(
    VIDEO_LINE,
    (_line, url: string) => embedLink(url),
  );
  return fromBlockEditor ? html.trim() : addParagraphs(html);
}
