/** One page of subscribers: a table from 1024 px, labelled blocks below it; each row can be removed. */
import { formatDate, formatDateTime } from '../../../lib/format/dates.ts';
import type { NewsletterSubscriber } from '../../../shared/schemas/newsletter.ts';
import ListTable, { Cell } from '../ui/ListTable.tsx';
import { DANGER_ACTION } from '../ui/row-actions.tsx';

const HEADINGS = ['Email', 'Status', 'Source', 'Signed up', 'Actions'] as const;

const STATUS: Record<NewsletterSubscriber['status'], { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-500/10 text-amber-800 dark:text-amber-300' },
  confirmed: { label: 'Confirmed', className: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300' },
  unsubscribed: { label: 'Unsubscribed', className: 'bg-gray-500/10 text-gray-700 dark:text-gray-300' },
};

const SOURCE: Record<NewsletterSubscriber['source'], string> = { form: 'Sign-up form', import: 'Import' };

export default function SubscribersTable({
  subscribers,
  busy,
  onRemove,
}: {
  subscribers: NewsletterSubscriber[];
  busy: boolean;
  onRemove: (subscriber: NewsletterSubscriber) => void;
}) {
  return (
    <ListTable
      label="Subscribers"
      headings={HEADINGS.map((heading) => (
        <th
          key={heading}
          scope="col"
          className={`px-3 pb-2 font-semibold ${heading === 'Actions' ? 'text-right' : ''}`}
        >
          {heading}
        </th>
      ))}
    >
      {subscribers.map((s) => (
        <tr
          key={s._id}
          className="block border-b border-gray-200 py-3 first:pt-0 last:border-0 last:pb-0 lg:table-row lg:py-0 dark:border-white/10"
        >
          <Cell heading="Email">
            <span className="min-w-0 break-all text-right font-medium lg:text-left">{s.email}</span>
          </Cell>
          <Cell heading="Status">
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS[s.status].className}`}
            >
              {STATUS[s.status].label}
            </span>
          </Cell>
          <Cell heading="Source">
            <span className="whitespace-nowrap">{SOURCE[s.source]}</span>
          </Cell>
          <Cell heading="Signed up">
            <time
              dateTime={s.createdAt}
              title={formatDateTime(s.createdAt)}
              className="whitespace-nowrap tabular-nums text-gray-700 dark:text-gray-300"
            >
              {formatDate(s.createdAt)}
            </time>
          </Cell>
          <Cell heading="Actions" className="lg:text-right">
            <button
              type="button"
              className={DANGER_ACTION}
              disabled={busy}
              onClick={() => onRemove(s)}
              aria-label={`Remove ${s.email}`}
            >
              Remove
            </button>
          </Cell>
        </tr>
      ))}
    </ListTable>
  );
}
