/**
 * An event's own page body: category, name, cover, when and where, the price, 'Add to calendar', the booking part and
 * the description. Rendered to static HTML on /events/{slug} (EventDetails.astro, the sign-up form or the tickets in
 * its `booking` slot) and by the preview of the event's draft, whose booking part is inert.
 */
import type { ReactNode } from 'react';
import {
  EVENT_COVER_SIZES,
  eventAddress,
  eventCalendarPath,
  isVirtualEvent,
  mapLink,
} from '../../lib/events/event-place.ts';
import { eventWhen, isoInZone, knownZone, zoneNote } from '../../lib/events/event-time.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { amountToCents } from '../../shared/money.ts';
import type { SiteEvent } from '../../shared/types.ts';
import SafeImage from '../lists/SafeImage.tsx';

interface Props {
  event: SiteEvent;
  /** The store's currency (GET /api/store). */
  currency: string;
  /** Under 'Add to calendar': a free event's sign-up form or a paid event's tickets (Astro's `booking` slot). */
  booking?: ReactNode;
}

const LABEL = 'm-0 text-xs font-semibold uppercase tracking-wide text-gray-500 dark:text-gray-400';

function When({ event }: { event: SiteEvent }) {
  const zone = knownZone(event.timeZone);
  const when = eventWhen(event.start_date, event.end_date, zone);
  return (
    <div>
      <dt className={LABEL}>When</dt>
      {when.sameDay ? (
        <dd className="m-0 mt-1" data-testid="event-when">
          <time dateTime={isoInZone(event.start_date, zone)} className="block font-medium">
            {when.day}
          </time>
          <span className="block">{when.time}</span>
        </dd>
      ) : (
        <dd className="m-0 mt-1" data-testid="event-when">
          <span className="block">
            <span className="font-medium">Starts</span>{' '}
            <time dateTime={isoInZone(event.start_date, zone)}>{when.start}</time>
          </span>
          <span className="block">
            <span className="font-medium">Ends</span> <time dateTime={isoInZone(event.end_date, zone)}>{when.end}</time>
          </span>
        </dd>
      )}
      <dd className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-300">{zoneNote(event.start_date, zone)}</dd>
    </div>
  );
}

function Where({ event }: { event: SiteEvent }) {
  const virtual = isVirtualEvent(event);
  const map = mapLink(event);
  const address = eventAddress(event);
  const place = virtual ? event.location || 'Online' : event.location;
  return (
    <div>
      <dt className={LABEL}>Where</dt>
      {place && <dd className="m-0 mt-1 font-medium">{place}</dd>}
      {!virtual && address && <dd className="m-0 mt-0.5">{address}</dd>}
      {map && (
        <dd className="m-0 mt-1">
          <a
            href={map}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm text-[var(--color-primary-ink)] hover:underline"
          >
            View on map<span className="sr-only"> (OpenStreetMap, opens in a new tab)</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-3.5 fill-none stroke-current stroke-2">
              <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"></path>
            </svg>
          </a>
        </dd>
      )}
      {virtual && (
        <dd className="m-0 mt-0.5 text-sm text-gray-600 dark:text-gray-300">Online event: join from anywhere.</dd>
      )}
    </div>
  );
}

export default function EventArticle({ event, currency, booking }: Props) {
  const virtual = isVirtualEvent(event);
  return (
    <article className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <p className="m-0 text-sm">
        <a href="/events" className="inline-flex items-center gap-1 text-[var(--color-primary-ink)] hover:underline">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
            <path d="M15 18l-6-6 6-6"></path>
          </svg>
          All events
        </a>
      </p>
      <p className="mb-0 mt-4 flex flex-wrap items-center gap-2 text-xs uppercase tracking-wide text-gray-500 dark:text-gray-400">
        <span>{event.category}</span>
        {virtual && (
          <span className="rounded-full bg-[var(--color-primary)] px-2 py-0.5 font-semibold normal-case tracking-normal text-[var(--color-on-primary)]">
            Virtual
          </span>
        )}
      </p>
      <h1 className="mb-0 mt-2 text-3xl font-bold leading-tight sm:text-4xl">{event.name}</h1>
      {event.title && event.title !== event.name && (
        <p className="mb-0 mt-2 text-lg text-gray-600 dark:text-gray-300">{event.title}</p>
      )}

      {/* One column on phones (cover, details, description); beside the cover and description on wide screens. */}
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        {/* Wrapped: the <picture> is display:contents, and its <source> would otherwise take a grid cell of its own. */}
        <div className="min-w-0">
          <SafeImage
            src={event.image}
            alt={event.name}
            width={1200}
            height={800}
            loading="priority"
            sizes={EVENT_COVER_SIZES}
            className="block aspect-[3/2] h-auto w-full rounded-xl object-cover"
          />
        </div>
        <aside
          aria-label="Event details"
          className="min-w-0 rounded-xl lg:sticky lg:top-24 lg:row-span-2 border border-gray-200 bg-white p-5 dark:border-white/10 dark:bg-[#111821]"
        >
          <dl className="m-0 grid gap-4">
            <When event={event} />
            <Where event={event} />
            <div>
              <dt className={LABEL}>Price</dt>
              <dd className="m-0 mt-1 text-lg font-bold text-[var(--color-primary-ink)]">
                {formatMoney(amountToCents(event.price), currency, { free: true })}
              </dd>
            </div>
          </dl>
          <a
            href={eventCalendarPath(event.slug)}
            download={`${event.slug}.ics`}
            className="brand-button mt-5 flex w-full items-center justify-center gap-2 px-4 py-2.5 font-medium"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
              <rect x="3" y="5" width="18" height="16" rx="2"></rect>
              <path d="M16 3v4M8 3v4M3 10h18M12 13v5M9.5 15.5h5"></path>
            </svg>
            Add to calendar
          </a>
          {booking}
        </aside>

        <section aria-labelledby="about-title" className="min-w-0 lg:col-start-1">
          <h2 id="about-title" className="m-0 text-xl font-semibold">
            About this event
          </h2>
          <p className="mb-0 mt-3 whitespace-pre-line leading-relaxed text-gray-700 dark:text-gray-200">
            {event.description}
          </p>
        </section>
      </div>
    </article>
  );
}
