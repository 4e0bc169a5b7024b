/** The small pieces the Import screen's parts share: a coloured badge, a file field, and one file's upload line. */
import type { ReactNode } from 'react';
import type { ImportAction, ImportOutcome, ImportStatus } from '../../../shared/schemas/imports.ts';
import { FieldError, INVALID_BORDER, invalidProps } from '../ui/field-errors.tsx';
import ProgressTrack from '../ui/ProgressTrack.tsx';
import {
  ACTION_LABELS,
  ACTION_TONES,
  OUTCOME_LABELS,
  OUTCOME_TONES,
  STATUS_LABELS,
  STATUS_TONES,
  uploadPercent,
  uploadText,
  type FileUpload,
  type Tone,
} from './import-view.ts';

export { dangerButton, Failure, primaryButton, secondaryButton, Working } from '../backup/restore-parts.tsx';

/** A text button inside a list or a table ("Show all 1,200"). */
export const linkButton =
  'justify-self-start rounded-md px-1 text-sm font-medium text-[var(--color-primary-ink)] underline underline-offset-2 hover:no-underline disabled:opacity-60';

export const SUBHEADING = 'm-0 text-base font-semibold outline-none';
export const NOTE = 'm-0 text-sm text-gray-600 dark:text-gray-400';

const TONES: Record<Tone, { pill: string; dot: string }> = {
  ok: { pill: 'bg-emerald-500/10 text-emerald-800 dark:text-emerald-300', dot: 'bg-emerald-500' },
  info: { pill: 'bg-sky-500/10 text-sky-800 dark:text-sky-300', dot: 'bg-sky-500' },
  waiting: { pill: 'bg-violet-500/10 text-violet-800 dark:text-violet-300', dot: 'bg-violet-500' },
  warning: { pill: 'bg-amber-500/15 text-amber-800 dark:text-amber-300', dot: 'bg-amber-500' },
  failed: { pill: 'bg-red-500/10 text-red-800 dark:text-red-300', dot: 'bg-red-500' },
  neutral: { pill: 'bg-gray-500/15 text-gray-700 dark:text-gray-300', dot: 'bg-gray-400' },
};

/** A state as a coloured pill; the colour only repeats what the text says. */
export function Badge({ tone, children, data }: { tone: Tone; children: ReactNode; data?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone].pill}`}
      data-badge={data}
    >
      <span className={`h-1.5 w-1.5 rounded-full ${TONES[tone].dot}`} aria-hidden="true" />
      {children}
    </span>
  );
}

export const ActionBadge = ({ action }: { action: ImportAction }) => (
  <Badge tone={ACTION_TONES[action]} data={action}>
    {ACTION_LABELS[action]}
  </Badge>
);

export const OutcomeBadge = ({ outcome }: { outcome: ImportOutcome }) => (
  <Badge tone={OUTCOME_TONES[outcome]} data={outcome}>
    {OUTCOME_LABELS[outcome]}
  </Badge>
);

export const StatusBadge = ({ status }: { status: ImportStatus }) => (
  <Badge tone={STATUS_TONES[status]} data={status}>
    {STATUS_LABELS[status]}
  </Badge>
);

const FILE_INPUT = `mt-1 block w-full min-w-0 rounded-md text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-gray-200 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-900 dark:file:bg-white/10 dark:file:text-gray-100 ${INVALID_BORDER}`;

/** A labelled file input with its hint and, under it, why the file was refused. */
export function FileField({
  id,
  name,
  label,
  accept,
  hint,
  error,
  disabled,
  onFile,
}: {
  id: string;
  name: string;
  label: string;
  accept: string;
  hint: ReactNode;
  error: string | undefined;
  disabled: boolean;
  onFile: (file: File | null) => void;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        disabled={disabled}
        {...invalidProps(id, error, `${id}-hint`)}
        onChange={(e) => onFile(e.currentTarget.files?.[0] ?? null)}
        className={FILE_INPUT}
      />
      <p id={`${id}-hint`} className="m-0 mt-1 text-xs text-gray-600 dark:text-gray-400">
        {hint}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** One file's upload: its bar and, live, how far it is. */
export function UploadLine({
  label,
  name,
  what,
  upload,
}: {
  /** The bar's name: 'Export file upload'. */
  label: string;
  /** The file's name, before the line. */
  name: string;
  what: 'export' | 'media';
  upload: FileUpload;
}) {
  return (
    <div className="grid gap-1.5">
      <ProgressTrack label={label} percent={uploadPercent(upload)} />
      <p role="status" className="m-0 text-sm tabular-nums text-gray-700 dark:text-gray-300">
        <span className="break-all font-medium">{name}:</span> {uploadText(what, upload)}
      </p>
    </div>
  );
}
