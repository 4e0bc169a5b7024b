/**
 * The Unicode code points of a text, the unit the site's length limits count as characters: an emoji outside the
 * Basic Multilingual Plane is one (two UTF-16 units), as NIST SP 800-63B counts a password's characters. A cluster of
 * several code points (a flag, an emoji with a skin tone, a letter and a combining accent) counts as several.
 */
export function codePoints(text: string): string[] {
  return Array.from(text);
}
