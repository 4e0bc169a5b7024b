import { describe, expect, it } from 'vitest';
import { autoplayEmbedSrc, isEmbedLink } from '../../src/lib/media/embed.ts';

describe('isEmbedLink', () => {
  it.each([
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://youtube-nocookie.com/embed/jNQXAC9IVRw',
    'https://www.youtube.com/embed/aqz-KE-bpKQ',
    'https://youtube.com/embed/xQ_IQS3VKjA?start=30',
    '  https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ  ',
  ])('accepts %s', (link) => {
    expect(isEmbedLink(link)).toBe(true);
  });

  it.each([
    ['plain http', 'http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['a watch page', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a short link', 'https://youtu.be/dQw4w9WgXcQ'],
    ['another host', 'https://example.com/embed/dQw4w9WgXcQ'],
    ['a look-alike host', 'https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ'],
    ['a subdomain trick', 'https://evil.example/?https://www.youtube.com/embed/x'],
    ['credentials', 'https://user:pw@www.youtube.com/embed/dQw4w9WgXcQ'],
    ['a port', 'https://www.youtube.com:8443/embed/dQw4w9WgXcQ'],
    ['an empty id', 'https://www.youtube.com/embed/'],
    ['a nested path', 'https://www.youtube.com/embed/../watch'],
    ['a javascript: link', 'javascript:alert(1)'],
    ['a relative path', '/embed/dQw4w9WgXcQ'],
    ['an empty string', ''],
    ['null', null],
    ['a number', 42],
  ])('rejects %s', (_name, link) => {
    expect(isEmbedLink(link)).toBe(false);
  });
});

describe('autoplayEmbedSrc', () => {
  it('adds autoplay=1 to an embed link', () => {
    expect(autoplayEmbedSrc('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
  });

  it('keeps other parameters and replaces an existing autoplay value', () => {
    expect(autoplayEmbedSrc('https://www.youtube.com/embed/abc?start=30&autoplay=0')).toBe(
      'https://www.youtube.com/embed/abc?start=30&autoplay=1',
    );
  });

  it('returns null for a link that may not be framed', () => {
    expect(autoplayEmbedSrc('https://vimeo.com/embed/123')).toBeNull();
    expect(autoplayEmbedSrc(undefined)).toBeNull();
  });
});
