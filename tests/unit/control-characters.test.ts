import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from '../../src/shared/schemas/control-characters.ts';

describe('hasControlCharacters', () => {
  it('passes plain text, accents and emoji', () => {
    for (const text of ['', 'Acme Rockets', 'Café Crème ☕', '東京 🚀'])
      expect(hasControlCharacters(text), text).toBe(false);
  });

  it('refuses NUL, ESC, DEL and the other C0 controls everywhere', () => {
    for (const ch of ['\u0000', '\u0007', '\u001b', '\u007f', '\u000b', '\u000c'])
      for (const options of [{}, { multiline: true }, { header: true }])
        expect(hasControlCharacters(`a${ch}b`, options), JSON.stringify({ ch, options })).toBe(true);
  });

  it('lets tab and line breaks through only in multi-line text', () => {
    for (const ch of ['\t', '\n', '\r']) {
      expect(hasControlCharacters(`a${ch}b`)).toBe(true);
      expect(hasControlCharacters(`a${ch}b`, { header: true })).toBe(true);
      expect(hasControlCharacters(`a${ch}b`, { multiline: true })).toBe(false);
    }
  });

  it('refuses the Unicode line and paragraph separators and NEL in header text only', () => {
    for (const ch of ['\u2028', '\u2029', '\u0085']) {
      expect(hasControlCharacters(`a${ch}b`, { header: true })).toBe(true);
      expect(hasControlCharacters(`a${ch}b`)).toBe(false);
    }
  });
});
