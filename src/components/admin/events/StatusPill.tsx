/** A small coloured label: a registration's status, an event's kind. */
import type { ReactNode } from 'react';

const TONES = {
  green: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  amber: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  gray: 'bg-gray-500/10 text-gray-700 dark:text-gray-300',
  sky: 'bg-sky-500/10 text-sky-800 dark:text-sky-300',
} as const;

export function StatusPill({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}>
      {children}
    </span>
  );
}
