/**
 * An audio item's page body as the build renders it (Astro's Container API): AudioArticle as static HTML with the
 * site's player an island (in view) in its `player` slot and the reviews after the description, inside the one
 * article; the counts and the download marked for the page's scripts. The preview of the item's draft shows the same
 * AudioArticle, its marks left out (audio-preview.test.tsx).
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { loadRenderers } from 'astro:container';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Audio } from '../../src/shared/types.ts';

const AUDIO: Audio = {
  _id: 'a1',
  name: 'Tide tables',
  title: 'Episode 12',
  description: 'Weekly.',
  artist: 'The Quay',
  audio_file: '/media/tide.wav',
  cover: '/media/tide-cover.webp',
  type: 'Podcast',
  category: 'Harbour',
  duration: 125,
  quality: 'High',
  tags: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  plays: 4,
  downloads: 1,
  rating: 0,
  reviews: [],
};

type Component = Parameters<AstroContainer['renderToString']>[0];
const DETAILS = '../../src/components/audio/AudioDetails.astro';

let html = '';
/** The article's HTML alone (the island's prelude and the page's scripts come before and after it). */
let article = '';

beforeAll(async () => {
  // The build's client directives are bundled scripts: stand-ins here.
  const clientDirectives = new Map(['afterload', 'only', 'load', 'idle', 'visible'].map((name) => [name, '/**/']));
  const container = await AstroContainer.create({
    renderers: await loadRenderers([getContainerRenderer()]),
    manifest: { clientDirectives } as never,
  });
  // By a path held in a variable, as the Astro tests load .astro files: the type checker has no types for them.
  const details = (await import(/* @vite-ignore */ DETAILS)) as { default: Component };
  html = await container.renderToString(details.default, { props: { audio: AUDIO } });
  article = /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '';
});

describe('AudioDetails', () => {
  it('renders the item’s article with the player an island beside the download, then the reviews', () => {
    expect(html.match(/<article/g)).toHaveLength(1);
    expect(article).toMatch(/<h1[^>]*>Tide tables<\/h1>/);
    const island = /<div class="mt-6 flex flex-col gap-3"><astro-island ([^>]*)>/.exec(article)?.[1] ?? '';
    expect(island).toMatch(/component-url="[^"]*\/AudioPlayer\.tsx"/);
    expect(island).toContain('client="visible"');
    // Only the player's own props reach it.
    expect(island).not.toContain('slot');
    expect(article.indexOf('data-audio-download="a1"')).toBeGreaterThan(article.indexOf('<astro-island'));
    expect(article.indexOf('aria-labelledby="reviews-title"')).toBeGreaterThan(article.indexOf('>Weekly.</p>'));
  });

  it('marks the counts and the download for the page’s scripts, which it carries', () => {
    expect(article).toContain('data-live-count="audio a1 plays"');
    expect(article).toContain('data-live-count="audio a1 downloads"');
    expect(html).toMatch(/<script type="module" src="[^"]*AudioDetails\.astro\?astro&type=script/);
    expect(html).toMatch(/<script type="module" src="[^"]*LiveCounts\.astro\?astro&type=script/);
  });
});
