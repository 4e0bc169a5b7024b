/** The two inline pieces of every page head, with the CSP hashes that let them run under the page policy. */
import { createHash } from 'node:crypto';

/**
 * Blocking, before first paint: the stored theme (dark unless 'light') and the logged-in flag, so nothing flickers;
 * and the web font at once when this tab already loaded it (it is cached, so it swaps in before the first paint).
 */
export const THEME_SCRIPT =
  "(function(){var d=document.documentElement,t=null,k=null,f=null;try{t=localStorage.getItem('theme');k=localStorage.getItem('token');f=sessionStorage.getItem('wf')}catch(e){}d.classList.toggle('dark',t!=='light');if(k)d.setAttribute('data-auth','in');if(f)d.classList.add('wf')})();";

/** The class that switches an element's text, and all within it, to the web font (`.wf` in the head CSS). */
export const WEB_FONT_CLASS = 'wf';

/** Clicks on these before the page script runs are replayed once it has (menu, theme, sign-out). */
export const REPLAYED_CONTROLS = '[data-menu-open],[data-theme-toggle],[data-logout]';

/** What a page runs once it has painted: classic scripts (in order, before the modules run) and module scripts. */
export interface DeferredScripts {
  classic: readonly string[];
  modules: readonly string[];
}

/**
 * Inline loader for a page's scripts: the page paints and loads first (text in the metric-matched local font, the
 * largest image with the connection to itself), then the web font is switched on and the scripts are loaded. A click
 * or key before that loads them at once, and a click on a control they drive is replayed; a browser that reports no
 * paint gets them a second after load.
 */
export function deferredScriptsLoader({ classic, modules }: DeferredScripts): string {
  const q = JSON.stringify;
  const scripts = classic.map((src) => `c=document.createElement('script');c.src=${q(src)};c.async=false;document.body.appendChild(c);`).join('');
  const imports = modules.map((url) => `import(${q(url)})`).join(',');
  return (
    `(function(){var d=document.documentElement,s=0,r=0,h=null,c,` +
    // The font goes on one part of the page per frame (header, main, footer...): a few short relayouts instead of one
    // long one. Not on <html> (a class there restyles every element); the next page of the tab starts with it there.
    `wf=function(){var p=[].slice.call(document.body.children),i=0,n=function(){if(i<p.length){p[i++].classList.add(${q(WEB_FONT_CLASS)});requestAnimationFrame(n)}else{try{sessionStorage.setItem(${q(WEB_FONT_CLASS)},'1')}catch(e){}}};n()},` +
    `go=function(){if(s)return;s=1;var f=[];try{document.fonts.forEach(function(x){if(x.status==='unloaded')f.push(x.load())})}catch(e){}Promise.all(f).then(wf,wf);${scripts}` +
    `Promise.all([${imports}]).then(function(){r=1;if(h)h.click()})},` +
    `next=function(){requestAnimationFrame(function(){setTimeout(go)})},` +
    `painted=function(){setTimeout(go,1000);performance.getEntriesByType('paint').length?next():new PerformanceObserver(function(l,o){o.disconnect();next()}).observe({type:'paint'})};` +
    `addEventListener('click',function(e){var t=!r&&e.target.closest&&e.target.closest(${q(REPLAYED_CONTROLS)});if(t)h=t},true);` +
    `addEventListener('pointerdown',go,true);addEventListener('keydown',go,true);` +
    `document.readyState==='complete'?painted():addEventListener('load',painted)})();`
  );
}

/** The CSP source for an inline element's exact text. */
export function cspHash(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}
