/** /events/{slug}.ics: each event's 'Add to calendar' file, written at build beside its page (lib/events/ics.ts says why UTC). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { fetchCompany } from '../../lib/api/company.ts';
import { fetchEvents, orEmpty } from '../../lib/api/content.ts';
import { eventIcs } from '../../lib/events/event-details.ts';
import { eventPath } from '../../lib/events/event-place.ts';
import { pageKey } from '../../lib/build/page-key.ts';
import type { SiteEvent } from '../../shared/types.ts';

export const getStaticPaths = (async () => {
  const events = await orEmpty(fetchEvents, 'events');
  return Promise.all(
    events.map(async (event) => ({ params: { slug: event.slug }, props: { event }, cacheKey: await pageKey(event) })),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ event: SiteEvent }> = async ({ props, site, url }) => {
  const company = await fetchCompany();
  const pageUrl = new URL(eventPath(props.event.slug), site ?? url.origin).href;
  const text = eventIcs(props.event, { pageUrl, companyName: company.name, stamp: new Date() });
  return new Response(text, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
};
