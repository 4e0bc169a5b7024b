/** Scheduling page work around the first paint: nothing but the page itself runs or loads before it. */

/** Runs `then` once the page has painted its first frame (a browser that reports no paint: after a second). */
function afterFirstPaint(then: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    then();
  };
  setTimeout(run, 1000);
  const next = () => requestAnimationFrame(() => setTimeout(run));
  if (performance.getEntriesByType('paint').length > 0) next();
  else
    new PerformanceObserver((_list, observer) => {
      observer.disconnect();
      next();
    }).observe({ type: 'paint' });
}

/**
 * Runs `then` once the page has loaded and painted its first frame: for work that makes requests. `load` alone is not
 * enough: on a fast connection it fired at 92-128 ms, before the first paint at 144 ms, and what started then (the web
 * font, 49 KB) was counted in the page's first paint by Lighthouse.
 */
export function afterLoadAndFirstPaint(then: () => void): void {
  if (document.readyState === 'complete') afterFirstPaint(then);
  else addEventListener('load', () => afterFirstPaint(then), { once: true });
}
