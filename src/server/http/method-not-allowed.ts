/**
 * A method a path does not take answers 405 with `Allow` (RFC 9110 15.5.6), not 404 or 500: TRACE, OPTIONS where no
 * CORS answers it, made-up methods, and a read of a write-only route.
 */
import type { Context } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type { RouterRoute } from 'hono/types';

/** The order `Allow` lists methods in; any others follow alphabetically. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const rank = (method: string) => (ORDER.includes(method) ? ORDER.indexOf(method) : ORDER.length);

/**
 * The methods each path takes, read from an app's routes once they are all registered (on the first call): only
 * routes for a named method count, not middleware or catch-alls (`use`, `all`), and GET brings HEAD, as Hono answers it.
 * [] for a path no route takes.
 */
export function routeMethods(routes: () => readonly RouterRoute[]): (path: string) => string[] {
  let router: TrieRouter<true> | undefined;
  let methods: string[] = [];
  return (path) => {
    if (!router) {
      router = new TrieRouter<true>();
      const named = new Set<string>();
      for (const route of routes()) {
        if (route.method === 'ALL') continue;
        router.add(route.method, route.path, true);
        named.add(route.method);
      }
      methods = [...named];
    }
    const built = router;
    const taken = new Set(methods.filter((method) => built.match(method, path)[0].length > 0));
    if (taken.has('GET')) taken.add('HEAD');
    return [...taken].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  };
}

/** The 405 answer: JSON { message } and the methods the path takes. */
export function methodNotAllowed(c: Context, allow: readonly string[]): Response {
  c.header('Allow', allow.join(', '));
  return c.json({ message: 'Method not allowed' }, 405);
}
