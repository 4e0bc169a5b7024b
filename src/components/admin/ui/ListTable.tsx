/** The admin lists' table: a table from 1024 px, a stack of cards below it, each value labelled by its heading there. */
import type { ReactNode } from 'react';

const cell = 'flex min-w-0 items-center justify-between gap-3 py-1 lg:table-cell lg:px-3 lg:py-3 lg:align-middle';
const label = 'shrink-0 text-xs font-semibold uppercase tracking-wide text-gray-500 lg:hidden dark:text-gray-400';

/** One value; below 1024 px its heading is written beside it (hidden from screen readers, the table names it). */
export function Cell({
  heading,
  children,
  className = '',
}: {
  heading: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <td className={`${cell} ${className}`}>
      <span className={label} aria-hidden="true">
        {heading}
      </span>
      {children}
    </td>
  );
}

/** The table named `label`, with the `<th>`s of `headings` (shown from 1024 px) and the rows as children. */
export default function ListTable({
  label: name,
  headings,
  children,
}: {
  label: string;
  headings: ReactNode;
  children: ReactNode;
}) {
  return (
    <table className="block w-full border-collapse text-sm lg:table" aria-label={name}>
      <thead className="hidden lg:table-header-group">
        <tr className="border-b border-gray-200 text-left text-xs uppercase tracking-wide text-gray-500 dark:border-white/10 dark:text-gray-400">
          {headings}
        </tr>
      </thead>
      <tbody className="block lg:table-row-group">{children}</tbody>
    </table>
  );
}
