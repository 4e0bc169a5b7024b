/**
 * A path as redirects are kept and looked up, so /2024/05/Caf%C3%A9/ and /2024/05/Café match: the path of a whole
 * address or a path, percent-encoding decoded, without its query, fragment or trailing slash (the root stays '/').
 * Null when nothing path-like is left, or when it does not decode.
 */
/** Whether `text` holds a control character (a path never does; one that decodes to one is forged). */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 32 || code === 127) return true;
  }
  return false;
}

export function redirectPath(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  let path: string;
  try {
    path = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? new URL(trimmed).pathname : trimmed.replace(/[?#].*$/s, '');
    path = decodeURI(path);
  } catch {
    return null;
  }
  if (!path.startsWith('/') || hasControl(path)) return null;
  const bare = path.replace(/\/+$/, '');
  return bare === '' ? '/' : bare;
}
