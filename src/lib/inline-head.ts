/** The two inline pieces of every page head, with the CSP hashes that let them run under the page policy. */
import { createHash } from 'node:crypto';

/** Blocking, before first paint: the stored theme (dark unless 'light') and the logged-in flag, so nothing flickers. */
export const THEME_SCRIPT =
  "(function(){var d=document.documentElement,t=null,k=null;try{t=localStorage.getItem('theme');k=localStorage.getItem('token')}catch(e){}d.classList.toggle('dark',t!=='light');if(k)d.setAttribute('data-auth','in')})();";

/** The CSP source for an inline element's exact text. */
export function cspHash(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}
