/** The dashboard's card: a titled section, its loading spinner, and an error line with Retry (never a blank). */
import type { ReactNode } from 'react';
import Spinner from '../ui/Spinner.tsx';

export function Panel({
  title,
  action,
  children,
  id,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-white/10 dark:bg-[#111821] sm:p-5"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="m-0 text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The card's main action beside its title ('Add Product', 'New issue'): it opens the card's form. */
export function PanelAction({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="brand-button px-4 py-2 text-sm font-semibold" onClick={onClick}>
      {label}
    </button>
  );
}

export function PanelLoading({ label }: { label: string }) {
  return <Spinner compact label={label} />;
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
    >
      <span className="min-w-0 flex-1">{message}</span>
      <button
        type="button"
        onClick={onRetry}
        className="brand-button-outline shrink-0 px-3 py-1 text-sm font-medium text-gray-900 hover:opacity-85 dark:text-gray-100"
      >
        Retry
      </button>
    </div>
  );
}
