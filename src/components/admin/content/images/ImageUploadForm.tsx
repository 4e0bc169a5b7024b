/**
 * The Images tab's form (site-spec sections 2, 4, 8): Title, Caption, Draft/Published and several images, one
 * POST /api/admin/photos/upload per file with the bearer token, each file with its size and its own percent progress.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { uploadPhoto } from '../../../../lib/api/admin/photos.ts';
import { errorMessage } from '../../../../lib/api/auth.ts';
import { checkPhotoUpload, PHOTO_CAPTION_MAX, PHOTO_TITLE_MAX } from '../../../../shared/schemas/photo.ts';
import { Alert, inputClass } from '../../../auth/fields.tsx';
import { SelectInput, TextInput } from '../../sliders/fields.tsx';
import { formatMB, queueFiles, updateQueued, type QueuedFile } from './upload-queue.ts';

const STATES = [
  ['false', 'Draft'],
  ['true', 'Published'],
] as const;
type Status = { tone: 'success' | 'error' | 'info'; text: string } | null;

function FileRow({ entry }: { entry: QueuedFile }) {
  const tone = entry.state === 'failed' ? 'bg-red-600' : 'bg-[var(--color-primary)]';
  return (
    <li className="min-w-0 rounded-lg border border-gray-200 px-3 py-2 dark:border-white/10" data-testid="upload-file">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="min-w-0 truncate font-medium" title={entry.file.name}>
          {entry.file.name}
        </span>
        <span className="shrink-0 tabular-nums text-gray-600 dark:text-gray-400">{formatMB(entry.file.size)}</span>
      </div>
      <div className="mt-1 flex items-center gap-2">
        <div
          className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-gray-200 dark:bg-white/10"
          role="progressbar"
          aria-label={`${entry.file.name} upload progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={entry.percent}
        >
          <div className={`h-full rounded-full transition-[width] ${tone}`} style={{ width: `${entry.percent}%` }} />
        </div>
        <span
          className="w-10 shrink-0 text-right text-xs tabular-nums text-gray-600 dark:text-gray-300"
          data-testid="upload-percent"
        >
          {entry.percent}%
        </span>
      </div>
    </li>
  );
}

export default function ImageUploadForm({ onUploaded }: { onUploaded: () => void }) {
  const inputId = useId();
  const [title, setTitle] = useState('');
  const [caption, setCaption] = useState('');
  const [published, setPublished] = useState<'false' | 'true'>('false');
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [inputKey, setInputKey] = useState(0);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (queue.length === 0) {
      setStatus({ tone: 'info', text: 'Please select files to upload' });
      return;
    }
    const check = checkPhotoUpload({ title, caption, published });
    if (!check.ok) {
      setStatus({ tone: 'error', text: `Error uploading files: ${check.message}` });
      return;
    }
    setBusy(true);
    setStatus(null);
    let current: QueuedFile[] = queue.map((entry) => ({ ...entry, percent: 0, state: 'waiting' }));
    setQueue(current);
    const failures: string[] = [];
    // One request per file, one after another: each file's bar is its own request's progress.
    for (const entry of current) {
      const set = (change: Partial<QueuedFile>) => {
        current = updateQueued(current, entry.key, change);
        setQueue(current);
      };
      set({ state: 'uploading' });
      try {
        await uploadPhoto({ photo: entry.file, title, caption, published: published === 'true' }, (p) =>
          set({ percent: p.percent }),
        );
        set({ state: 'done', percent: 100 });
      } catch (error) {
        set({ state: 'failed' });
        failures.push(
          `${entry.file.name}: ${errorMessage(error, error instanceof Error ? error.message : 'the upload failed')}`,
        );
      }
    }
    setBusy(false);
    if (current.some((entry) => entry.state === 'done')) onUploaded();
    if (failures.length > 0) {
      // The files that failed stay chosen, so they can be sent again.
      setQueue(current.filter((entry) => entry.state === 'failed'));
      setStatus({ tone: 'error', text: `Error uploading files: ${failures.join('; ')}` });
      return;
    }
    setStatus({ tone: 'success', text: 'Files uploaded successfully' });
    setQueue([]);
    setTitle('');
    setCaption('');
    setPublished('false');
    setInputKey((k) => k + 1);
  }

  return (
    <form
      onSubmit={(event) => {
        void submit(event);
      }}
      aria-label="Upload images"
      className="space-y-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-white/10 dark:bg-[#111821] sm:p-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Title" name="title" maxLength={PHOTO_TITLE_MAX} value={title} onChange={setTitle} />
        <SelectInput label="Status" name="published" value={published} options={STATES} onChange={setPublished} />
      </div>
      <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        Caption
        <textarea
          className={inputClass}
          name="caption"
          rows={2}
          maxLength={PHOTO_CAPTION_MAX}
          value={caption}
          onChange={(e) => setCaption(e.target.value)}
        />
      </label>
      <div className="text-sm font-medium text-gray-800 dark:text-gray-200">
        <label htmlFor={inputId}>Image files</label>
        <input
          key={inputKey}
          id={inputId}
          name="photos"
          type="file"
          accept="image/*"
          multiple
          disabled={busy}
          className="mt-1 block w-full text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-gray-200 file:px-3 file:py-2 file:font-semibold file:text-gray-900 dark:file:bg-white/10 dark:file:text-gray-100"
          onChange={(e) => {
            setQueue(queueFiles(Array.from(e.currentTarget.files ?? [])));
            setStatus(null);
          }}
        />
        <p className="m-0 mt-1 text-xs font-normal text-gray-500 dark:text-gray-400">
          JPEG, PNG, GIF or WEBP, less than 5MB each.
        </p>
      </div>
      {queue.length > 0 && (
        <ul aria-label="Selected files" className="m-0 grid list-none gap-2 p-0">
          {queue.map((entry) => (
            <FileRow key={entry.key} entry={entry} />
          ))}
        </ul>
      )}
      {/* Spec section 5: with no files the button is disabled and the warning says why, once the form is being filled. */}
      {queue.length === 0 && !busy && (title || caption) && (
        <p role="status" className="m-0 text-sm font-medium text-amber-800 dark:text-amber-300">
          Please select files to upload
        </p>
      )}
      <button
        type="submit"
        disabled={busy || queue.length === 0}
        className="brand-button w-full px-6 py-2.5 font-semibold disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
      >
        {busy ? 'Uploading...' : 'Upload'}
      </button>
      <div aria-live="polite" className="empty:hidden">
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
      </div>
    </form>
  );
}
