/**
 * The web font, switched on after the first paint: text paints at once in the metric-matched local fallback, then the
 * font file is fetched and switched on one part of the page (a child of <body>) per frame, so the page is laid out
 * again in a few short tasks instead of one long one. Not on <html> (a class there restyles every element); the tab's
 * next pages get it there from the theme script, before their first paint, since the file is cached by then.
 */
import { afterLoadAndFirstPaint } from './after-first-paint.ts';

/** The class that switches an element's text, and all within it, to the web font (`.wf` in the head CSS). */
export const WEB_FONT_CLASS = 'wf';

function switchOnPartByPart(): void {
  const parts = [...document.body.children];
  const next = () => {
    const part = parts.shift();
    if (part) {
      part.classList.add(WEB_FONT_CLASS);
      requestAnimationFrame(next);
    } else {
      try {
        sessionStorage.setItem(WEB_FONT_CLASS, '1');
      } catch {
        // Storage may be off: the next page switches it on the same way.
      }
    }
  };
  next();
}

/** Loads the page's web fonts once the page has painted and loaded, then switches them on. */
export function switchWebFontOnAfterPaint(): void {
  if (document.documentElement.classList.contains(WEB_FONT_CLASS)) return;
  const start = () => {
    const loads: Promise<unknown>[] = [];
    document.fonts.forEach((face) => {
      if (face.status === 'unloaded') loads.push(face.load());
    });
    Promise.all(loads).then(switchOnPartByPart, switchOnPartByPart);
  };
  afterLoadAndFirstPaint(start);
}
