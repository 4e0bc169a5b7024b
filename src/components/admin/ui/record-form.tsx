/**
 * A record's form dialog (Manage Products, Team): the values (reset each time the dialog opens), a refusal under each
 * field, a form-level failure and the upload's progress. save() checks the server's own rules in the browser first;
 * either refusal is marked on the field it names and focuses it, or is shown for the form (useFieldErrors).
 */
import { useState, type ReactNode, type RefObject } from 'react';
import { FieldError, useFieldErrors } from './field-errors.tsx';

export type { FieldErrors } from './field-errors.tsx';

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

/** How one save differs from the form's own (an action beside it, such as discarding a draft). */
export interface SaveOptions {
  /** false: nothing of the form is sent, so its values are not checked. */
  check?: boolean;
  /** Shown in place of the form's own fallback. */
  fallback?: string;
}

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
  const refusals = useFieldErrors(dialog, fields);
  const [progress, setProgress] = useState<number | null>(null);

  // Each opening starts from the record as it is (or an empty form).
  const [opened, setOpened] = useState<R | 'new' | null>(null);
  if (opened !== editing) {
    setOpened(editing);
    if (editing) {
      setValues(valuesOf(record));
      setFile(null);
      refusals.reset();
    }
  }

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    refusals.clear(String(key));
  };

  /** Checks, then sends with the progress shown; `send` calls the API and hands its answer on. */
  async function save(send: Send, options: SaveOptions = {}) {
    refusals.reset();
    const problem = options.check === false ? null : check(values);
    if (problem) {
      refusals.refuse(problem.field, problem.message);
      return;
    }
    setProgress(0);
    try {
      await send(({ percent }) => setProgress(percent));
    } catch (error) {
      refusals.refuseError(error, options.fallback ?? fallback);
    } finally {
      setProgress(null);
    }
  }

  return {
    record,
    values,
    set,
    /** Fills the whole form at once (a draft read in). */
    setValues,
    file,
    setFile,
    errors: refusals.errors,
    mark: refusals.mark,
    clear: refusals.clear,
    failure: refusals.failure,
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
      <FieldError id={id} error={error} />
    </div>
  );
}
