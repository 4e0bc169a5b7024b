/** The Theme Settings controls: a colour picker, a slider with its value, and a blur select. */
import { useId, type ReactNode } from 'react';

const labelClass = 'block text-sm font-medium';
const inputClass =
  'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 dark:border-white/20 dark:bg-white/5 dark:text-gray-100';

export function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="mt-1 flex items-center gap-3">
        <input
          id={id}
          type="color"
          className="h-10 w-16 cursor-pointer rounded-md border border-gray-300 bg-transparent p-1 dark:border-white/20"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <code className="text-sm uppercase text-gray-600 dark:text-gray-300">{value}</code>
      </div>
    </div>
  );
}

interface RangeProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  unit?: string;
  onChange: (value: number) => void;
}

export function RangeField({ label, value, min, max, step, unit = '', onChange }: RangeProps) {
  const id = useId();
  const shown = `${step < 1 ? value.toFixed(1) : value}${unit}`;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <output htmlFor={id} className="text-sm tabular-nums text-gray-600 dark:text-gray-300">
          {shown}
        </output>
      </div>
      <input
        id={id}
        type="range"
        className="mt-2 block w-full accent-[var(--color-primary)]"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={shown}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </div>
  );
}

export function BlurSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number;
  options: readonly number[];
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} className={inputClass} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {options.map((px) => (
          <option key={px} value={px}>
            {px === 0 ? 'None (0px)' : `${px}px`}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-white/10 dark:bg-[#111821] sm:p-5"
    >
      <h2 id={id} className="m-0 mb-4 text-base font-semibold">
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}
