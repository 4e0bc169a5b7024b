/** The control characters text may not carry, one home for every rule that refuses them. */

// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const CONTROL_OR_ANY_BREAK = /[\u0000-\u001f\u007f\u2028\u2029\u0085]/;

/**
 * Whether `text` holds a control character. Tab and line breaks pass only in `multiline` text (a description, an
 * address, a message); `header` text (what goes into a mail header: a name, a subject) refuses the Unicode line and
 * paragraph separators and NEL too (security.md R16).
 */
export function hasControlCharacters(text: string, { multiline = false, header = false } = {}): boolean {
  return (multiline ? CONTROL_IN_TEXT : header ? CONTROL_OR_ANY_BREAK : CONTROL_OR_BREAK).test(text);
}
