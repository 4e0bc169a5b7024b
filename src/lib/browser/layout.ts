/**
 * The public layout's behaviour, on every page: theme toggle, the signed-in header, Logout, web font,
 * logo fallback, the footer's year, an item page's view count, branding changed since the build (or a settings
 * preview's), the page view, and the theme toggle's corner.
 *
 * It imports nothing an island imports and loads nothing through import() that Vite follows, so Astro inlines it:
 * no request before the first paint (as an external module with two shared chunks it cost /about 340 ms of Lighthouse
 * LCP). So it reads storage itself, and makes its two calls (the conditional company check, the Logout revocation)
 * with plain fetch rather than the ofetch client; islands use the stores and the client. Astro inlines a script only
 * under Vite's assetsInlineLimit (4096 bytes minified), which this one is close to, closer with a long PUBLIC_API_URL:
 * what can wait for the first paint belongs in the modules it loads by URL.
 */
import { afterLoadAndFirstPaint } from './after-first-paint.ts';
import { countView } from './count-view.ts';
import { sendPageView } from './page-view.ts';
import { brandingApplierUrl, learnRoleUrl, togglePlacementUrl } from './standalone-urls.ts';
import { parseTheme, THEME_KEY, type Theme } from './theme-choice.ts';
import { switchWebFontOnAfterPaint } from './web-font.ts';

const apiBase = import.meta.env.PUBLIC_API_URL ?? '';
const root = document.documentElement;
const TOKEN_KEY = 'token';
/** The signed-in user's role as remembered at sign-in (stores/session.ts rememberRole): which header to show. */
const ROLE_KEY = 'role';

/** From localStorage, or the tab's sessionStorage; null when unset or when storage is blocked (reading it throws). */
function stored(key: string, session = false): string | null {
  try {
    return (session ? sessionStorage : localStorage).getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage is unavailable: the choice lasts for this page only.
  }
}

/** A standalone module, by its URL: Vite neither follows nor bundles it. */
const load = <T>(url: string) => import(/* @vite-ignore */ url) as Promise<T>;

function showTheme(theme: Theme): void {
  root.classList.toggle('dark', theme === 'dark');
  const label = `Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`;
  for (const button of document.querySelectorAll('[data-theme-toggle]')) button.setAttribute('aria-label', label);
}

/**
 * The header shows Account (customers) or Dashboard (staff) and Logout while a token is stored (the head script
 * decided signed-in before the first paint); the role only picks the button, the server checks every admin call.
 */
function showSignedIn(): void {
  if (stored(TOKEN_KEY) !== null) {
    root.dataset['auth'] = 'in';
    root.dataset['role'] = stored(ROLE_KEY) === 'admin' ? 'admin' : 'customer';
  } else {
    delete root.dataset['auth'];
    delete root.dataset['role'];
  }
}

function useFallback(img: HTMLImageElement) {
  const fallback = img.dataset['fallback'];
  if (fallback && !img.src.endsWith(fallback)) img.src = fallback;
}

/** Wires the page up: listeners first, so a tap right after the first paint already works. */
function setUpPage(): void {
  showTheme(parseTheme(stored(THEME_KEY)));
  for (const button of document.querySelectorAll('[data-theme-toggle]')) {
    button.addEventListener('click', () => {
      const next: Theme = root.classList.contains('dark') ? 'light' : 'dark';
      store(THEME_KEY, next);
      showTheme(next);
    });
  }

  showSignedIn();
  for (const button of document.querySelectorAll('[data-logout]')) {
    button.addEventListener('click', () => {
      const token = stored(TOKEN_KEY);
      store(TOKEN_KEY, null);
      store(ROLE_KEY, null);
      // Revoked on the server too; keepalive carries the request through the navigation.
      const revoke = token
        ? fetch(`${apiBase}/api/auth/logout`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}` },
            keepalive: true,
          }).catch(() => undefined)
        : Promise.resolve();
      void revoke.finally(() => location.assign('/'));
    });
  }
  // Another tab signing in or out, or changing the theme, changes this page too.
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === ROLE_KEY || event.key === null) showSignedIn();
    if (event.key === THEME_KEY || event.key === null) showTheme(parseTheme(stored(THEME_KEY)));
  });

  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
    img.addEventListener('error', () => useFallback(img));
    if (img.complete && img.naturalWidth === 0) useFallback(img);
  }

  // A picture's focal point, kept in view by its crop; set through the DOM, as the policy allows no inline style.
  for (const img of document.querySelectorAll<HTMLElement>('img[data-focus]'))
    img.style.objectPosition = img.dataset['focus'] ?? '';

  for (const el of document.querySelectorAll('[data-year]')) el.textContent = String(new Date().getFullYear());
}

/**
 * Branding changed since the build: asked once the page has loaded and painted, against the ETag of the answer the
 * page was built with. Unchanged, the API answers 304 with no body; changed, the code that applies it is loaded. In a
 * settings preview, that code is loaded to show the draft settings instead.
 */
async function refreshBranding(): Promise<void> {
  try {
    const built = root.dataset['companyEtag'];
    // In a settings preview (a link's /?site-preview=<token>, or the token the tab keeps under that name:
    // shared/site-preview.ts, spelt out as this script imports nothing an island imports), the applier keeps the link
    // and asks for the draft settings, whatever the page was built with; only the test is here, for the size.
    const res =
      /[?&]site-preview=/.test(location.search) || stored('site-preview', true)
        ? null
        : await fetch(`${apiBase}/api/company`, {
            credentials: 'include',
            headers: { Accept: 'application/json', ...(built ? { 'If-None-Match': built } : {}) },
          });
    if (res?.status === 304) return;
    // The status alone is logged: the script stays small enough to be inlined.
    if (res && !res.ok) throw new Error(String(res.status));
    const [answer, applier] = await Promise.all([
      res?.json() as Promise<unknown>,
      load<typeof import('./apply-branding.ts')>(brandingApplierUrl),
    ]);
    const shownName = document.querySelector('[data-brand="name"]')?.textContent ?? '';
    if (res) applier.applyCompanyAnswer(answer, shownName);
    else await applier.showSettingsPreview(shownName);
  } catch (error) {
    console.error('Failed to load company settings:', error);
  }
}
setUpPage();
switchWebFontOnAfterPaint();
countView();
afterLoadAndFirstPaint(() => {
  void refreshBranding();
  // A session from before roles were remembered: the code that asks for its role is loaded only for it.
  if (stored(TOKEN_KEY) !== null && stored(ROLE_KEY) === null)
    load<typeof import('./learn-role.ts')>(learnRoleUrl).then(
      (role) => role.learnRole(),
      () => undefined,
    );
  sendPageView();
  // The floating theme toggle keeps off controls and text from here on; offline, it stays in its corner.
  load<typeof import('./toggle-placement.ts')>(togglePlacementUrl).then(
    (placement) => placement.keepToggleClear(),
    () => undefined,
  );
});
