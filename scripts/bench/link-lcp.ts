/**
 * Largest Contentful Paint of each page in real Chromium, as a phone (Lighthouse's: 412×823 CSS px at 1.75) with an
 * empty cache sees it, without any throttling of its own: the link is the network's (emulated-link.ts runs this inside
 * its namespace). Prints JSON: the LCP of each run, by path.
 *
 *   node scripts/bench/link-lcp.ts <origin> <runs> <path> [<path> ...]
 */
import { chromium } from '@playwright/test';
import { CHROME_PATH } from './lighthouse.ts';

const [origin, runsArg, ...paths] = process.argv.slice(2);
if (!origin || !runsArg || paths.length === 0) throw new Error('usage: link-lcp.ts <origin> <runs> <path>...');
const runs = Number(runsArg);

const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-quic',
  ],
});
const lcp: Record<string, number[]> = Object.fromEntries(paths.map((path) => [path, []]));
try {
  // In rounds, every page once and then again, so a passing disturbance does not land on all runs of one page.
  for (let round = 0; round < runs; round++) {
    for (const path of paths) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.goto(origin + path, { waitUntil: 'load', timeout: 60_000 });
      // The last candidate once the page has settled (no input, so the entries are all there is).
      const value = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let last = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) last = entry.startTime;
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => resolve(last), 1500);
          }),
      );
      lcp[path]?.push(Math.round(value));
      await context.close();
    }
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify(lcp));
