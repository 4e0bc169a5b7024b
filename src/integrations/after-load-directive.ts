/**
 * `client:afterload`: hydrates an island once the page has loaded and painted, when the browser is next idle.
 * client:idle fires as soon as the main thread is free, which on a fast machine is before the first-screen images
 * have arrived: React and the island's code then share the connection with the largest image (measured on /shop:
 * the island's chunks requested at 200 ms, the largest image painted at 236 ms). Waiting for `load` keeps the first
 * screen's requests to the page and its images; the islands are still ready within a frame or two of it.
 */
import type { ClientDirective } from 'astro';

const afterLoad: ClientDirective = (load) => {
  const hydrate = async () => (await load())();
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(() => void hydrate(), { timeout: 500 }) : setTimeout(hydrate, 1));
  const afterPaint = () => requestAnimationFrame(() => setTimeout(whenIdle));
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
};

export default afterLoad;
