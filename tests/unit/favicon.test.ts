import { assert, describe, expect, it } from 'vitest';
import { INLINE_ICON_MAX_BYTES, inlineIcon, publicFile } from '../../src/lib/build/favicon.ts';

const png = (size: number) => new Uint8Array(size).fill(7);

describe('inlineIcon', () => {
  it('carries a small picture as a data: URL of its own bytes and type', () => {
    const url = inlineIcon(png(900), 'image/png');
    expect(url).toMatch(/^data:image\/png;base64,/);
    const base64 = url?.split(',')[1];
    assert(base64 !== undefined, 'the data: URL has a payload');
    expect(Buffer.from(base64, 'base64')).toEqual(Buffer.from(png(900)));
  });

  it('reads the type from a Content-Type header with parameters and any case', () => {
    expect(inlineIcon(png(10), 'Image/X-Icon; charset=binary')).toMatch(/^data:image\/x-icon;base64,/);
  });

  it('inlines up to the limit and links anything larger', () => {
    expect(inlineIcon(png(INLINE_ICON_MAX_BYTES), 'image/png')).not.toBeNull();
    expect(inlineIcon(png(INLINE_ICON_MAX_BYTES + 1), 'image/png')).toBeNull();
  });

  it('links an empty file or one that is not a known picture type (an HTML error page, SVG with script)', () => {
    expect(inlineIcon(png(0), 'image/png')).toBeNull();
    expect(inlineIcon(png(100), 'text/html; charset=utf-8')).toBeNull();
    expect(inlineIcon(png(100), 'image/svg+xml')).toBeNull();
    expect(inlineIcon(png(100), '')).toBeNull();
  });
});

describe('publicFile', () => {
  const root = '/srv/site/public';

  it('maps a site path to its file in public/', () => {
    expect(publicFile('/favicon.png', root)).toBe('/srv/site/public/favicon.png');
    expect(publicFile('/team/a.png', root)).toBe('/srv/site/public/team/a.png');
  });

  it('refuses a path that leaves public/, is not a site path, or is the folder itself', () => {
    expect(publicFile('/../secret.key', root)).toBeNull();
    expect(publicFile('/team/../../../etc/passwd', root)).toBeNull();
    expect(publicFile('https://evil.example/icon.png', root)).toBeNull();
    expect(publicFile('', root)).toBeNull();
    expect(publicFile('/', root)).toBeNull();
  });
});
