/** The spec's start and end dates (UTC days) with Show, and the quick ranges: the last 7, 30 or 90 days. */
import { useId, useState, type SubmitEvent } from 'react';
import { lastDays, QUICK_RANGES, resolveRange } from '../../../shared/analytics.ts';
import { FIELD_CLASS } from '../ui/FilterFields.tsx';
import { quickRangeOf, type Range } from './analytics-view.ts';

const fieldClass = `${FIELD_CLASS} aria-[invalid=true]:border-red-600 dark:aria-[invalid=true]:border-red-400 dark:[color-scheme:dark]`;

export default function RangePicker({
  range,
  today,
  onChange,
}: {
  range: Range;
  today: string;
  onChange: (range: Range) => void;
}) {
  const id = useId();
  const [start, setStart] = useState(range.start);
  const [end, setEnd] = useState(range.end);
  const [error, setError] = useState<{ field: 'start' | 'end'; message: string } | null>(null);
  // A new range from above (Show, a quick range, the address) replaces what was typed.
  const [shown, setShown] = useState(range);
  if (shown !== range) {
    setShown(range);
    setStart(range.start);
    setEnd(range.end);
    setError(null);
  }

  function show(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = resolveRange({ start: start || undefined, end: end || undefined }, today);
    if (!checked.ok) {
      setError({ field: checked.field, message: checked.message });
      document.getElementById(`${id}-${checked.field}`)?.focus();
      return;
    }
    setError(null);
    onChange({ start: checked.start, end: checked.end });
  }
  const invalid = (field: 'start' | 'end') =>
    error?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

  return (
    <form
      onSubmit={show}
      noValidate
      aria-label="Date range"
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-white/10 dark:bg-[#111821] sm:p-5"
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-full min-w-0 min-[400px]:w-44">
            <label htmlFor={`${id}-start`} className="block text-sm font-medium">
              Start date
            </label>
            <input
              id={`${id}-start`}
              type="date"
              className={fieldClass}
              value={start}
              max={end || today}
              onChange={(e) => setStart(e.target.value)}
              {...invalid('start')}
            />
          </div>
          <div className="w-full min-w-0 min-[400px]:w-44">
            <label htmlFor={`${id}-end`} className="block text-sm font-medium">
              End date
            </label>
            <input
              id={`${id}-end`}
              type="date"
              className={fieldClass}
              value={end}
              min={start}
              onChange={(e) => setEnd(e.target.value)}
              {...invalid('end')}
            />
          </div>
          <button type="submit" className="brand-button w-full px-5 py-2 font-semibold min-[400px]:w-auto">
            Show
          </button>
        </div>
        <div role="group" aria-label="Quick ranges" className="flex flex-wrap gap-2">
          {QUICK_RANGES.map((days) => {
            const pressed = quickRangeOf(range, today, days);
            return (
              <button
                key={days}
                type="button"
                aria-pressed={pressed}
                onClick={() => onChange(lastDays(days, today))}
                className={`flex-1 whitespace-nowrap rounded-md border px-3 py-2 text-sm font-medium min-[400px]:flex-none ${
                  pressed
                    ? 'border-[var(--color-primary)] bg-[color-mix(in_srgb,var(--color-primary)_15%,transparent)] text-gray-900 dark:text-gray-100'
                    : 'border-gray-300 text-gray-700 hover:bg-gray-50 dark:border-white/20 dark:text-gray-200 dark:hover:bg-white/5'
                }`}
              >
                Last {days} days
              </button>
            );
          })}
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="m-0 text-sm text-red-700 dark:text-red-300">
          {error.message}
        </p>
      )}
    </form>
  );
}
