/**
 * Add addresses to the newsletter from a CSV file or pasted text. Each new address is asked to confirm (double
 * opt-in); the report says how many were added, already there, invalid, or skipped because they unsubscribed.
 */
import { useId, useState } from 'react';
import { importSubscribers } from '../../../lib/api/admin/newsletter.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import { IMPORT_MAX_CHARS, IMPORT_MAX_ROWS, type ImportReport } from '../../../shared/schemas/newsletter-admin.ts';
import { FIELD_CLASS } from '../ui/FilterFields.tsx';
import ModalDialog from '../ui/ModalDialog.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  onImported: (report: ImportReport) => void;
}

const SECONDARY =
  'rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-100 disabled:opacity-60 dark:border-white/20 dark:hover:bg-white/10';

export default function ImportDialog({ open, onClose, onImported }: Props) {
  const titleId = useId();
  const textId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const close = () => {
    setText('');
    setConsent(false);
    setFailure('');
    onClose();
  };

  async function readFile(file: File | undefined) {
    if (!file) return;
    setFailure('');
    if (file.size > IMPORT_MAX_CHARS * 4) {
      setFailure(`The file is too large: at most ${IMPORT_MAX_CHARS.toLocaleString('en-US')} characters at a time.`);
      return;
    }
    setText(await file.text());
  }

  async function submit() {
    setBusy(true);
    setFailure('');
    try {
      const report = await importSubscribers(text);
      setText('');
      setConsent(false);
      onImported(report);
    } catch (error) {
      setFailure(errorMessage(error, 'The addresses could not be added. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog
      open={open}
      busy={busy}
      onCancel={close}
      labelledBy={titleId}
      className="max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-1rem))] overflow-y-auto p-0"
    >
      {open && (
        <form
          noValidate
          className="flex flex-col gap-4 p-4 sm:p-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy && consent) void submit();
          }}
        >
          <h2 id={titleId} className="m-0 text-lg font-bold">
            Add addresses
          </h2>
          <p className="m-0 text-sm text-gray-700 dark:text-gray-300">
            Choose a CSV file or paste addresses, one per line. A column headed &quot;Email&quot; is used when there is
            one. Each new address gets the confirmation mail and is sent issues only once it confirms; addresses that
            unsubscribed are never added again. At most {IMPORT_MAX_ROWS.toLocaleString('en-US')} rows at a time.
          </p>
          <div>
            <label htmlFor={fileId} className="block text-sm font-medium">
              CSV file
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="mt-1 block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-transparent file:px-3 file:py-1.5 file:text-sm file:font-medium dark:file:border-white/20 dark:file:text-gray-100"
              onChange={(event) => void readFile(event.target.files?.[0])}
            />
          </div>
          <div>
            <label htmlFor={textId} className="block text-sm font-medium">
              Addresses
            </label>
            <textarea
              id={textId}
              name="csv"
              rows={7}
              maxLength={IMPORT_MAX_CHARS}
              value={text}
              placeholder={'ada@example.com\nbob@example.com'}
              onChange={(event) => setText(event.target.value)}
              className={`${FIELD_CLASS} font-mono`}
            />
          </div>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 shrink-0"
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
            />
            <span>These people agreed to receive our newsletter.</span>
          </label>
          {failure && (
            <p
              role="alert"
              className="m-0 break-words rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm font-medium text-red-700 dark:text-red-300"
            >
              {failure}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" disabled={busy} onClick={close} className={SECONDARY}>
              Cancel
            </button>
            <button
              type="submit"
              disabled={busy || !consent || text.trim() === ''}
              className="brand-button px-5 py-2 font-semibold disabled:opacity-60"
            >
              {busy ? 'Adding...' : 'Add and ask to confirm'}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
