/**
 * An event in the preview of its draft: its page body (EventArticle) with the booking part inert. The page's
 * sign-up form and tickets are left out, with their scripts: nothing is booked, bought or counted from a preview.
 */
import type { SiteEvent } from '../../shared/types.ts';
import EventArticle from './EventArticle.tsx';

export const EVENT_PREVIEW_BOOKING = 'Registration works on the published page.';

export default function EventPreview({ event, currency }: { event: SiteEvent; currency: string }) {
  // Where the page has its sign-up form (a free event) or its tickets (a paid one), under the same heading.
  const booking = (
    <section aria-labelledby="register-title" className="mt-5 border-t border-gray-200 pt-5 dark:border-white/10">
      <h2 id="register-title" className="m-0 text-base font-semibold">
        {event.price === 0 ? 'Register' : 'Tickets'}
      </h2>
      <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-300">{EVENT_PREVIEW_BOOKING}</p>
    </section>
  );
  return <EventArticle event={event} currency={currency} booking={booking} />;
}
