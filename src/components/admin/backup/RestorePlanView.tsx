/** The restore's dry run as the admin reads it: rows per table and files per store, the backup's beside today's. */
import { useId, useState } from 'react';
import { formatDateTime } from '../../../lib/format/dates.ts';
import type { RestorePlan } from '../../../shared/schemas/restore.ts';
import {
  checksumsLine,
  databaseName,
  differingTables,
  storeFacts,
  tableRows,
  tablesSummary,
} from './restore-plan-rows.ts';

const th =
  'bg-gray-50 px-2 py-2 text-xs font-semibold uppercase tracking-wide text-gray-600 sm:px-3 dark:bg-[#16202b] dark:text-gray-300';

/** The dry run: when the backup was made, its checksums, rows per table and files per store beside today's. */
export default function RestorePlanView({ plan }: { plan: RestorePlan }) {
  const [all, setAll] = useState(false);
  const titleId = useId();
  const rows = tableRows(plan, all);
  const differing = differingTables(plan);
  return (
    <section aria-labelledby={titleId} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div>
        <h3 id={titleId} className="m-0 text-base font-semibold">
          What the restore would change
        </h3>
        <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-400">
          Backup made <time dateTime={plan.createdAt}>{formatDateTime(plan.createdAt)}</time>, from a{' '}
          {databaseName(plan.database)} database.
        </p>
        <p className="m-0 mt-1 flex items-start gap-1.5 text-sm font-medium text-emerald-800 dark:text-emerald-300">
          <span aria-hidden="true">✓</span>
          <span>{checksumsLine(plan)}</span>
        </p>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2 lg:items-start">
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
          <h4 className="m-0 text-sm font-semibold">Rows per table</h4>
          <p className="m-0 text-sm text-gray-600 dark:text-gray-400">{tablesSummary(plan)}</p>
          {rows.length > 0 && (
            // Table names wrap between their words, so the table fits 320 px; a very long count scrolls instead of spilling out.
            <div className="min-w-0 overflow-x-auto rounded-lg border border-gray-200 dark:border-white/10">
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">
                  Rows per table in the backup and now{all ? '' : ', the tables that differ'}
                </caption>
                <thead>
                  <tr>
                    <th scope="col" className={`${th} text-left`}>
                      Table
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Backup
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Now
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Change
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr
                      key={row.name}
                      className={`border-t border-gray-100 dark:border-white/5 ${row.differs ? 'bg-amber-50 dark:bg-amber-400/10' : ''}`}
                    >
                      <th scope="row" className="px-2 py-1.5 text-left font-normal sm:px-3">
                        {row.label}
                      </th>
                      <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums sm:px-3">
                        {row.backup.toLocaleString('en-US')}
                      </td>
                      <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums sm:px-3">
                        {row.now.toLocaleString('en-US')}
                      </td>
                      <td
                        className={`whitespace-nowrap px-2 py-1.5 text-right tabular-nums sm:px-3 ${row.differs ? 'font-semibold text-amber-800 dark:text-amber-300' : 'text-gray-500 dark:text-gray-400'}`}
                      >
                        {row.change}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {differing < plan.tables.length && (
            <button
              type="button"
              aria-pressed={all}
              onClick={() => setAll((a) => !a)}
              className="justify-self-start rounded-md px-1 text-sm font-medium text-[var(--color-primary-ink)] underline underline-offset-2 hover:no-underline"
            >
              {all ? 'Show only the tables that differ' : `Show all ${plan.tables.length} tables`}
            </button>
          )}
        </div>
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
          <h4 className="m-0 text-sm font-semibold">Files</h4>
          <ul className="m-0 grid list-none gap-2 p-0 sm:grid-cols-2 lg:grid-cols-1">
            {storeFacts(plan).map((store) => (
              <li key={store.store} className="rounded-lg border border-gray-200 p-3 dark:border-white/10">
                <p className="m-0 text-sm font-semibold">{store.name}</p>
                <dl className="m-0 mt-1.5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  {store.facts.map(([label, value]) => (
                    <div key={label} className="contents">
                      <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
                      <dd className="m-0 text-right tabular-nums">{value}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
        The same number of rows is not the same content: the restore replaces every table and every file with the
        backup's.
      </p>
    </section>
  );
}
