/**
 * Pictures for a planned import: the .zip sent (or sent again) after the dry run, with its progress and Cancel; the
 * server makes the plan again, so the pictures it found show in it.
 */
import { useId, useRef, useState } from 'react';
import { uploadImportMedia, type ImportAnswer } from '../../../lib/api/admin/imports.ts';
import type { ImportJob } from '../../../shared/schemas/imports.ts';
import { useFieldErrors } from '../ui/field-errors.tsx';
import type { Notice } from '../ui/PagedList.tsx';
import { FileField, NOTE, secondaryButton, SUBHEADING, UploadLine } from './import-parts.tsx';
import { KIND_INFO, mediaFileProblem, type FileUpload } from './import-view.ts';

const FIELDS = ['media'] as const;

export default function ImportMediaForm({
  job,
  disabled,
  onPlanned,
  onBusyChange,
  onNotice,
}: {
  job: ImportJob;
  /** Another step of the import is under way. */
  disabled: boolean;
  onPlanned: (answer: ImportAnswer) => void;
  onBusyChange: (busy: boolean) => void;
  onNotice: (notice: Notice) => void;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const refusals = useFieldErrors(form, FIELDS);
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the input once its archive is in.
  const [round, setRound] = useState(0);
  const [upload, setUpload] = useState<{ progress: FileUpload; name: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const busy = upload !== null;

  async function send() {
    if (busy || disabled) return;
    const problem = mediaFileProblem(file, true);
    if (problem || !file) {
      refusals.refuse('media', problem ?? '');
      return;
    }
    refusals.reset();
    onNotice(null);
    const controller = new AbortController();
    abort.current = controller;
    setUpload({ progress: { state: 'sending', loaded: 0, total: file.size, percent: 0 }, name: file.name });
    onBusyChange(true);
    try {
      const answer = await uploadImportMedia(
        job.id,
        file,
        (p) =>
          setUpload(
            (u) => u && { ...u, progress: p.percent >= 100 ? { state: 'checking' } : { state: 'sending', ...p } },
          ),
        controller.signal,
      );
      setFile(null);
      setRound((n) => n + 1);
      onPlanned(answer);
    } catch (error) {
      if (controller.signal.aborted) onNotice({ tone: 'ok', text: 'The pictures’ upload was cancelled.' });
      else refusals.refuseError(error, 'The pictures could not be uploaded. Please try again.');
    } finally {
      abort.current = null;
      setUpload(null);
      onBusyChange(false);
    }
  }

  return (
    <form
      ref={form}
      className="grid gap-3 rounded-lg border border-gray-200 p-4 dark:border-white/10"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <h4 className={SUBHEADING}>Pictures</h4>
      <p className={NOTE}>
        {job.mediaFileName ? (
          <>
            The plan was made with <span className="break-all font-mono">{job.mediaFileName}</span>. Send another
            archive to replace it.
          </>
        ) : (
          'No pictures archive yet. Add one, and the plan is made again with the pictures it holds.'
        )}
      </p>
      <div className="max-w-xl">
        <FileField
          key={round}
          id={`${id}-media`}
          name="media"
          label="Pictures archive (.zip)"
          accept=".zip,application/zip"
          hint={KIND_INFO[job.kind].mediaHint.replace(/^Optional\. /, '')}
          error={refusals.errors.media}
          disabled={busy || disabled}
          onFile={(chosen) => {
            setFile(chosen);
            refusals.clear('media');
          }}
        />
      </div>
      {refusals.failure && (
        <p role="alert" className="m-0 text-sm font-medium text-red-700 dark:text-red-400">
          {refusals.failure}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy || disabled} aria-busy={busy} className={secondaryButton}>
          {busy ? 'Uploading…' : job.mediaFileName ? 'Replace pictures' : 'Upload pictures'}
        </button>
        {busy && (
          <button type="button" onClick={() => abort.current?.abort()} className={secondaryButton}>
            Cancel
          </button>
        )}
      </div>
      {upload && <UploadLine label="Pictures upload" name={upload.name} what="media" upload={upload.progress} />}
    </form>
  );
}
