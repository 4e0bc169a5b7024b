/** The warning a picture without alt text carries on its tile and its row: it cannot go on a published page yet. */
import MediaIcon from './MediaIcon.tsx';

export default function NoAltBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 ring-1 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-700 ${className}`}
    >
      <MediaIcon name="warning" className="h-3.5 w-3.5" />
      No alt text
    </span>
  );
}
