/**
 * A fetch that keeps the cookies it is given and sends them back, as one browser does: the code sign-in and the guest
 * checkout only accept a code from the browser that asked for it (its otp_browser or checkout_browser cookie). Paths
 * and expiry are not modelled; a cookie set empty is dropped.
 */
export type CookieFetch = typeof fetch & { jar: Map<string, string> };

type Send = (input: string, init: RequestInit) => Response | Promise<Response>;

/** `send` (fetch, or an app's in-process `request`) with one browser's cookie jar. */
export function withCookies<S extends Send>(send: S): S & { jar: Map<string, string> } {
  const jar = new Map<string, string>();
  const browser = async (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const res = await send(input, { ...init, headers });
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
  return Object.assign(browser as unknown as S, { jar });
}

export function cookieFetch(): CookieFetch {
  return withCookies(fetch as Send) as unknown as CookieFetch;
}
