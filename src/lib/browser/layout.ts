/** The public layout's behaviour: theme toggle, auth buttons, side menu, logo fallback and runtime branding. */
import { fetchChangedCompany } from '../stores/company.ts';
import { $token, loadToken, logout } from '../stores/session.ts';
import { $theme, loadTheme, toggleTheme } from '../stores/theme.ts';
import { setupSideMenu } from './side-menu.ts';
import { switchWebFontOnAfterPaint } from './web-font.ts';

const apiBase = import.meta.env.PUBLIC_API_URL ?? '';
const root = document.documentElement;

loadTheme();
$theme.subscribe((theme) => {
  root.classList.toggle('dark', theme === 'dark');
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  for (const button of document.querySelectorAll('[data-theme-toggle]')) button.setAttribute('aria-label', label);
});
for (const button of document.querySelectorAll('[data-theme-toggle]')) button.addEventListener('click', toggleTheme);

loadToken();
$token.subscribe((token) => {
  if (token) root.setAttribute('data-auth', 'in');
  else root.removeAttribute('data-auth');
});
for (const button of document.querySelectorAll('[data-logout]')) {
  button.addEventListener('click', () => {
    const token = $token.get();
    logout();
    // The API client is loaded only for this: the page script every page runs stays small.
    void import('../api/auth.ts')
      .then(({ revokeSession }) => revokeSession(token))
      .finally(() => location.assign('/'));
  });
}
// Another tab signing in or out changes this page too.
window.addEventListener('storage', (event) => {
  if (event.key === 'token' || event.key === null) loadToken();
  if (event.key === 'theme' || event.key === null) loadTheme();
});

function useFallback(img: HTMLImageElement) {
  const fallback = img.dataset['fallback'];
  if (fallback && !img.src.endsWith(fallback)) img.src = fallback;
}
for (const img of document.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
  img.addEventListener('error', () => useFallback(img));
  if (img.complete && img.naturalWidth === 0) useFallback(img);
}

for (const el of document.querySelectorAll('[data-year]')) el.textContent = String(new Date().getFullYear());

setupSideMenu();
switchWebFontOnAfterPaint();

let shownName = document.querySelector('[data-brand="name"]')?.textContent ?? '';
/** Branding changed since the build: asked once the page has loaded, so the question never competes with the first screen. */
async function refreshBranding() {
  const answer = await fetchChangedCompany(apiBase, root.dataset['companyEtag'] ?? '');
  if (answer === null) return;
  // The code that applies new branding is loaded only when branding changed after the build.
  const { applyCompanyAnswer } = await import('./apply-branding.ts');
  shownName = applyCompanyAnswer(answer, shownName);
}
if (document.readyState === 'complete') void refreshBranding();
else addEventListener('load', () => void refreshBranding(), { once: true });
