/**
 * One field of two versions side by side (older left, newer right; stacked below 640 px): words only in the older
 * struck through in <del>, words only in the newer underlined in <ins>, pictures as images, markup as plain text.
 * Usage: <ComparedField field={field} older={comparison.older} newer={comparison.newer} />.
 */
import { useId } from 'react';
import { apiAsset } from '../../../../lib/api/base.ts';
import type { FieldComparison, RevisionSummary } from '../../../../shared/revisions.ts';

/** Struck through and underlined besides the colours, so the difference does not rest on colour alone. */
export const REMOVED_CLASS =
  'rounded-sm bg-red-100 text-red-900 line-through decoration-red-700 dark:bg-red-500/25 dark:text-red-100 dark:decoration-red-300';
export const ADDED_CLASS =
  'rounded-sm bg-emerald-100 text-emerald-900 underline decoration-emerald-700 dark:bg-emerald-500/25 dark:text-emerald-100 dark:decoration-emerald-300';

type Side = 'older' | 'newer';

const empty = (text: string) => <p className="m-0 text-sm italic text-gray-500 dark:text-gray-400">{text}</p>;

/** The field's value in one version, its own words marked. */
function Words({ field, side }: { field: FieldComparison; side: Side }) {
  const value = side === 'older' ? field.before : field.after;
  if (value === '') return empty('Empty');
  const parts = field.changed ? field.parts : [{ value }];
  const marked = parts.map((part, i) => {
    if (side === 'older' && part.added) return null;
    if (side === 'newer' && part.removed) return null;
    if (part.removed)
      return (
        <del key={i} className={REMOVED_CLASS}>
          {part.value}
        </del>
      );
    if (part.added)
      return (
        <ins key={i} className={ADDED_CLASS}>
          {part.value}
        </ins>
      );
    return <span key={i}>{part.value}</span>;
  });
  // Markup is read as text, one block per line, never rendered: what changed may be a tag or an attribute.
  if (field.kind === 'html')
    return (
      <pre className="m-0 whitespace-pre-wrap rounded-md bg-gray-50 p-2 font-mono text-xs [overflow-wrap:anywhere] dark:bg-black/30">
        {marked}
      </pre>
    );
  return <p className="m-0 whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{marked}</p>;
}

function Picture({ field, side, version }: { field: FieldComparison; side: Side; version: number }) {
  const url = side === 'older' ? field.before : field.after;
  if (!url) return empty('No picture');
  return (
    <img
      src={apiAsset(url)}
      alt={`${field.label} in version ${version}`}
      className="aspect-video w-full max-w-xs rounded-lg border border-gray-200 object-cover dark:border-white/10"
    />
  );
}

export default function ComparedField({
  field,
  older,
  newer,
}: {
  field: FieldComparison;
  older: RevisionSummary;
  newer: RevisionSummary;
}) {
  const headingId = useId();
  const column = (side: Side, version: RevisionSummary) => (
    <div className="min-w-0" data-side={side}>
      <p className="m-0 mb-1 text-xs font-semibold text-gray-600 dark:text-gray-400">
        Version {version.number} ({side})
      </p>
      {field.kind === 'picture' ? (
        <Picture field={field} side={side} version={version.number} />
      ) : (
        <Words field={field} side={side} />
      )}
    </div>
  );
  return (
    <section
      aria-labelledby={headingId}
      data-field={field.name}
      className={`grid min-w-0 gap-2 rounded-lg border p-3 ${field.changed ? 'border-amber-500/60 dark:border-amber-400/50' : 'border-gray-200 dark:border-white/10'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="m-0 text-base font-semibold">
          {field.label}
        </h4>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${field.changed ? 'bg-amber-500/15 text-amber-900 dark:text-amber-100' : 'bg-gray-500/10 text-gray-700 dark:text-gray-300'}`}
        >
          {field.changed ? 'Changed' : 'Unchanged'}
        </span>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {column('older', older)}
        {column('newer', newer)}
      </div>
    </section>
  );
}
