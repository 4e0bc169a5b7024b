/** The two inline pieces of every page head, with the CSP hashes that let them run under the page policy. */
import { createHash } from 'node:crypto';
export { WEB_FONT_CLASS } from '../browser/web-font.ts';

/**
 * Blocking, before first paint: the stored theme (dark unless 'light'), the logged-in flag and the remembered role
 * (the header's Account or Dashboard), so nothing flickers;
 * and the web font at once when this tab already loaded it (it is cached, so it swaps in before the first paint).
 */
export const THEME_SCRIPT =
  "(function(){var d=document.documentElement,t=null,k=null,r=null,f=null;try{t=localStorage.getItem('theme');k=localStorage.getItem('token');r=localStorage.getItem('role');f=sessionStorage.getItem('wf')}catch(e){}d.classList.toggle('dark',t!=='light');if(k){d.setAttribute('data-auth','in');d.setAttribute('data-role',r==='admin'?'admin':'customer')}if(f)d.classList.add('wf')})();";

/**
 * The img-src source a page that previews a chosen picture adds (admin screens, /settings): the preview is an object
 * URL of the file, blob:. Only those pages carry it; public pages never show a blob: picture.
 */
export const PICTURE_PREVIEW_IMG_SRC = 'img-src blob:';

/** The CSP source for an inline element's exact text. */
export function cspHash(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}
