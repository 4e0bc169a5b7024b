/**
 * The blog allow-list (render-content.ts) with pictures and audio from the media library: the figures the editor writes
 * pass unchanged, and each new attribute is kept only on its tags with a value it allows.
 */
import { describe, expect, it } from 'vitest';
import { isSiteSrcset } from '../../src/lib/blog/render-content.ts';
import { sanitizeAtBuild } from '../../src/lib/build/sanitize-at-build.ts';

const ID = '0b7f6a52-3c1d-4e8f-9a0b-1c2d3e4f5a6b';
const SRCSET = [480, 720, 960, 1440, 1920].map((w) => `/media/${ID}-w${w}.avif?v=2 ${w}w`).join(', ');
const PICTURE =
  `<figure><picture><source type="image/avif" srcset="${SRCSET}" sizes="(min-width: 768px) 720px, 100vw">` +
  `<img src="/media/${ID}.webp?v=2" alt="The sun going down" width="1200" height="800" loading="lazy" decoding="async">` +
  `</picture><figcaption>Evening at the pier</figcaption></figure>`;
const AUDIO = `<figure><audio controls="" preload="none" src="/media/${ID}.mp3"></audio><figcaption>Morning birds</figcaption></figure>`;

describe('rich text with library pictures and audio', () => {
  it('keeps the figures the editor writes exactly as they are', () => {
    expect(sanitizeAtBuild(`<p>Before</p>${PICTURE}${AUDIO}<p>After</p>`)).toBe(
      `<p>Before</p>${PICTURE}${AUDIO}<p>After</p>`,
    );
    expect(sanitizeAtBuild(`<audio controls preload="metadata" src="/media/${ID}.mp3"></audio>`)).toBe(
      `<audio controls="" preload="metadata" src="/media/${ID}.mp3"></audio>`,
    );
  });

  it.each([
    // srcset: every candidate a site path, never data:, another host or a script.
    ['<img src="/a.webp" srcset="/a-w480.avif 480w, //evil.example/x.avif 720w">', '<img src="/a.webp">'],
    ['<img src="/a.webp" srcset="/a-w480.avif 480w, javascript:alert(1) 720w">', '<img src="/a.webp">'],
    ['<img src="/a.webp" srcset="data:image/avif;base64,AAAA 1x">', '<img src="/a.webp">'],
    ['<img src="/a.webp" srcset="https://evil.example/a.avif 1x">', '<img src="/a.webp">'],
    ['<img src="/a.webp" srcset="/\\evil.example/a.avif 1x">', '<img src="/a.webp">'],
    ['<img src="/a.webp" srcset="/a.avif 1x 2x">', '<img src="/a.webp">'],
    ['<img src="/a.webp" srcset="/a.avif 1x, /b.avif 2x">', '<img src="/a.webp" srcset="/a.avif 1x, /b.avif 2x">'],
    // type: a picture format, on a <source> only.
    [
      '<picture><source type="image/webp" srcset="/a.webp"></picture>',
      '<picture><source type="image/webp" srcset="/a.webp"></picture>',
    ],
    ['<picture><source type="text/html" srcset="/a.avif"></picture>', '<picture><source srcset="/a.avif"></picture>'],
    ['<a href="/x" type="image/avif">x</a>', '<a href="/x">x</a>'],
    // loading, decoding, width and height: the values HTML knows, on an <img>.
    ['<img src="/a.webp" loading="lazy" decoding="sync">', '<img src="/a.webp" loading="lazy" decoding="sync">'],
    ['<img src="/a.webp" loading="eager" decoding="auto">', '<img src="/a.webp" loading="eager" decoding="auto">'],
    ['<img src="/a.webp" loading="soon" decoding="later">', '<img src="/a.webp">'],
    ['<p loading="lazy">x</p>', '<p>x</p>'],
    ['<img src="/a.webp" width="640" height="480">', '<img src="/a.webp" width="640" height="480">'],
    ['<img src="/a.webp" width="100%" height="javascript:x">', '<img src="/a.webp">'],
    // sizes: media conditions and lengths only.
    ['<img src="/a.webp" sizes="calc(100vw - 2rem)">', '<img src="/a.webp" sizes="calc(100vw - 2rem)">'],
    ['<img src="/a.webp" sizes="&quot;><script>">', '<img src="/a.webp">'],
    // audio: controls, preload none or metadata, and a guarded src.
    ['<audio controls preload="auto" src="/a.mp3"></audio>', '<audio controls="" src="/a.mp3"></audio>'],
    ['<audio controls="yes" src="/a.mp3"></audio>', '<audio src="/a.mp3"></audio>'],
    ['<audio controls src="data:audio/mpeg;base64,AAAA"></audio>', '<audio controls=""></audio>'],
    [
      '<audio controls src="javascript:alert(1)" onplay="alert(1)" autoplay loop></audio>',
      '<audio controls=""></audio>',
    ],
    ['<p preload="none" controls>x</p>', '<p>x</p>'],
    ['<video src="/a.mp4"></video><p>after</p>', '<p>after</p>'],
  ])('sanitises %s', (input, expected) => {
    expect(sanitizeAtBuild(input)).toBe(expected);
  });

  it('takes a srcset only when every candidate is a site path with at most one descriptor', () => {
    expect(isSiteSrcset(SRCSET)).toBe(true);
    expect(isSiteSrcset('/a.avif')).toBe(true);
    expect(isSiteSrcset('/a.avif 1.5x')).toBe(true);
    expect(isSiteSrcset('')).toBe(false);
    expect(isSiteSrcset('/a.avif 480w,')).toBe(false);
    expect(isSiteSrcset('a.avif 480w')).toBe(false);
    expect(isSiteSrcset('/a.avif 480q')).toBe(false);
    expect(isSiteSrcset('#top 1x')).toBe(false);
  });
});
