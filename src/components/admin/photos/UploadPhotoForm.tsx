/** Upload New Photo (/admin/upload): title, caption, publish and a required image; POST /api/admin/photos/upload with progress. */
import { useState, type SubmitEvent } from 'react';
import { uploadPhoto } from '../../../lib/api/admin/photos.ts';
import { checkPhotoUpload, PHOTO_CAPTION_MAX, PHOTO_TITLE_MAX } from '../../../shared/schemas/photo.ts';
import { Alert, inputClass } from '../../auth/fields.tsx';
import AdminGate from '../ui/AdminGate.tsx';
import { SelectInput, TextInput, UploadBar } from '../sliders/fields.tsx';
import PhotoFileField from './PhotoFileField.tsx';

const PUBLISH = [
  ['false', 'No'],
  ['true', 'Yes'],
] as const;
const FAILED = 'Upload failed: ';

/** Spec section 8: the server's message when present, else the error's own text. */
function failureText(error: unknown): string {
  const data = (error as { data?: unknown } | null)?.data;
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message.trim()) return FAILED + message;
  return FAILED + (error instanceof Error ? error.message : String(error));
}

function UploadPhoto() {
  const [title, setTitle] = useState('');
  const [caption, setCaption] = useState('');
  const [published, setPublished] = useState<'false' | 'true'>('false');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [sent, setSent] = useState(0);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return;
    // The server's own rules, so a refusal shows before the picture is sent.
    const check = checkPhotoUpload({ title, caption, published });
    if (!check.ok) {
      setStatus({ tone: 'error', text: FAILED + check.message });
      return;
    }
    setBusy(true);
    setStatus(null);
    setProgress(0);
    try {
      const { message } = await uploadPhoto({ photo: file, title, caption, published: published === 'true' }, (p) =>
        setProgress(p.percent),
      );
      setStatus({ tone: 'success', text: message });
      setTitle('');
      setCaption('');
      setPublished('false');
      setFile(null);
      setSent((n) => n + 1);
    } catch (error) {
      setStatus({ tone: 'error', text: failureText(error) });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return (
    <div className="w-full max-w-2xl">
      <p className="m-0 mb-4 flex flex-wrap items-center justify-between gap-2 text-sm text-gray-600 dark:text-gray-400">
        <span>A new photo for the Photos page. A draft stays hidden until it is published.</span>
        <a href="/photos" className="font-medium text-[var(--color-primary-ink)] hover:underline">
          All photos →
        </a>
      </p>
      <form
        onSubmit={(event) => {
          void submit(event);
        }}
        className="space-y-5 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-white/10 dark:bg-[#111821] sm:p-8"
      >
        <TextInput label="Title" name="title" maxLength={PHOTO_TITLE_MAX} value={title} onChange={setTitle} />
        <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
          Caption
          <textarea
            className={inputClass}
            name="caption"
            rows={3}
            maxLength={PHOTO_CAPTION_MAX}
            value={caption}
            onChange={(e) => setCaption(e.target.value)}
          />
        </label>
        <div className="sm:max-w-xs">
          <SelectInput label="Publish" name="published" value={published} options={PUBLISH} onChange={setPublished} />
        </div>
        <PhotoFileField file={file} onFile={setFile} problem={problem} onProblem={setProblem} resetKey={sent} />
        {progress !== null && <UploadBar percent={progress} />}
        <button
          type="submit"
          disabled={busy}
          className="brand-button w-full px-4 py-2.5 font-semibold disabled:opacity-60 sm:w-auto sm:px-8"
        >
          {busy ? 'Uploading...' : 'Upload Photo'}
        </button>
      </form>
      <div aria-live="polite" className="mt-4 empty:hidden">
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
      </div>
    </div>
  );
}

export default function UploadPhotoForm() {
  return <AdminGate>{() => <UploadPhoto />}</AdminGate>;
}
