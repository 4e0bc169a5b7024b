/** The figures of a chart or list as a table, the accessible version of a chart; long ones scroll under a sticky header. */
import type { ReactNode } from 'react';

export interface Column<T> {
  heading: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned, in tabular figures. */
  numeric?: boolean;
  /** Kept on one line (a day). */
  nowrap?: boolean;
}

interface Props<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Rows beyond the box's height scroll inside it (the daily tables). */
  scroll?: boolean;
}

const th =
  'sticky top-0 z-1 bg-gray-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-gray-600 dark:bg-[#16202b] dark:text-gray-300';

export default function FiguresTable<T>({ caption, columns, rows, rowKey, scroll = false }: Props<T>) {
  return (
    <div
      className={`min-w-0 overflow-auto rounded-lg border border-gray-200 dark:border-white/10 ${scroll ? 'max-h-72' : ''}`}
      tabIndex={scroll ? 0 : undefined}
      role={scroll ? 'region' : undefined}
      aria-label={scroll ? caption : undefined}
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.heading} scope="col" className={`${th} ${c.numeric ? 'text-right' : 'text-left'}`}>
                {c.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-gray-100 dark:border-white/5">
              {columns.map((c, i) =>
                i === 0 ? (
                  <th
                    key={c.heading}
                    scope="row"
                    className={`px-3 py-1.5 text-left font-normal ${c.nowrap ? 'whitespace-nowrap' : 'break-words'}`}
                  >
                    {c.cell(row)}
                  </th>
                ) : (
                  <td
                    key={c.heading}
                    className={`px-3 py-1.5 ${c.numeric ? 'text-right tabular-nums whitespace-nowrap' : 'break-words'}`}
                  >
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
