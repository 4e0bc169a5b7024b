/** Where a file is used: each record that shows it (or a draft that will) as 'label — name'. */
import type { MediaUse } from '../../../shared/media-library.ts';

interface Props {
  /** null while the uses are being read. */
  uses: readonly MediaUse[] | null;
  /** Why the uses could not be read. */
  error: string;
}

export default function MediaUses({ uses, error }: Props) {
  if (error)
    return (
      <p role="alert" className="m-0 text-sm font-medium text-red-700 dark:text-red-300">
        {error}
      </p>
    );
  if (uses === null) return <p className="m-0 text-sm text-gray-600 dark:text-gray-400">Looking for its uses…</p>;
  if (uses.length === 0) return <p className="m-0 text-sm text-gray-600 dark:text-gray-400">Not used anywhere yet.</p>;
  return (
    <ul className="m-0 flex list-none flex-col gap-1 p-0 text-sm">
      {uses.map((use) => (
        <li key={`${use.label}-${use.id}`} className="min-w-0 break-words">
          <span className="font-medium">{use.label}</span>
          {use.name ? ` — ${use.name}` : ''}
        </li>
      ))}
    </ul>
  );
}
