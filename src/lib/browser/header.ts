/**
 * The header's own behaviour: the side menu, the cart button's count, and Login and Register links that come back to
 * this very address.
 * A script of its own beside layout.ts, importing nothing an island imports, so Astro inlines each of them (a script
 * is inlined only while it stays under Vite's 4 kB asset limit; together they no longer would).
 */
import { setupCartCount } from './cart-count.ts';
import { setupSideMenu } from './side-menu.ts';

/** The build gave these links ?next=<this path> (none on the home and sign-in pages); the query and, on the 404 page, the real path are known only here. */
function returnHere(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-return-here]')) {
    if (link.search)
      link.setAttribute('href', `${link.pathname}?next=${encodeURIComponent(location.pathname + location.search)}`);
  }
}

setupSideMenu();
setupCartCount();
returnHere();
