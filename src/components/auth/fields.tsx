/** Form pieces shared by the sign-in screens. */
import { useId, useState, type ReactNode } from 'react';

export const inputClass = 'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 dark:border-white/20 dark:bg-white/5 dark:text-gray-100';

interface FieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email';
  autoComplete?: string;
  maxLength?: number;
}

export function TextField({ label, name, value, onChange, type = 'text', autoComplete, maxLength = 254 }: FieldProps) {
  return (
    <label className="block text-sm font-medium">
      {label}
      <input className={inputClass} name={name} type={type} required value={value} maxLength={maxLength} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

export function PasswordField({ label, name, value, onChange, autoComplete }: Omit<FieldProps, 'type'>) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <div className="text-sm font-medium">
      <label htmlFor={id}>{label}</label>
      <div className="relative">
        <input id={id} className={`${inputClass} pr-20`} name={name} type={shown ? 'text' : 'password'} required value={value} maxLength={512} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />
        <button type="button" className="absolute inset-y-0 right-2 my-auto h-8 rounded px-2 text-xs font-semibold text-[var(--color-primary-ink)]" aria-pressed={shown} onClick={() => setShown(!shown)}>
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}

export function Alert({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  const colour = tone === 'error' ? 'border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-300' : tone === 'success' ? 'border-green-500/40 bg-green-500/10 text-green-700 dark:text-green-300' : 'border-gray-400/40 bg-gray-500/10';
  return <p role={tone === 'error' ? 'alert' : 'status'} className={`m-0 rounded-md border px-3 py-2 text-sm ${colour}`}>{children}</p>;
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy} className="brand-button w-full px-4 py-2 font-semibold disabled:opacity-60">
      {children}
    </button>
  );
}

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto my-12 w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-[#111821] sm:p-8">
      <h1 className="m-0 mb-6 text-2xl font-bold">{title}</h1>
      {children}
    </section>
  );
}
