/** One card of the Settings screen: a heading, a line on what it is for, and its forms. */
import type { ReactNode } from 'react';
import { Alert, type FormMessage } from '../auth/fields.tsx';

/** The screen's buttons, in the site's brand classes. */
export const PRIMARY_BUTTON = 'brand-button px-4 py-2 font-semibold disabled:opacity-60';
export const OUTLINE_BUTTON =
  'brand-button-outline px-4 py-2 font-medium text-gray-900 disabled:opacity-60 dark:text-gray-100';

interface Props {
  id: string;
  title: string;
  description?: string;
  tone?: 'normal' | 'danger';
  children: ReactNode;
}

export default function SettingsSection({ id, title, description, tone = 'normal', children }: Props) {
  const border =
    tone === 'danger' ? 'border-red-500/50 dark:border-red-400/40' : 'border-gray-200 dark:border-white/10';
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`min-w-0 rounded-2xl border ${border} bg-white p-4 shadow-sm sm:p-6 dark:bg-[#111821]`}
    >
      <h2
        id={`${id}-title`}
        className={`m-0 text-xl font-bold ${tone === 'danger' ? 'text-red-700 dark:text-red-300' : ''}`}
      >
        {title}
      </h2>
      {description && <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-400">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A section form's message (useFormMessage) below it, when it has one; `className` places it in the form's layout. */
export function SectionMessage({
  form,
  className = 'mt-3',
}: {
  form: { id: string; message: FormMessage | null };
  className?: string;
}) {
  if (!form.message) return null;
  return (
    <div className={className}>
      <Alert tone={form.message.tone} id={form.id}>
        {form.message.text}
      </Alert>
    </div>
  );
}
