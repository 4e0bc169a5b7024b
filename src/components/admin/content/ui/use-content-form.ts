/**
 * A tab's form dialog state: the fields (reset each time the dialog opens), Saving..., the refusal and the upload's
 * progress. Usage: const { form, set, busy, error, setError, progress, submit } = useContentForm(target, blank, formOf);
 * then in save(): check, then submit((onProgress) => create or update, 'The video could not be saved. Please try again.', onSaved).
 */
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../lib/api/auth.ts';

type Write = (onProgress: (progress: { percent: number }) => void) => Promise<{ message: string }>;

/** `blank` and `formOf` must not change between renders (module-level functions); `onOpen` resets a dialog's own extras. */
export function useContentForm<T, F>(
  target: T | 'new' | null,
  blank: () => F,
  formOf: (item: T) => F,
  onOpen?: () => void,
) {
  const [form, setForm] = useState<F>(blank);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const set =
    <K extends keyof F>(key: K) =>
    (value: F[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    if (target === null) return;
    setForm(target === 'new' ? blank() : formOf(target));
    setError('');
    setProgress(null);
    onOpen?.();
    // Only a new target resets the form (blank, formOf and onOpen are fixed or only call state setters).
  }, [target]);

  /** Sends the form; the bar starts at 0 % when `upload` is true; the server's refusal (or `fallback`) shows as the error. */
  async function submit(write: Write, fallback: string, onSaved: (message: string) => void, upload = false) {
    setBusy(true);
    setError('');
    setProgress(upload ? 0 : null);
    try {
      const { message } = await write(({ percent }) => setProgress(percent));
      onSaved(message);
    } catch (e) {
      setError(errorMessage(e, fallback));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return { form, setForm, set, busy, error, setError, progress, submit } as const;
}
