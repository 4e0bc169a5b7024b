import { formatDateTime } from '../../lib/format/dates.ts';
import { formatPrice } from '../../lib/format/money.ts';
import type { SiteEvent } from '../../shared/types.ts';
import SafeImage, { type ImageLoading } from '../lists/SafeImage.tsx';

export default function EventCard({ event, loading }: { event: SiteEvent; loading: ImageLoading }) {
  const virtual = event.isVirtual || event.eventType === 'virtual';
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white dark:border-white/10 dark:bg-[#111821]">
      <SafeImage src={event.image} alt={event.name} width={600} height={400} loading={loading} className="aspect-[3/2] h-auto w-full object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-3">
          <h2 className="m-0 text-lg font-semibold">{event.name}</h2>
          <p className="m-0 whitespace-nowrap text-lg font-bold text-[var(--color-primary-ink)]">{formatPrice(event.price, { free: true })}</p>
        </div>
        <p className="m-0 flex flex-wrap items-center gap-2 text-xs uppercase tracking-wide text-gray-500 dark:text-gray-400">
          <span>{event.category}</span>
          {virtual && (
            <span className="rounded-full bg-[var(--color-primary)] px-2 py-0.5 font-semibold normal-case tracking-normal text-[var(--color-on-primary)]">Virtual</span>
          )}
        </p>
        <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-gray-600 dark:text-gray-300">
          <dt className="font-medium text-gray-900 dark:text-gray-100">Starts</dt>
          <dd className="m-0">
            <time dateTime={event.start_date}>{formatDateTime(event.start_date)}</time>
          </dd>
          <dt className="font-medium text-gray-900 dark:text-gray-100">Ends</dt>
          <dd className="m-0">
            <time dateTime={event.end_date}>{formatDateTime(event.end_date)}</time>
          </dd>
          <dt className="font-medium text-gray-900 dark:text-gray-100">Where</dt>
          <dd className="m-0">
            {event.address}
            {event.city && event.city !== event.address ? `, ${event.city}` : ''}
          </dd>
        </dl>
        <p className="m-0 line-clamp-3 text-sm text-gray-600 dark:text-gray-300">{event.description}</p>
      </div>
    </article>
  );
}
