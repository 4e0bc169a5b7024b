/**
 * `client:afterload`: hydrates an island once the page has loaded and painted its first frame, when the browser is
 * next idle (after-first-paint.ts).
 * client:idle fires as soon as the main thread is free, which on a fast machine is before the first-screen images
 * have arrived: React and the island's code then share the connection with the largest image (measured on /shop:
 * the island's chunks requested at 200 ms, the largest image painted at 236 ms). Waiting for `load` keeps the first
 * screen's requests to the page and its images; the islands are still ready within a frame or two of it.
 */
import type { ClientDirective } from 'astro';
import { afterLoadAndFirstPaint } from '../lib/browser/after-first-paint.ts';

const afterLoad: ClientDirective = (load) => {
  const hydrate = async () => (await load())();
  afterLoadAndFirstPaint(() =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void hydrate(), { timeout: 500 })
      : setTimeout(() => void hydrate(), 1),
  );
};

export default afterLoad;
