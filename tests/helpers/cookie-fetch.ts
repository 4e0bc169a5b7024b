/**
 * A fetch that keeps the cookies it is given and sends them back, as one browser does: the code sign-in only accepts a
 * code from the browser that asked for it (its otp_browser cookie). Paths and expiry are not modelled; a cookie set
 * empty is dropped.
 */
export type CookieFetch = typeof fetch & { jar: Map<string, string> };

export function cookieFetch(): CookieFetch {
  const jar = new Map<string, string>();
  const send = async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  return Object.assign(send, { jar });
}
