/** The small pieces of the restore panel (RestorePanel.tsx): its buttons, status lines, steps and the archive box. */
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format/dates.ts';
import type { UploadProgress } from '../../../lib/api/upload.ts';
import type { RestoreUpload } from '../../../shared/schemas/restore.ts';
import ProgressTrack from '../ui/ProgressTrack.tsx';
import { formatBytes } from './format-bytes.ts';

export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-white/20 dark:hover:bg-white/10';
export const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60';
export const primaryButton =
  'brand-button inline-flex items-center justify-center gap-2 px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

export function Code({ children }: { children: ReactNode }) {
  return (
    <code className="block whitespace-pre-wrap break-words rounded-lg bg-gray-100 px-3 py-2 font-mono text-[13px] text-gray-900 dark:bg-black/40 dark:text-gray-100">
      {children}
    </code>
  );
}

/** A long step under way: a spinner and what the server is doing. */
export function Working({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="m-0 flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
      <span
        className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
        aria-hidden="true"
      />
      {children}
    </p>
  );
}

export function Failure({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="m-0 break-words rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm font-medium text-red-700 dark:text-red-300"
    >
      {message}
    </p>
  );
}

/** Where the admin stands in the three steps. */
export function Steps({ current }: { current: 1 | 2 | 3 }) {
  const steps = ['Upload', 'Check', 'Restore'] as const;
  return (
    <ol className="m-0 flex list-none flex-wrap gap-2 p-0 text-xs font-medium" aria-label="Steps">
      {steps.map((label, i) => {
        const n = i + 1;
        const state = n < current ? 'done' : n === current ? 'current' : 'later';
        return (
          <li
            key={label}
            aria-current={state === 'current' ? 'step' : undefined}
            className={`flex items-center gap-1.5 rounded-full border px-2.5 py-1 ${
              state === 'current'
                ? 'border-[var(--color-primary)] text-gray-900 dark:text-gray-100'
                : state === 'done'
                  ? 'border-emerald-600/40 text-emerald-800 dark:text-emerald-300'
                  : 'border-gray-200 text-gray-500 dark:border-white/10 dark:text-gray-400'
            }`}
          >
            <span aria-hidden="true">{state === 'done' ? '✓' : n}</span>
            {label}
            {state === 'done' && <span className="sr-only"> (done)</span>}
          </li>
        );
      })}
    </ol>
  );
}

export function UploadProgressLine({ progress }: { progress: UploadProgress }) {
  const { loaded, total, percent } = progress;
  return (
    <div className="grid gap-1.5">
      <ProgressTrack label="Archive upload" percent={percent} />
      <p role="status" className="m-0 text-sm tabular-nums text-gray-700 dark:text-gray-300">
        {percent >= 100
          ? 'Uploaded; the server is saving the archive…'
          : `Uploading: ${formatBytes(loaded)} of ${formatBytes(total)} (${percent}%)`}
      </p>
    </div>
  );
}

/** The uploaded archive, with the way to remove it. */
export function ArchiveBox({
  upload,
  error,
  busy,
  removing,
  onRemove,
}: {
  upload: RestoreUpload;
  error: string | undefined;
  busy: boolean;
  removing: boolean;
  onRemove: () => void;
}) {
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-200 p-3 dark:border-white/10">
        <div className="min-w-0">
          <p className="m-0 break-all font-mono text-sm font-semibold">{upload.fileName}</p>
          <p className="m-0 mt-0.5 text-sm text-gray-600 dark:text-gray-400">
            {formatBytes(upload.bytes)}, uploaded{' '}
            <time dateTime={upload.uploadedAt}>{formatDateTime(upload.uploadedAt)}</time>
          </p>
        </div>
        <button type="button" disabled={busy} aria-busy={removing} onClick={onRemove} className={secondaryButton}>
          {removing ? 'Removing…' : 'Remove this archive'}
        </button>
      </div>
      {error && (
        <p role="alert" className="m-0 mt-1 break-words text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** The operator's way, for a new server: shorter than the admin's, kept for whoever runs the server. */
export function OnNewServer() {
  return (
    <details className="group mt-5 rounded-lg border border-gray-200 dark:border-white/10">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-3 py-2.5 text-sm font-medium [&::-webkit-details-marker]:hidden">
        <span>Restore on a new server instead</span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180 motion-reduce:transition-none">
          ▾
        </span>
      </summary>
      <div className="grid gap-2 border-t border-gray-200 px-3 py-3 text-sm text-gray-700 dark:border-white/10 dark:text-gray-300">
        <p className="m-0">
          Whoever runs the server restores into a new, empty data directory (with PostgreSQL: a new empty database, with
          DATABASE_URL and the same AUTH_SECRET as before), then starts the site on it:
        </p>
        <Code>DATA_DIR=./data-restored npm run restore site-backup.tar.gz.age</Code>
        <Code>DATA_DIR=./data-restored npm start</Code>
        <p className="m-0 text-gray-600 dark:text-gray-400">
          It asks for the passphrase (or reads BACKUP_PASSPHRASE) and checks every checksum before it writes anything.
        </p>
      </div>
    </details>
  );
}
