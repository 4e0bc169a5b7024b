/**
 * A list page weighs the same whatever the number of items: each list's first page, rendered by the site's own page
 * components (Astro's Container API) over the real API holding 24, 1,000 and 10,000 generated items of each type,
 * stays within a few hundred bytes brotli of its size at 24. Its later pages are plain crawlable pages of 24 cards
 * with their neighbours linked. (The built pages' own budget, with their styles, is the bench's: bench/budgets.json.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { loadRenderers } from 'astro:container';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateItems } from '../../scripts/bench/generate-items.ts';
import { LIST_ROUTES } from '../../src/lib/lists/list-routes.ts';
import { startTestServer } from '../helpers/test-server.ts';

const PAGES = {
  shop: '../../src/components/shop/ShopListPage.astro',
  blogs: '../../src/components/blog/BlogListPage.astro',
  photos: '../../src/components/media/PhotoListPage.astro',
  videos: '../../src/components/media/VideoListPage.astro',
  audio: '../../src/components/media/AudioListPage.astro',
  events: '../../src/components/events/EventListPage.astro',
};
type List = keyof typeof PAGES;
/** The route of every list's pages past the first. */
const PAGED_ROUTE = '../../src/pages/[list]/page/[page].astro';
const SIZES = [24, 1_000, 10_000];
/**
 * How far a list page's brotli size may move between 24 and 10,000 items: past 24 the pager appears (about 300
 * bytes), past LIST_DATA_MAX_BYTES the island's props name the API (and audio its type and category choices), and
 * the generated cards' own texts differ.
 */
const SAME_WITHIN_BYTES = 800;

let container: AstroContainer;
const root = mkdtempSync(join(tmpdir(), 'list-weight-'));
/** Brotli bytes of each list's first page, by item count. */
const weights = new Map<number, Record<List, number>>();
/** Whether each list's island asks the API (its props name an apiPath) or fetches its data file, by item count. */
const modes = new Map<number, Record<List, 'api' | 'file'>>();
/** Each list's data file: its bytes, and brotli's, by item count. */
const files = new Map<number, Record<string, { bytes: number; brotli: number }>>();
/** At 1,000 items: the shop's second page, its last, and the pages the build writes past the first. */
let paged: {
  second: string;
  last: string;
  paths: { params: { list: string; page: string } }[];
  /** What each list endpoint counts (published items only). */
  totals: Record<string, number>;
};

type Component = Parameters<AstroContainer['renderToString']>[0];
const load = async (path: string) => (await import(/* @vite-ignore */ path)) as { default: Component };

/** Renders every list's first page against the API at `url`, with the build's per-process list data read afresh. */
async function renderLists(url: string, size: number): Promise<void> {
  process.env['BUILD_API_URL'] = url;
  vi.resetModules();
  const sizes = {} as Record<List, number>;
  const mode = {} as Record<List, 'api' | 'file'>;
  for (const [list, path] of Object.entries(PAGES) as [List, string][]) {
    const html = await container.renderToString((await load(path)).default, { props: { page: 1 } });
    expect(html, `${list} rendered its cards`).toContain('<article');
    sizes[list] = brotliCompressSync(html).length;
    mode[list] = html.includes('apiPath') ? 'api' : 'file';
  }
  weights.set(size, sizes);
  modes.set(size, mode);
  // The same module the pages read their lists through, in this render's module graph.
  const { listData, LIST_NAMES } = await import('../../src/lib/build/list-data-file.ts');
  const bytes: Record<string, { bytes: number; brotli: number }> = {};
  for (const name of LIST_NAMES) {
    const { body } = (await listData(name)).file;
    // Brotli at quality 11 (a CDN's precompressed file) only where it is quick; the threshold is in bytes anyway.
    const quality = body.length < 2_000_000 ? 11 : 5;
    const brotli = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } }).length;
    bytes[name] = { bytes: Buffer.byteLength(body), brotli };
  }
  files.set(size, bytes);
}

beforeAll(async () => {
  // The build's client directives are bundled scripts, the same bytes at every size: stand-ins here.
  const clientDirectives = new Map(['afterload', 'only', 'load', 'idle', 'visible'].map((name) => [name, '/**/']));
  container = await AstroContainer.create({
    renderers: await loadRenderers([getContainerRenderer()]),
    manifest: { clientDirectives } as never,
  });
  for (const size of SIZES) {
    const dataDir = join(root, String(size));
    await generateItems(dataDir, { itemsPerType: size, seed: 'weight' });
    const server = await startTestServer({ dataDir, seed: 'none' });
    try {
      await renderLists(server.url, size);
      if (size === 1_000) {
        const shop = (await load(PAGES.shop)).default;
        const route = (await import(/* @vite-ignore */ PAGED_ROUTE)) as {
          getStaticPaths: () => Promise<typeof paged.paths>;
        };
        paged = {
          second: await container.renderToString(shop, {
            props: { page: 2 },
            request: new Request('http://localhost:4321/shop/page/2'),
          }),
          last: await container.renderToString(shop, { props: { page: 42 } }),
          paths: await route.getStaticPaths(),
          totals: Object.fromEntries(
            await Promise.all(
              Object.entries(LIST_ROUTES).map(async ([list, endpoint]): Promise<[string, number]> => {
                const answer = (await (await fetch(`${server.url}/api/${endpoint}?limit=1`)).json()) as {
                  total: number;
                };
                return [list, answer.total];
              }),
            ),
          ),
        };
      }
    } finally {
      await server.stop(true);
    }
  }
}, 600_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('list pages weigh the same at any number of items', () => {
  it.each(Object.keys(PAGES) as List[])('%s', (list) => {
    const [base = 0, ...others] = SIZES.map((size) => weights.get(size)?.[list] ?? 0);
    expect(base).toBeGreaterThan(0);
    for (const other of others) expect(Math.abs(other - base)).toBeLessThanOrEqual(SAME_WITHIN_BYTES);
  });

  it('reports the weights', () => {
    console.log(Object.fromEntries(weights));
    console.log(Object.fromEntries(files));
  });
});

describe('a list too long to fetch whole is asked of the API', () => {
  it('every island fetches its data file at 24 items', () => {
    expect(Object.values(modes.get(24) ?? {})).toEqual(Array(6).fill('file'));
  });

  it('at 10,000 items every list asks the API', () => {
    expect(Object.values(modes.get(10_000) ?? {})).toEqual(Array(6).fill('api'));
  });

  it('the mode follows the data file: the API past LIST_DATA_MAX_BYTES, the file below it', async () => {
    const { LIST_DATA_MAX_BYTES } = await import('../../src/lib/build/list-data-file.ts');
    const { LIST_ROUTES } = await import('../../src/lib/lists/list-routes.ts');
    for (const size of SIZES) {
      for (const [list, name] of Object.entries(LIST_ROUTES) as [List, string][]) {
        const bytes = files.get(size)?.[name]?.bytes ?? 0;
        expect(modes.get(size)?.[list], `${list} at ${size}: ${bytes} bytes`).toBe(
          bytes > LIST_DATA_MAX_BYTES ? 'api' : 'file',
        );
      }
    }
  });
});

describe('the crawlable pages past the first', () => {
  it('are built for every list: /<list>/page/2 to the last page of 24 of its published items', () => {
    expect(paged.totals['shop']).toBe(1_000);
    for (const list of Object.keys(LIST_ROUTES)) {
      const pages = paged.paths.filter((path) => path.params.list === list).map((path) => Number(path.params.page));
      const total = paged.totals[list] ?? 0;
      expect(total, list).toBeGreaterThan(24 * 30);
      expect(pages, list).toEqual(Array.from({ length: Math.ceil(total / 24) - 1 }, (_, i) => i + 2));
    }
  });

  it('hold 24 cards each (the last the remaining 16), with their neighbours linked in the head and the pager', () => {
    const cards = (html: string) => html.match(/<article/g)?.length ?? 0;
    expect(cards(paged.second)).toBe(24);
    expect(cards(paged.last)).toBe(1_000 - 41 * 24);
    expect(paged.second).toContain('<link rel="prev" href="/shop">');
    expect(paged.second).toContain('<link rel="next" href="/shop/page/3">');
    expect(paged.second).toMatch(/<a[^>]*href="\/shop\/page\/2"[^>]*aria-current="page"/);
    expect(paged.last).toContain('<link rel="prev" href="/shop/page/41">');
    expect(paged.last).not.toContain('rel="next"');
    expect(paged.second).toMatch(/<link rel="canonical" href="[^"]*\/shop\/page\/2"/);
  });
});
