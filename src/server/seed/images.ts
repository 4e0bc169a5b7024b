/** Brand images rendered locally (the wordmark and favicon, rasterised by sharp), and the neutral stand-in picture. */
import sharp from 'sharp';

export interface RenderedImage {
  bytes: Uint8Array;
  contentType: 'image/webp' | 'image/png';
  width: number;
  height: number;
}

/** Brand image sizes (the wordmark and the favicon) and the benchmark's generated pictures. */
export const IMAGE_SIZES = {
  hero: { width: 1920, height: 1080 },
  card: { width: 1200, height: 800 },
  cardTall: { width: 1200, height: 900 },
  square: { width: 800, height: 800 },
  logo: { width: 400, height: 120 },
  icon: { width: 64, height: 64 },
} as const;

export type ImageSize = keyof typeof IMAGE_SIZES;

const FONT_STACK = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

/** FNV-1a, so the same seed string always gives the same colours and shapes. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny deterministic PRNG seeded from the hash. */
function random(seed: string): () => number {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(h) % 360}, ${Math.round(s)}%, ${Math.round(l)}%)`;
}

/** Greedy word wrap; librsvg has no automatic line breaking. */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1] ?? ''}…`;
    return kept;
  }
  return lines;
}

function backgroundSvg(seed: string, width: number, height: number): string {
  const rnd = random(seed);
  const hue = rnd() * 360;
  const hue2 = hue + 40 + rnd() * 100;
  const shapes: string[] = [];
  for (let i = 0; i < 5; i++) {
    const x = rnd() * width;
    const y = rnd() * height;
    const r = (0.08 + rnd() * 0.25) * Math.min(width, height);
    const fill = hsl(hue + rnd() * 180, 70, 60 + rnd() * 25);
    const opacity = (0.12 + rnd() * 0.2).toFixed(2);
    shapes.push(
      i % 2 === 0
        ? `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${fill}" fill-opacity="${opacity}"/>`
        : `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${(r * 1.6).toFixed(0)}" height="${(r * 1.6).toFixed(0)}" rx="${(r / 5).toFixed(0)}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${(rnd() * 90).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`,
    );
  }
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${hsl(hue, 65, 42)}"/><stop offset="1" stop-color="${hsl(hue2, 70, 28)}"/>
</linearGradient><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
<stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/>
</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>${shapes.join('')}<rect width="100%" height="100%" fill="url(#shade)"/>`;
}

function titleSvg(title: string, width: number, height: number): string {
  const size = Math.round(Math.min(width / 14, height / 7));
  const lines = wrap(title, Math.max(8, Math.floor((width * 0.84) / (size * 0.58))), 3);
  const left = Math.round(width * 0.06);
  const bottom = Math.round(height * 0.9);
  return lines
    .map((line, i) => {
      const y = bottom - (lines.length - 1 - i) * Math.round(size * 1.2);
      return `<text x="${left}" y="${y}" font-family="${FONT_STACK}" font-size="${size}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`;
    })
    .join('');
}

function svgDocument(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

/** Text is optional decoration: if the SVG with text fails to render (e.g. broken fonts), retry without it. */
async function rasterise(
  width: number,
  height: number,
  body: string,
  fallbackBody: string,
  format: 'webp' | 'png',
): Promise<Buffer> {
  const encode = (svg: Buffer) => {
    const image = sharp(svg, { density: 72 });
    return format === 'webp'
      ? image.webp({ quality: 78, effort: 2 }).toBuffer()
      : image.png({ compressionLevel: 6 }).toBuffer();
  };
  try {
    return await encode(svgDocument(width, height, body));
  } catch {
    return encode(svgDocument(width, height, fallbackBody));
  }
}

/** A plain picture in a soft neutral tone, without text: the stand-in for an illustration that is missing. */
export function neutralPicture(width: number, height: number): Uint8Array {
  return svgDocument(
    width,
    height,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#f3f0eb"/><stop offset="1" stop-color="#e4dfd7"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#bg)"/>`,
  );
}

/**
 * A WebP gradient picture with its title painted in. Only the scale benchmark's generated items use it
 * (scripts/bench/generate-items.ts); the demo seed shows photographs and illustrations, never painted text.
 */
export async function renderPicture(seed: string, title: string, size: ImageSize): Promise<RenderedImage> {
  const { width, height } = IMAGE_SIZES[size];
  const background = backgroundSvg(seed, width, height);
  // Hero pictures carry no title: the slide's own heading sits on top of them.
  const bytes = await rasterise(
    width,
    height,
    title ? background + titleSvg(title, width, height) : background,
    background,
    'webp',
  );
  return { bytes, contentType: 'image/webp', width, height };
}

/** Transparent PNG wordmark (an "N" monogram plus the name); `dark` is the variant for dark backgrounds (light text). */
export async function renderLogo(name: string, color: string, dark: boolean): Promise<RenderedImage> {
  const { width, height } = IMAGE_SIZES.logo;
  const text = dark ? '#f8fafc' : '#0f172a';
  const mark = `<rect x="8" y="28" width="64" height="64" rx="14" fill="${escapeXml(color)}"/>
<path d="M24 76 L24 44 L56 76 L56 44" fill="none" stroke="#ffffff" stroke-width="7" stroke-linejoin="round" stroke-linecap="round"/>`;
  // Shrink long names to fit beside the mark (bold sans glyphs average ~0.7 em).
  const size = Math.min(34, Math.floor((width - 100) / (Math.max(1, name.length) * 0.7)));
  const word = `<text x="88" y="${60 + size / 3}" font-family="${FONT_STACK}" font-size="${size}" font-weight="700" fill="${text}">${escapeXml(name)}</text>`;
  const bytes = await rasterise(width, height, mark + word, mark, 'png');
  return { bytes, contentType: 'image/png', width, height };
}

/** 64x64 transparent PNG favicon with the brand initial. */
export async function renderIcon(name: string, color: string): Promise<RenderedImage> {
  const { width, height } = IMAGE_SIZES.icon;
  const badge = `<rect x="2" y="2" width="60" height="60" rx="14" fill="${escapeXml(color)}"/>`;
  const letter = `<text x="32" y="44" text-anchor="middle" font-family="${FONT_STACK}" font-size="34" font-weight="700" fill="#ffffff">${escapeXml(name.charAt(0).toUpperCase())}</text>`;
  const bytes = await rasterise(width, height, badge + letter, badge, 'png');
  return { bytes, contentType: 'image/png', width, height };
}
