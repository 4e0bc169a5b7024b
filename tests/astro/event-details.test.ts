/**
 * An event's page body as the build renders it (Astro's Container API): EventArticle as static HTML, the free event's
 * sign-up form or the paid event's tickets in its `booking` slot with their scripts, inside the one article. The
 * preview of the event's draft shows the same EventArticle, its booking inert (event-preview.test.tsx).
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { loadRenderers } from 'astro:container';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteEvent } from '../../src/shared/types.ts';

const EVENT: SiteEvent = {
  _id: 'e1',
  slug: 'harbour-festival',
  name: 'Harbour festival',
  title: 'Music on the quay',
  description: 'Bands all day.\nBring a coat.',
  image: '/media/festival.webp',
  address: '1 Quay Street',
  city: 'Portsmouth',
  start_date: '2026-07-01T16:00:00.000Z',
  end_date: '2026-07-01T19:00:00.000Z',
  date: '2026-07-01T16:00:00.000Z',
  location: 'The old dock',
  category: 'Music',
  eventType: 'local',
  isVirtual: false,
  registrations: 3,
  price: 0,
  timeZone: 'Europe/London',
};

const CASES: Record<string, SiteEvent> = {
  free: EVENT,
  paid: { ...EVENT, price: 12.5, title: EVENT.name, end_date: '2026-07-03T19:00:00.000Z' },
  virtual: { ...EVENT, eventType: 'virtual', isVirtual: true, location: '', address: '', city: '', image: '' },
};

type Component = Parameters<AstroContainer['renderToString']>[0];
const DETAILS = '../../src/components/events/EventDetails.astro';

const html: Record<string, string> = {};

beforeAll(async () => {
  const clientDirectives = new Map(['afterload', 'only', 'load', 'idle', 'visible'].map((name) => [name, '/**/']));
  const container = await AstroContainer.create({
    renderers: await loadRenderers([getContainerRenderer()]),
    manifest: { clientDirectives } as never,
  });
  const details = (await import(/* @vite-ignore */ DETAILS)) as { default: Component };
  for (const [name, event] of Object.entries(CASES)) {
    html[name] = await container.renderToString(details.default, { props: { event, currency: 'GBP' } });
  }
});

/**
 * The page's markup without its module scripts (they run once the page is parsed, wherever they stand), its attribute
 * names as an HTML parser reads them (React writes `dateTime`).
 */
const markup = (page: string) => page.replace(/<script[^>]*><\/script>/g, '').replaceAll(' dateTime=', ' datetime=');

describe('EventDetails', () => {
  // Each snapshot is the page body as EventDetails.astro rendered it before EventArticle took its markup over.
  it.each(Object.keys(CASES))('renders the %s event’s page body as it always has', async (name) => {
    await expect(markup(html[name] ?? '')).toMatchFileSnapshot(`__snapshots__/event-details-${name}.html`);
  });

  it('puts a free event’s sign-up form, or a paid event’s tickets, after Add to calendar with their scripts', () => {
    const free = html['free'] ?? '';
    const paid = html['paid'] ?? '';
    expect(free.match(/<article/g)).toHaveLength(1);
    expect(free.indexOf('data-event-registration')).toBeGreaterThan(free.indexOf('Add to calendar'));
    expect(free.indexOf('data-event-registration')).toBeLessThan(free.indexOf('</aside>'));
    expect(free).toMatch(/<script type="module" src="[^"]*EventRegistration\.astro\?astro&type=script/);
    expect(paid).toContain('data-event-tickets data-event="harbour-festival"');
    expect(paid).toMatch(/<script type="module" src="[^"]*EventTickets\.astro\?astro&type=script/);
    expect(paid).not.toContain('data-event-registration');
  });
});
