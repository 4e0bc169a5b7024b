/** The Update Company screen's pieces: a labelled text field from its FieldSpec, a tick box, and a titled card. */
import { useId, type ReactNode } from 'react';
import { FONTS } from '../../../shared/constants.ts';
import type { FieldSpec } from './company-rules.ts';

const inputClass =
  'mt-1 block w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 aria-[invalid=true]:border-red-600 dark:border-white/20 dark:bg-white/5 dark:text-gray-100 dark:aria-[invalid=true]:border-red-400';

interface FieldProps {
  spec: FieldSpec;
  value: string;
  error: string;
  onChange: (value: string) => void;
}

export function Field({ spec, value, error, onChange }: FieldProps) {
  const id = useId();
  const described = [spec.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: spec.name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    className: inputClass,
  };
  let control: ReactNode;
  if (spec.kind === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={spec.rows ?? 3}
        maxLength={spec.max}
        placeholder={spec.placeholder}
        autoComplete={spec.autoComplete}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else if (spec.kind === 'font') {
    // A stored font the list no longer offers stays selectable, so opening the form changes nothing.
    const fonts: readonly string[] =
      FONTS.includes(value as (typeof FONTS)[number]) || value === '' ? FONTS : [value, ...FONTS];
    control = (
      <select {...common} onChange={(e) => onChange(e.target.value)}>
        {fonts.map((font) => (
          <option key={font} value={font}>
            {font}
          </option>
        ))}
      </select>
    );
  } else {
    const type = spec.kind === 'link' ? 'text' : spec.kind;
    control = (
      <input
        {...common}
        type={type}
        inputMode={spec.kind === 'link' ? 'url' : undefined}
        spellCheck={spec.kind === 'link' || spec.kind === 'email' ? false : undefined}
        maxLength={spec.max}
        autoComplete={spec.autoComplete ?? 'off'}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium">
        {spec.label}
      </label>
      {control}
      {spec.hint && (
        <p id={`${id}-hint`} className="m-0 mt-1 text-xs text-gray-600 dark:text-gray-400">
          {spec.hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="m-0 mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

interface CheckFieldProps {
  name: string;
  label: string;
  hint: string;
  checked: boolean;
  error: string;
  onChange: (checked: boolean) => void;
}

/** A tick box with its label beside it and a hint below. */
export function CheckField({ name, label, hint, checked, error, onChange }: CheckFieldProps) {
  const id = useId();
  return (
    <div className="min-w-0">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-0.5 h-4 w-4 shrink-0 accent-[var(--color-primary)]"
        />
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
      </div>
      <p id={`${id}-hint`} className="m-0 mt-1 pl-6 text-xs text-gray-600 dark:text-gray-400">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="m-0 mt-1 pl-6 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export function Card({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-white/10 dark:bg-[#111821] sm:p-5"
    >
      <h2 id={id} className="m-0 text-lg font-semibold">
        {title}
      </h2>
      {description && <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-400">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
