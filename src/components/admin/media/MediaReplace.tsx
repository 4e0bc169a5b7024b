/**
 * A new file at the same address (POST …/:id/replace): chosen, then sent with its progress; the server's answer says
 * when visitors see it. A picture is replaced by a picture, an audio file by one of its format.
 */
import { useId, useState } from 'react';
import { replaceMedia } from '../../../lib/api/admin/media.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import { MEDIA_REPLACE_KIND, type MediaItem, type MediaItemDetail } from '../../../shared/media-library.ts';
import { AUDIO_ACCEPT } from '../../../shared/schemas/audio-admin.ts';
import UploadProgressBar from '../company/UploadProgressBar.tsx';
import { FieldError, invalidProps } from '../ui/field-errors.tsx';
import { PICTURE_ACCEPT, uploadProblem } from './media-screen.ts';

interface Props {
  item: MediaItem;
  /** Another action of the panel is running. */
  disabled: boolean;
  onRunning: (running: boolean) => void;
  onReplaced: (item: MediaItemDetail) => void;
}

export default function MediaReplace({ item, disabled, onRunning, onReplaced }: Props) {
  const id = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  const sending = percent !== null;

  function choose(picked: File | null) {
    setMessage('');
    const wrongKind = picked?.type && !picked.type.startsWith(item.kind === 'image' ? 'image/' : 'audio/');
    const problem = picked ? (wrongKind ? MEDIA_REPLACE_KIND : uploadProblem(picked)) : null;
    setError(problem ?? '');
    setFile(problem ? null : picked);
  }

  async function send() {
    if (!file) return;
    setError('');
    setMessage('');
    setPercent(0);
    onRunning(true);
    try {
      const answer = await replaceMedia(item.id, file, (p) => setPercent(p.percent));
      setMessage(answer.message);
      setFile(null);
      setInputKey((k) => k + 1);
      onReplaced(answer.item);
    } catch (failure) {
      setError(errorMessage(failure, 'The file could not be replaced. Please try again.'));
    } finally {
      setPercent(null);
      onRunning(false);
    }
  }

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        New file
      </label>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <input
          key={inputKey}
          id={id}
          type="file"
          accept={item.kind === 'image' ? PICTURE_ACCEPT : AUDIO_ACCEPT}
          disabled={disabled || sending}
          {...invalidProps(id, error || undefined, hintId)}
          onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
          className="block min-w-0 flex-1 basis-48 text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-gray-200 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-900 dark:file:bg-white/10 dark:file:text-gray-100"
        />
        <button
          type="button"
          disabled={!file || disabled || sending}
          onClick={() => void send()}
          className="brand-button-outline shrink-0 px-3 py-1.5 text-sm font-semibold text-gray-900 disabled:cursor-not-allowed disabled:opacity-50 dark:text-gray-100"
        >
          {sending ? 'Replacing…' : 'Replace file'}
        </button>
      </div>
      <p id={hintId} className="m-0 text-xs text-gray-600 dark:text-gray-400">
        The address stays the same and pages that show the file get the new one. {MEDIA_REPLACE_KIND}
      </p>
      {percent !== null && <UploadProgressBar percent={percent} />}
      <FieldError id={id} error={error || undefined} />
      <p role="status" className="m-0 text-sm text-emerald-700 empty:hidden dark:text-emerald-300">
        {message}
      </p>
    </div>
  );
}
