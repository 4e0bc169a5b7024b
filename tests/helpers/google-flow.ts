/** A browser walking the Google sign-in redirects by hand, for integration tests against the local OpenID provider. */
import { expect } from 'vitest';

/** A browser's cookie store, reduced to what these flows need: name, value and path; hosts and ports are not told apart. */
export class CookieJar {
  readonly #cookies = new Map<string, { value: string; path: string }>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const path = attrs.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      const gone = attrs.some(
        (a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()),
      );
      if (gone) this.#cookies.delete(name);
      else this.#cookies.set(name, { value: pair.slice(eq + 1), path });
    }
  }
  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.#cookies]
      .filter(([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }
  has(name: string): boolean {
    return this.#cookies.has(name);
  }
  get(name: string) {
    return this.#cookies.get(name);
  }
}

/**
 * The flow against the server at `serverUrl`, configured with `siteUrl` as SITE_URL: nothing listens there, so links
 * to it are rewritten to the running server, as a reverse proxy would.
 */
export function googleFlow(serverUrl: () => string, siteUrl: string) {
  const callbackUrl = `${siteUrl}/api/auth/google/callback`;
  const onServer = (url: string) => (url.startsWith(siteUrl) ? serverUrl() + url.slice(siteUrl.length) : url);

  async function get(jar: CookieJar, url: string): Promise<Response> {
    const cookie = jar.header(url);
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    jar.store(res);
    return res;
  }

  /**
   * Follows redirects by hand until the site's /login page, tampering with the callback URL when asked.
   * `back` is the response that sent the browser to /login.
   */
  async function signIn(
    jar = new CookieJar(),
    tamper: (callback: URL) => void = () => undefined,
  ): Promise<{ login: URL; jar: CookieJar; start: Response; back: Response }> {
    const start = await get(jar, `${serverUrl()}/api/auth/google`);
    let back = start;
    let location = start.headers.get('location') ?? '';
    for (let hop = 0; hop < 10; hop++) {
      if (location.startsWith(`${siteUrl}/login`)) return { login: new URL(location), jar, start, back };
      if (location.startsWith(callbackUrl)) {
        const callback = new URL(location);
        tamper(callback);
        location = callback.href;
      }
      back = await get(jar, onServer(location));
      expect([302, 303]).toContain(back.status);
      location = new URL(back.headers.get('location') ?? '', location).href;
    }
    throw new Error(`no way back to /login, stuck at ${location}`);
  }

  /** GET /api/auth/me with `token`, and the binding cookie when `jar` is given. */
  async function me(token: string, jar?: CookieJar) {
    const url = `${serverUrl()}/api/auth/me`;
    const cookie = jar?.header(url);
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) } });
    if (jar) jar.store(res);
    return res;
  }

  return { callbackUrl, onServer, get, signIn, me };
}
