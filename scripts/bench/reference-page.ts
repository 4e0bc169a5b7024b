/**
 * The reference page: one hand-written static HTML page with inline CSS, the home page's hero image and no
 * JavaScript. Served by the same server as the product, it is the ceiling of what a page can do on this machine.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const REFERENCE_PATH = '/bench-reference/';

export interface HeroImage {
  src: string;
  /** The variants, from the <picture>'s source (or the img's own srcset), with their type ('' when untyped). */
  srcset: string;
  sizes: string;
  type: string;
  width: string;
  height: string;
}

const attrOf = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? '';

/** The first high-priority image of the built home page, with the <picture> source before it: the hero seen first. */
export function heroImageOf(homeHtml: string): HeroImage | null {
  for (const match of homeHtml.matchAll(/(?:<source\b([^>]*)>\s*)?<img\b([^>]*)>/gi)) {
    const [source = '', img = ''] = [match[1], match[2]];
    if (!/fetchpriority="high"/i.test(img)) continue;
    const from = source ? source : img;
    return {
      src: attrOf(img, 'src'),
      srcset: attrOf(from, 'srcset'),
      sizes: attrOf(from, 'sizes') || '100vw',
      type: source ? attrOf(source, 'type') : '',
      width: attrOf(img, 'width'),
      height: attrOf(img, 'height'),
    };
  }
  return null;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function referenceHtml(hero: HeroImage, title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<link rel="icon" href="data:,">
<meta name="description" content="The benchmark's reference page: static HTML, inline CSS, the home page's hero image and no JavaScript.">
<link rel="preload" as="image" href="${escape(hero.src)}" imagesrcset="${escape(hero.srcset)}" imagesizes="${escape(hero.sizes)}"${hero.type ? ` type="${escape(hero.type)}"` : ''} fetchpriority="high">
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;color:#111;background:#fff}
header{display:flex;align-items:center;height:64px;padding:0 16px;border-bottom:1px solid #ddd}
header a{color:#111;font-weight:700;text-decoration:none}
.hero{position:relative;height:70vh;min-height:320px;overflow:hidden;background:#222}
.hero img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.hero div{position:relative;display:flex;flex-direction:column;justify-content:center;height:100%;padding:24px;color:#fff}
h1{margin:0 0 8px;font-size:2rem}p{margin:0;max-width:40rem;line-height:1.5}
main>section{padding:24px 16px}
</style>
</head>
<body>
<header><a href="/">${escape(title)}</a></header>
<main>
<div class="hero">
<picture><source srcset="${escape(hero.srcset)}" sizes="${escape(hero.sizes)}"${hero.type ? ` type="${escape(hero.type)}"` : ''}><img src="${escape(hero.src)}" alt="" width="${escape(hero.width)}" height="${escape(hero.height)}" fetchpriority="high" decoding="async"></picture>
<div><h1>Reference page</h1><p>Static HTML with inline CSS and no script: the ceiling for this machine.</p></div>
</div>
<section><h2>About this page</h2><p>The benchmark measures every public page beside this one and reports each page's Largest Contentful Paint as a ratio to it.</p></section>
</main>
</body>
</html>
`;
}

/** Writes the reference page into the built site, from its home page's hero. */
export async function writeReferencePage(distDir: string, title = 'Reference'): Promise<HeroImage> {
  const hero = heroImageOf(await readFile(join(distDir, 'index.html'), 'utf8'));
  if (!hero) throw new Error('the built home page has no high-priority hero image to copy');
  await mkdir(join(distDir, 'bench-reference'), { recursive: true });
  await writeFile(join(distDir, 'bench-reference', 'index.html'), referenceHtml(hero, title));
  return hero;
}
