/**
 * A tab's form dialog state: the fields (reset each time the dialog opens), Saving..., the refusals and the upload's
 * progress. Usage: const { form, set, busy, errors, refuse, refusals, progress, submit } = useContentForm(target, blank, formOf);
 * then in save(): check (refuse(field, message) on a problem), then
 * submit((onProgress) => create or update, 'The video could not be saved. Please try again.', onSaved);
 * and <ContentFormDialog refusals={refusals} …> with each control given errors[its name].
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFieldErrors } from '../../ui/field-errors.tsx';

type Write = (onProgress: (progress: { percent: number }) => void) => Promise<{ message: string }>;

/** What the dialog needs to show refusals: its form (where fields are found), the form-level one, and the clearing. */
export interface ContentRefusals {
  /** The dialog's <form>, as a callback ref. */
  attachForm: (form: HTMLFormElement | null) => void;
  failure: string;
  clear: (field: string) => void;
}

/** `blank` and `formOf` must not change between renders (module-level functions); `onOpen` resets a dialog's own extras. */
export function useContentForm<T, F>(
  target: T | 'new' | null,
  blank: () => F,
  formOf: (item: T) => F,
  onOpen?: () => void,
) {
  const [form, setForm] = useState<F>(blank);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, failure, refuse, refuseError, clear, reset } = useFieldErrors(formRef);
  const set =
    <K extends keyof F>(key: K) =>
    (value: F[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    if (target === null) return;
    setForm(target === 'new' ? blank() : formOf(target));
    reset();
    setProgress(null);
    onOpen?.();
    // Only a new target resets the form (blank, formOf and onOpen are fixed or only call state setters).
  }, [target]);

  /** Sends the form; the bar starts at 0 % when `upload` is true; the server's refusal (or `fallback`) is shown. */
  async function submit(write: Write, fallback: string, onSaved: (message: string) => void, upload = false) {
    setBusy(true);
    reset();
    setProgress(upload ? 0 : null);
    try {
      const { message } = await write(({ percent }) => setProgress(percent));
      onSaved(message);
    } catch (e) {
      refuseError(e, fallback);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  const attachForm = useCallback((element: HTMLFormElement | null) => {
    formRef.current = element;
  }, []);
  const refusals: ContentRefusals = { attachForm, failure, clear };
  return { form, setForm, set, busy, errors, refuse, refusals, progress, submit } as const;
}
