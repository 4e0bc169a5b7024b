/** The checkout's form pieces: field and button looks, a titled step card and a field's error line. */
import type { ReactNode } from 'react';

/** A field's look without its width or spacing, for fields that sit beside a button. */
export const fieldClass =
  'block min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 aria-[invalid=true]:border-red-600 dark:border-white/20 dark:bg-white/5 dark:text-gray-100 dark:aria-[invalid=true]:border-red-400';
/** A field under its label, the row's full width. */
export const inputClass = `mt-1 w-full ${fieldClass}`;
export const buttonClass =
  'brand-button shrink-0 px-4 py-2 font-semibold disabled:cursor-not-allowed disabled:opacity-60';
export const outlineButtonClass =
  'brand-button-outline shrink-0 px-4 py-2 font-semibold text-gray-900 hover:bg-gray-500/10 disabled:opacity-60 dark:text-gray-100';
export const linkClass = 'font-medium text-[var(--color-primary-ink)] underline-offset-2 hover:underline';

/** One step of the checkout: a numbered heading and its content. */
export function Step({
  number,
  title,
  children,
  id,
}: {
  number: number;
  title: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6 dark:border-white/10 dark:bg-[#111821]"
    >
      <h2 id={id} className="m-0 mb-4 flex items-center gap-3 text-lg font-semibold">
        <span
          className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-gray-900 text-sm text-white dark:bg-white dark:text-gray-900"
          aria-hidden="true"
        >
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A field's refusal, read out with the field (aria-describedby) and shown under it. */
export function FieldError({ id, text }: { id: string; text: string }) {
  return text ? (
    <p id={id} role="alert" className="m-0 mt-1 text-sm text-red-700 dark:text-red-400">
      {text}
    </p>
  ) : null;
}
