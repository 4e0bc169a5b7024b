/**
 * The first step: WordPress or Shopify (each with what it brings), the export file, an optional .zip of the pictures,
 * and "Upload and check": each file's upload with its own bar, Cancel while it runs. The export is sent first and the
 * server answers with the dry run; the pictures follow into that planned import. A refusal is shown under its field.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import { uploadImport, uploadImportMedia, type ImportAnswer } from '../../../lib/api/admin/imports.ts';
import { IMPORT_FILE_MAX_BYTES, IMPORT_KINDS, type ImportKind } from '../../../shared/schemas/imports.ts';
import { formatBytes } from '../backup/format-bytes.ts';
import type { Notice } from '../ui/PagedList.tsx';
import { FieldError, useFieldErrors } from '../ui/field-errors.tsx';
import { FileField, primaryButton, secondaryButton, UploadLine } from './import-parts.tsx';
import { exportFileProblem, KIND_INFO, mediaFileProblem, type FileUpload } from './import-view.ts';

const FIELDS = ['kind', 'file', 'media'] as const;

interface Uploads {
  export: FileUpload;
  exportName: string;
  media: FileUpload | null;
  mediaName: string;
}

const isAborted = (controller: AbortController | null) => controller?.signal.aborted === true;
const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

export default function ImportUploadForm({
  focusFirst = false,
  onPlanned,
  onBusyChange,
  onNotice,
}: {
  /** The kind choice takes the focus once drawn (after a discard, or "Import another file"). */
  focusFirst?: boolean;
  /** The export was read: its planned job, and what went wrong with the pictures if something did. */
  onPlanned: (answer: ImportAnswer, note: Notice) => void;
  onBusyChange: (busy: boolean) => void;
  onNotice: (notice: Notice) => void;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const refusals = useFieldErrors(form, FIELDS);
  const [kind, setKind] = useState<ImportKind>('wordpress');
  const [exportFile, setExportFile] = useState<File | null>(null);
  const [mediaFile, setMediaFile] = useState<File | null>(null);
  const [uploads, setUploads] = useState<Uploads | null>(null);
  const abort = useRef<AbortController | null>(null);
  const busy = uploads !== null;
  const info = KIND_INFO[kind];

  useEffect(() => {
    if (focusFirst) form.current?.querySelector<HTMLInputElement>('input[name="kind"]:checked')?.focus();
  }, [focusFirst]);

  function refuseExport(error: unknown) {
    if (statusOf(error) === 413)
      refusals.refuse(
        'file',
        errorMessage(error, `The export file is too large: at most ${formatBytes(IMPORT_FILE_MAX_BYTES)}.`),
      );
    else refusals.refuseError(error, 'The export file could not be uploaded. Please try again.');
  }

  async function send() {
    if (busy) return;
    const fileProblem = exportFileProblem(kind, exportFile);
    if (fileProblem || !exportFile) {
      refusals.refuse('file', fileProblem ?? '');
      return;
    }
    const mediaProblem = mediaFileProblem(mediaFile);
    if (mediaProblem) {
      refusals.refuse('media', mediaProblem);
      return;
    }
    refusals.reset();
    onNotice(null);
    const controller = new AbortController();
    abort.current = controller;
    setUploads({
      export: { state: 'sending', loaded: 0, total: exportFile.size, percent: 0 },
      exportName: exportFile.name,
      media: mediaFile ? { state: 'waiting' } : null,
      mediaName: mediaFile?.name ?? '',
    });
    onBusyChange(true);
    try {
      let answer: ImportAnswer;
      try {
        answer = await uploadImport(
          kind,
          exportFile,
          (p) =>
            setUploads(
              (u) => u && { ...u, export: p.percent >= 100 ? { state: 'checking' } : { state: 'sending', ...p } },
            ),
          controller.signal,
        );
      } catch (error) {
        if (isAborted(controller)) onNotice({ tone: 'ok', text: 'The upload was cancelled. Nothing was imported.' });
        else refuseExport(error);
        return;
      }
      if (!mediaFile) {
        onPlanned(answer, null);
        return;
      }
      setUploads(
        (u) =>
          u && {
            ...u,
            export: { state: 'done' },
            media: { state: 'sending', loaded: 0, total: mediaFile.size, percent: 0 },
          },
      );
      try {
        answer = await uploadImportMedia(
          answer.job.id,
          mediaFile,
          (p) =>
            setUploads(
              (u) => u && { ...u, media: p.percent >= 100 ? { state: 'checking' } : { state: 'sending', ...p } },
            ),
          controller.signal,
        );
        onPlanned(answer, null);
      } catch (error) {
        // The export is in and planned: its plan is shown, and the pictures can be sent again from there.
        onPlanned(answer, {
          tone: 'error',
          text: isAborted(controller)
            ? 'The pictures’ upload was cancelled: the plan is made without them. Add them under “Pictures”.'
            : `The pictures could not be uploaded: ${errorMessage(error, 'please try again.')} The plan is made without them; add them under “Pictures”.`,
        });
      }
    } finally {
      abort.current = null;
      setUploads(null);
      onBusyChange(false);
    }
  }

  return (
    <form
      ref={form}
      className="grid gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <fieldset
        className="m-0 min-w-0 border-0 p-0"
        disabled={busy}
        aria-describedby={refusals.errors.kind ? `${id}-kind-error` : undefined}
      >
        <legend className="p-0 text-sm font-medium">Where from</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {IMPORT_KINDS.map((option) => (
            <label
              key={option}
              className={`flex min-w-0 cursor-pointer items-start gap-3 rounded-lg border p-3 ${kind === option ? 'border-[var(--color-primary)] bg-[color-mix(in_srgb,var(--color-primary)_8%,transparent)]' : 'border-gray-200 dark:border-white/10'}`}
            >
              <input
                type="radio"
                name="kind"
                value={option}
                checked={kind === option}
                // Named by the source alone; what it brings is its description, read once.
                aria-labelledby={`${id}-${option}-name`}
                aria-describedby={`${id}-${option}-brings`}
                onChange={() => {
                  setKind(option);
                  // The export input takes the other kind's file type now: the file chosen for the first goes.
                  setExportFile(null);
                  refusals.clear('kind');
                  refusals.clear('file');
                }}
                className="mt-1 shrink-0 accent-[var(--color-primary)]"
              />
              <span className="min-w-0 font-medium">
                <span id={`${id}-${option}-name`}>{KIND_INFO[option].name}</span>
                <span
                  id={`${id}-${option}-brings`}
                  className="block text-sm font-normal text-gray-600 dark:text-gray-400"
                >
                  {KIND_INFO[option].brings}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={`${id}-kind`} error={refusals.errors.kind} />
      </fieldset>
      <div className="grid gap-4 lg:grid-cols-2">
        <FileField
          // A new input for each kind: its accept changes, and the file chosen before goes with it.
          key={kind}
          id={`${id}-file`}
          name="file"
          label="Export file"
          accept={info.accept}
          hint={info.fileHint}
          error={refusals.errors.file}
          disabled={busy}
          onFile={(file) => {
            setExportFile(file);
            refusals.clear('file');
          }}
        />
        <FileField
          id={`${id}-media`}
          name="media"
          label="Pictures archive (.zip, optional)"
          accept=".zip,application/zip"
          hint={info.mediaHint}
          error={refusals.errors.media}
          disabled={busy}
          onFile={(file) => {
            setMediaFile(file);
            refusals.clear('media');
          }}
        />
      </div>
      {refusals.failure && (
        <p role="alert" className="m-0 text-sm font-medium text-red-700 dark:text-red-400">
          {refusals.failure}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} aria-busy={busy} className={primaryButton}>
          {busy ? 'Uploading…' : 'Upload and check'}
        </button>
        {busy && (
          <button type="button" onClick={() => abort.current?.abort()} className={secondaryButton}>
            Cancel
          </button>
        )}
        {!busy && (
          <p className="m-0 text-sm text-gray-600 dark:text-gray-400">Nothing on the site changes until you import.</p>
        )}
      </div>
      {uploads && (
        <div className="grid gap-3">
          <UploadLine label="Export file upload" name={uploads.exportName} what="export" upload={uploads.export} />
          {uploads.media && (
            <UploadLine label="Pictures upload" name={uploads.mediaName} what="media" upload={uploads.media} />
          )}
        </div>
      )}
    </form>
  );
}
