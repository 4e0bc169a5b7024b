/** Labelled inputs of the slider forms: each label wraps its control, so the label names it. */
import { useId, type ReactNode } from 'react';
import { inputClass as baseInputClass } from '../../auth/fields.tsx';
import { FieldError, INVALID_BORDER, invalidProps } from '../ui/field-errors.tsx';

const inputClass = `${baseInputClass} ${INVALID_BORDER}`;

const labelClass = 'block text-sm font-medium text-gray-800 dark:text-gray-200';

interface TextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'url' | 'number';
  placeholder?: string;
  maxLength?: number;
  min?: number;
  max?: number;
  name?: string;
  /** A refusal of this field, shown under it and read with it. */
  error?: string | undefined;
  /** A line under the field saying what it does, read with it. */
  hint?: string;
}

/** A text, URL or number input. */
export function TextInput({
  label,
  value,
  onChange,
  type = 'text',
  placeholder,
  maxLength = 300,
  min,
  max,
  name,
  error,
  hint,
}: TextProps) {
  const id = useId();
  // The refusal sits outside the label, so it describes the input without becoming part of its name.
  return (
    <div>
      <label className={labelClass}>
        {label}
        <input
          className={inputClass}
          type={type}
          name={name}
          value={value}
          placeholder={placeholder}
          maxLength={type === 'number' ? undefined : maxLength}
          min={min}
          max={max}
          {...invalidProps(id, error, hint ? `${id}-hint` : undefined)}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      {hint && (
        <p id={`${id}-hint`} className="m-0 mt-1 text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A select over fixed options (value and visible label). */
export function SelectInput<T extends string>({
  label,
  value,
  options,
  onChange,
  name,
  error,
}: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
  name?: string;
  /** A refusal of this field, shown under it and read with it. */
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label className={labelClass}>
        {label}
        <select
          className={inputClass}
          name={name}
          value={value}
          {...invalidProps(id, error)}
          onChange={(e) => onChange(e.target.value as T)}
        >
          {options.map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </select>
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A checkbox with its label on the right. */
export function CheckboxInput({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-gray-800 dark:text-gray-200">
      <input
        type="checkbox"
        className="h-5 w-5 accent-[var(--color-primary)]"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/** A colour picker beside the colour's text (the picker only takes #rrggbb). */
export function ColourInput({
  label,
  value,
  fallback,
  onChange,
}: {
  label: string;
  value: string;
  fallback: string;
  onChange: (value: string) => void;
}) {
  const hex = /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : fallback;
  return (
    <label className={labelClass}>
      {label}
      <span className="mt-1 flex items-center gap-2">
        <input
          type="color"
          className="h-10 w-14 cursor-pointer rounded-md border border-gray-300 bg-transparent p-1 dark:border-white/20"
          value={hex}
          onChange={(e) => onChange(e.target.value)}
        />
        <code className="text-sm text-gray-600 dark:text-gray-300">{hex}</code>
      </span>
    </label>
  );
}

/** A titled group of fields, as a card. */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="m-0 min-w-0 rounded-xl border border-gray-200 p-4 dark:border-white/10">
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** An upload's progress: a bar and the percentage (XMLHttpRequest upload events). */
export function UploadBar({ percent }: { percent: number }) {
  return (
    <div className="space-y-1">
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-white/10"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div
          className="h-full rounded-full bg-[var(--color-primary)] transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="m-0 text-xs text-gray-600 dark:text-gray-300">Uploading… {percent}%</p>
    </div>
  );
}
