/** Search box, select filters and 'Reset Filters' as a list section declares them; collapsible below 768 px. */
import { useId, useState } from 'react';
import type { Panel } from '../../lib/filters/core.ts';

export interface FilterPanelProps {
  /** The section's search box and selects (labels and options), from its declaration in src/lib/filters/. */
  panel: Panel;
  /** The current value of every key. */
  values: Readonly<Record<string, string>>;
  onChange: (key: string, value: string) => void;
  onReset: () => void;
  /** How many items pass the filters; null while the list is still loading. */
  count: number | null;
  noun: string;
}

const control =
  'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 dark:border-white/20 dark:bg-[#111821] dark:text-gray-100';

export default function FilterPanel({ panel, values, onChange, onReset, count, noun }: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { search } = panel;
  return (
    <section aria-label="Filters" className="mb-6 rounded-xl border border-gray-200 p-4 dark:border-white/10">
      <div className="flex flex-wrap items-center gap-3">
        {search && (
          <label className="min-w-48 flex-1">
            <span className="sr-only">Search</span>
            <input
              type="search"
              className={control}
              placeholder={search.placeholder}
              value={values[search.key] ?? ''}
              maxLength={search.maxLength}
              onChange={(e) => onChange(search.key, e.target.value)}
            />
          </label>
        )}
        <button
          type="button"
          className="md:hidden rounded-md border border-gray-300 px-3 py-2 text-sm dark:border-white/20"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide Filters' : 'Show Filters'}
        </button>
        <p className="m-0 ml-auto text-sm text-gray-600 dark:text-gray-300" aria-live="polite">
          {count === null ? 'Loading…' : `${count} ${noun}`}
        </p>
      </div>
      <div id={id} className={`${open ? 'grid' : 'hidden'} mt-4 gap-3 sm:grid-cols-2 md:grid md:grid-cols-4`}>
        {panel.selects.map((field) => (
          <label key={field.key} className="block text-sm font-medium">
            {field.label}
            <select
              className={`${control} mt-1`}
              value={values[field.key]}
              onChange={(e) => onChange(field.key, e.target.value)}
            >
              {field.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <div className="flex items-end">
          <button type="button" className="brand-button-outline w-full px-4 py-2 text-sm font-medium" onClick={onReset}>
            Reset Filters
          </button>
        </div>
      </div>
    </section>
  );
}
