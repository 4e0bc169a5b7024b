import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/server/http/errors.ts';
import { checkUpload, detectImageType, MAX_UPLOAD_BYTES } from '../../src/server/media/upload-check.ts';

const text = (s: string) => new TextEncoder().encode(s);

/** Signature bytes followed by filler: detection looks at the header only, decoding is the store's job. */
const withTail = (head: number[] | string, size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(typeof head === 'string' ? text(head) : head);
  return bytes;
};
const JPEG = withTail([0xff, 0xd8, 0xff, 0xe0]);
const PNG = withTail([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const GIF87 = withTail('GIF87a');
const GIF89 = withTail('GIF89a');
const WEBP = withTail([...text('RIFF'), 0x24, 0, 0, 0, ...text('WEBPVP8 ')]);

/** The ApiError checkUpload throws (a test failure if it does not throw one). */
function refusal(input: Parameters<typeof checkUpload>[0]): ApiError {
  try {
    checkUpload(input);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('checkUpload accepted the file');
}

describe('detectImageType (magic bytes only)', () => {
  it.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['PNG', PNG, 'image/png'],
    ['GIF87a', GIF87, 'image/gif'],
    ['GIF89a', GIF89, 'image/gif'],
    ['WEBP', WEBP, 'image/webp'],
  ] as const)('recognises %s', (_name, bytes, type) => {
    expect(detectImageType(bytes)).toBe(type);
  });

  it('needs every byte of each signature', () => {
    for (const [bytes, length] of [
      [JPEG, 3],
      [PNG, 8],
      [GIF87, 6],
      [GIF89, 6],
    ] as const) {
      for (let i = 0; i < length; i++) {
        const broken = bytes.map((byte, j) => (j === i ? byte ^ 0x01 : byte));
        expect(detectImageType(broken), `byte ${i} changed`).toBeUndefined();
      }
      // Too short to hold the whole signature.
      expect(detectImageType(bytes.slice(0, length - 1))).toBeUndefined();
    }
    // WEBP: 'RIFF' at 0-3 and 'WEBP' at 8-11; bytes 4-7 (the chunk size) are free.
    for (const i of [0, 1, 2, 3, 8, 9, 10, 11]) {
      const broken = WEBP.map((byte, j) => (j === i ? byte ^ 0x01 : byte));
      expect(detectImageType(broken), `byte ${i} changed`).toBeUndefined();
    }
    const otherSize = WEBP.slice();
    otherSize.set([0xff, 0xff, 0xff, 0x7f], 4);
    expect(detectImageType(otherSize)).toBe('image/webp');
    expect(detectImageType(WEBP.slice(0, 11))).toBeUndefined();
    // Other RIFF files (WAV, AVI) are not pictures.
    expect(detectImageType(withTail('RIFF\x24\0\0\0WAVEfmt '))).toBeUndefined();
  });

  it.each([
    ['SVG', text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['bare SVG', text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['HTML', text('<!doctype html><html><script>alert(1)</script></html>')],
    ['plain text', text('hello')],
    ['PDF', text('%PDF-1.7\n')],
    ['BMP', withTail('BM')],
    ['empty', new Uint8Array(0)],
    ['a signature not at the start', withTail([0x20, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ])('finds no picture in %s', (_name, bytes) => {
    expect(detectImageType(bytes)).toBeUndefined();
  });
});

describe('checkUpload', () => {
  it('accepts each allowed type with a matching declared type and name', () => {
    expect(checkUpload({ bytes: JPEG, declaredType: 'image/jpeg', fileName: 'photo.JPG' })).toEqual({
      ok: true,
      type: 'image/jpeg',
    });
    expect(checkUpload({ bytes: JPEG, declaredType: 'image/jpeg', fileName: 'photo.jpeg' })).toEqual({
      ok: true,
      type: 'image/jpeg',
    });
    expect(checkUpload({ bytes: PNG, declaredType: 'image/png', fileName: 'logo.png' })).toEqual({
      ok: true,
      type: 'image/png',
    });
    expect(checkUpload({ bytes: GIF89, declaredType: 'image/gif', fileName: 'icon.gif' })).toEqual({
      ok: true,
      type: 'image/gif',
    });
    expect(checkUpload({ bytes: WEBP, declaredType: 'image/webp', fileName: 'slide.webp' })).toEqual({
      ok: true,
      type: 'image/webp',
    });
  });

  it('accepts a file with no declared type and no name (the bytes decide)', () => {
    expect(checkUpload({ bytes: PNG })).toEqual({ ok: true, type: 'image/png' });
    expect(checkUpload({ bytes: PNG, declaredType: '', fileName: '' })).toEqual({ ok: true, type: 'image/png' });
    expect(checkUpload({ bytes: PNG, fileName: 'logo' })).toEqual({ ok: true, type: 'image/png' });
  });

  it('reads the declared type loosely (case, parameters, image/jpg)', () => {
    expect(checkUpload({ bytes: PNG, declaredType: 'IMAGE/PNG; charset=binary' }).type).toBe('image/png');
    expect(checkUpload({ bytes: JPEG, declaredType: 'image/jpg' }).type).toBe('image/jpeg');
  });

  it.each([
    ['a declared type of another picture', { bytes: PNG, declaredType: 'image/jpeg', fileName: 'a.png' }],
    ['a declared SVG type', { bytes: PNG, declaredType: 'image/svg+xml' }],
    ['a declared HTML type', { bytes: GIF89, declaredType: 'text/html' }],
    ['a generic declared type', { bytes: JPEG, declaredType: 'application/octet-stream' }],
    ['an extension of another picture', { bytes: JPEG, declaredType: 'image/jpeg', fileName: 'a.png' }],
    ['an .svg extension', { bytes: PNG, declaredType: 'image/png', fileName: 'logo.svg' }],
    ['an .html extension', { bytes: WEBP, fileName: 'page.html' }],
    ['a double extension ending in .php', { bytes: JPEG, fileName: 'shell.jpg.php' }],
  ])('refuses %s with 415', (_name, input) => {
    const error = refusal(input);
    expect(error.status).toBe(415);
    expect(error.message).toMatch(/match/i);
  });

  it.each([
    [
      'SVG',
      {
        bytes: text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        declaredType: 'image/svg+xml',
        fileName: 'logo.svg',
      },
    ],
    [
      'SVG named .png',
      {
        bytes: text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        declaredType: 'image/png',
        fileName: 'logo.png',
      },
    ],
    ['HTML', { bytes: text('<html><script>alert(1)</script></html>'), declaredType: 'text/html', fileName: 'a.html' }],
    [
      'HTML named .jpg',
      { bytes: text('<html><script>alert(1)</script></html>'), declaredType: 'image/jpeg', fileName: 'a.jpg' },
    ],
    ['text', { bytes: text('just some text'), declaredType: 'text/plain' }],
  ])('refuses %s with 415 and the spec text', (_name, input) => {
    const error = refusal(input);
    expect(error.status).toBe(415);
    expect(error.message).toBe('Only JPEG, PNG, GIF, and WEBP files are allowed');
  });

  it('refuses zero bytes with 400', () => {
    const error = refusal({ bytes: new Uint8Array(0), declaredType: 'image/png', fileName: 'a.png' });
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/empty/i);
  });

  it('accepts exactly 5 MiB and refuses one byte more with 413 and the spec text', () => {
    expect(MAX_UPLOAD_BYTES).toBe(5_242_880);
    expect(checkUpload({ bytes: withTail([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 5_242_880) }).type).toBe(
      'image/png',
    );
    const error = refusal({
      bytes: withTail([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 5_242_881),
      declaredType: 'image/png',
      fileName: 'a.png',
    });
    expect(error.status).toBe(413);
    expect(error.message).toBe('File size must be less than 5MB');
  });

  it('checks the size before the type, so a huge file of any kind gets 413', () => {
    expect(refusal({ bytes: new Uint8Array(5_242_881) }).status).toBe(413);
  });

  it.each([
    ['path segments', '../../../etc/passwd/../logo.png'],
    ['Windows path segments', '..\\..\\windows\\logo.png'],
    ['a NUL byte', 'evil.php\0.png'],
    ['a very long name', `${'a'.repeat(100_000)}.png`],
    ['control characters and quotes', 'lo"go\r\n<script>.png'],
    ['a dot file', '.png'],
  ])('judges a name with %s by its extension only', (_name, fileName) => {
    expect(checkUpload({ bytes: PNG, declaredType: 'image/png', fileName })).toEqual({ ok: true, type: 'image/png' });
  });

  it('does not let a hostile name smuggle in another extension', () => {
    expect(refusal({ bytes: PNG, fileName: 'logo.png\0.svg' }).status).toBe(415);
    expect(refusal({ bytes: PNG, fileName: 'logo.png/evil.html' }).status).toBe(415);
  });
});
