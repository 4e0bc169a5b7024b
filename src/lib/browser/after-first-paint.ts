/**
 * Runs `then` once the page has loaded and painted its first frame, when the next task can run. `load` alone is not
 * enough: on a fast connection it fired at 92-128 ms, before the first paint at 144 ms, and what started then (the web
 * font, 49 KB) was counted in the page's first paint by Lighthouse. A browser that reports no paint runs it a second
 * after load.
 */
export function afterFirstPaint(then: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    then();
  };
  const next = () => requestAnimationFrame(() => setTimeout(run));
  const loaded = () => {
    setTimeout(run, 1000);
    if (performance.getEntriesByType('paint').length > 0) next();
    else
      new PerformanceObserver((_list, observer) => {
        observer.disconnect();
        next();
      }).observe({ type: 'paint' });
  };
  if (document.readyState === 'complete') loaded();
  else addEventListener('load', loaded, { once: true });
}
