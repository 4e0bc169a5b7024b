/**
 * A record's form dialog (Manage Products, Team): the values (reset each time the dialog opens), a refusal under each
 * field, a form-level failure and the upload's progress. save() checks the server's own rules in the browser first
 * and focuses the first bad field; a refusal from the server is marked on the field it names, or shown for the form.
 */
import { useState, type ReactNode, type RefObject } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string | undefined>>;

export interface RecordFormOptions<R, V, F extends string> {
  /** null: closed; 'new': a new record; a record: that one is edited. */
  editing: R | 'new' | null;
  /** The form's values for a record, or blank ones for null; a module-level function. */
  valuesOf: (record: R | null) => V;
  /** The fields a server refusal may name. */
  fields: readonly F[];
  /** The browser-side check of the server's rules: the first bad field, or null. */
  check: (values: V) => { field: F; message: string } | null;
  /** Shown when the server's refusal says nothing usable. */
  fallback: string;
  dialog: RefObject<HTMLDialogElement | null>;
}

type Send = (onProgress: (progress: { percent: number }) => void) => Promise<void>;

export function useRecordForm<R, V, F extends string>({
  editing,
  valuesOf,
  fields,
  check,
  fallback,
  dialog,
}: RecordFormOptions<R, V, F>) {
  const record = editing === 'new' ? null : editing;
  const [values, setValues] = useState<V>(() => valuesOf(null));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [failure, setFailure] = useState('');
  const [progress, setProgress] = useState<number | null>(null);

  // Each opening starts from the record as it is (or an empty form).
  const [opened, setOpened] = useState<R | 'new' | null>(null);
  if (opened !== editing) {
    setOpened(editing);
    if (editing) {
      setValues(valuesOf(record));
      setFile(null);
      setErrors({});
      setFailure('');
    }
  }

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /** Checks, then sends with the progress shown; `send` calls the API and hands its answer on. */
  async function save(send: Send) {
    setFailure('');
    const problem = check(values);
    if (problem) {
      setErrors({ [problem.field]: problem.message } as FieldErrors<F>);
      dialog.current?.querySelector<HTMLElement>(`[name="${problem.field}"]`)?.focus();
      return;
    }
    setProgress(0);
    try {
      await send(({ percent }) => setProgress(percent));
    } catch (error) {
      const named = (error as { data?: { field?: unknown } }).data?.field;
      const field = fields.includes(named as F) ? (named as F) : null;
      const message = errorMessage(error, fallback);
      if (field) setErrors({ [field]: message } as FieldErrors<F>);
      else setFailure(message);
    } finally {
      setProgress(null);
    }
  }

  return {
    record,
    values,
    set,
    file,
    setFile,
    errors,
    setErrors,
    failure,
    progress,
    busy: progress !== null,
    save,
  } as const;
}

/** A labelled field with its hint, or its error in place of the hint. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="m-0 mt-1 text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="m-0 mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
