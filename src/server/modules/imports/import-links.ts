/**
 * Links between imported items: a post that linked to another post of the old site (by its full address or by its
 * path) is pointed at that post's new address once the import has made it, so the link works wherever the old site
 * went; the redirects still answer any link from outside. Links elsewhere are left as they are. Run at the end of an
 * import over what it created or updated; running it again changes nothing.
 */
import { parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';
import { redirectPath } from '../../../shared/redirect-path.ts';
import type { Db } from '../../db/connection.ts';
import { findRedirect } from '../redirects/redirects.repository.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const isElement = (node: Node): node is Element => 'tagName' in node;

function eachLink(node: Node, visit: (a: Element) => void): void {
  for (const child of 'childNodes' in node ? node.childNodes : []) {
    if (isElement(child) && child.tagName === 'a') visit(child);
    eachLink(child, visit);
  }
}

/** The old site's path an `href` names (a path, or a full address on the old site's host), or null for any other. */
export function oldSitePath(href: string, oldHost: string | null): string | null {
  if (href.startsWith('/') && !href.startsWith('//')) return redirectPath(href);
  if (!oldHost) return null;
  try {
    const url = new URL(href);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host === oldHost
      ? redirectPath(url.pathname)
      : null;
  } catch {
    return null;
  }
}

/** `html` with each link to an old address that now redirects pointed at its new one (its #fragment kept). */
export async function relink(html: string, oldHost: string | null, lookup: (path: string) => Promise<string | null>) {
  const fragment = parseFragment(html);
  const links: Element[] = [];
  eachLink(fragment, (a) => links.push(a));
  let changed = false;
  for (const a of links) {
    const href = a.attrs.find((attr) => attr.name === 'href');
    const path = href ? oldSitePath(href.value, oldHost) : null;
    const to = path ? await lookup(path) : null;
    if (!href || !to) continue;
    const hash = href.value.includes('#') ? href.value.slice(href.value.indexOf('#')) : '';
    href.value = `${to}${hash}`;
    changed = true;
  }
  return changed ? serialize(fragment) : html;
}

const hostOf = (siteUrl: string | null) => {
  try {
    return siteUrl ? new URL(siteUrl).host : null;
  } catch {
    return null;
  }
};

/** Points the links of the posts and pages `ids` (by table) at the imported items' new addresses. */
export async function relinkImported(
  db: Db,
  siteUrl: string | null,
  ids: { blogs: readonly string[]; pages: readonly string[] },
): Promise<void> {
  const oldHost = hostOf(siteUrl);
  const lookup = (path: string) => findRedirect(db, path);
  for (const table of ['blogs', 'pages'] as const) {
    for (const id of ids[table]) {
      const row = await db.selectFrom(table).select('content').where('id', '=', id).executeTakeFirst();
      if (!row) continue;
      const content = await relink(row.content, oldHost, lookup);
      if (content !== row.content) await db.updateTable(table).set({ content }).where('id', '=', id).execute();
    }
  }
}
