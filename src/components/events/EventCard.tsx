import { eventAddress, eventPath, isVirtualEvent } from '../../lib/events/event-place.ts';
import { formatDateTime } from '../../lib/format/dates.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { amountToCents } from '../../shared/money.ts';
import type { SiteEvent } from '../../shared/types.ts';
import SafeImage, { type ImageLoading } from '../lists/SafeImage.tsx';

/** An event card; its name links to the event's page and the whole card is that link's target area. */
export default function EventCard({
  event,
  currency,
  loading,
}: {
  event: SiteEvent;
  /** The store's currency (GET /api/store). */
  currency: string;
  loading: ImageLoading;
}) {
  const virtual = isVirtualEvent(event);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white transition-colors hover:border-[var(--color-primary)] focus-within:ring-2 focus-within:ring-[var(--color-primary)] dark:border-white/10 dark:bg-[#111821]">
      <SafeImage
        src={event.image}
        alt={event.name}
        width={600}
        height={400}
        loading={loading}
        className="aspect-[3/2] h-auto w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-3">
          <h2 className="m-0 text-lg font-semibold">
            {/* The ::after covers the card, so a tap anywhere on it opens the event; the name stays the link's text. */}
            <a
              href={eventPath(event.slug)}
              className="text-inherit no-underline after:absolute after:inset-0 after:content-[''] group-hover:underline focus-visible:outline-none"
            >
              {event.name}
            </a>
          </h2>
          <p className="m-0 whitespace-nowrap text-lg font-bold text-[var(--color-primary-ink)]">
            {formatMoney(amountToCents(event.price), currency, { free: true })}
          </p>
        </div>
        <p className="m-0 flex flex-wrap items-center gap-2 text-xs uppercase tracking-wide text-gray-500 dark:text-gray-400">
          <span>{event.category}</span>
          {virtual && (
            <span className="rounded-full bg-[var(--color-primary)] px-2 py-0.5 font-semibold normal-case tracking-normal text-[var(--color-on-primary)]">
              Virtual
            </span>
          )}
        </p>
        <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-gray-600 dark:text-gray-300">
          <dt className="font-medium text-gray-900 dark:text-gray-100">Starts</dt>
          <dd className="m-0">
            <time dateTime={event.start_date}>{formatDateTime(event.start_date, event.timeZone)}</time>
          </dd>
          <dt className="font-medium text-gray-900 dark:text-gray-100">Ends</dt>
          <dd className="m-0">
            <time dateTime={event.end_date}>{formatDateTime(event.end_date, event.timeZone)}</time>
          </dd>
          <dt className="font-medium text-gray-900 dark:text-gray-100">Where</dt>
          <dd className="m-0">{eventAddress(event)}</dd>
        </dl>
        <p className="m-0 line-clamp-3 text-sm text-gray-600 dark:text-gray-300">{event.description}</p>
      </div>
    </article>
  );
}
