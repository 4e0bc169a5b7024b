/**
 * Bulk upload into the library: files chosen or dropped are sent one request each, two at a time at most, each with
 * its own row (name, size, progress, then the server's answer or refusal); every file that arrives is handed on at
 * once, so the library shows it while the others still upload. Documents are added on the Documents tab instead.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { uploadMedia } from '../../../lib/api/admin/media.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import type { MediaItem, MediaItemDetail } from '../../../shared/media-library.ts';
import { formatBytes } from '../backup/format-bytes.ts';
import { Panel } from '../dashboard/Panel.tsx';
import ProgressTrack from '../ui/ProgressTrack.tsx';
import MediaIcon from './MediaIcon.tsx';
import {
  DOCUMENTS_TAB_HREF,
  MEDIA_ACCEPT,
  nextUploads,
  queueUploads,
  retryable,
  updateUpload,
  type UploadEntry,
} from './media-screen.ts';

interface Props {
  /** A file arrived in the library. */
  onUploaded: (item: MediaItemDetail) => void;
  /** Opens an uploaded file's details (to add its alt text). */
  onOpen: (item: MediaItem) => void;
}

const SMALL_BUTTON =
  'shrink-0 rounded-md border border-gray-300 px-2.5 py-1 text-xs font-semibold text-gray-900 hover:bg-gray-100 dark:border-white/20 dark:text-gray-100 dark:hover:bg-white/10';

function UploadRow({
  entry,
  onRetry,
  onOpen,
}: {
  entry: UploadEntry;
  onRetry: (entry: UploadEntry) => void;
  onOpen: (item: MediaItem) => void;
}) {
  const { file, state, percent, message, item } = entry;
  return (
    <li className="min-w-0 rounded-lg border border-gray-200 px-3 py-2 dark:border-white/10">
      <div className="flex min-w-0 items-center justify-between gap-3 text-sm">
        <span className="min-w-0 truncate font-medium" title={file.name}>
          {file.name}
        </span>
        <span className="shrink-0 tabular-nums text-gray-600 dark:text-gray-400">{formatBytes(file.size)}</span>
      </div>
      {(state === 'waiting' || state === 'uploading') && (
        <div className="mt-1.5 flex items-center gap-2">
          <ProgressTrack label={`Uploading ${file.name}`} percent={percent} className="min-w-12 flex-1" />
          <span className="w-16 shrink-0 text-right text-xs tabular-nums text-gray-600 dark:text-gray-300">
            {state === 'waiting' ? 'Waiting' : `${percent}%`}
          </span>
        </div>
      )}
      {state === 'done' && (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <p className="m-0 flex min-w-0 items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-300">
            <MediaIcon name="check" className="h-4 w-4" />
            <span className="min-w-0 break-words">{message}</span>
          </p>
          {item && (
            <button
              type="button"
              className={SMALL_BUTTON}
              aria-label={`Edit details of ${file.name}`}
              onClick={() => onOpen(item)}
            >
              Edit details
            </button>
          )}
        </div>
      )}
      {state === 'failed' && (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <p className="m-0 flex min-w-0 items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-300">
            <MediaIcon name="warning" className="mt-0.5 h-4 w-4" />
            <span className="min-w-0 break-words">{message}</span>
          </p>
          {entry.retry && (
            <button
              type="button"
              className={SMALL_BUTTON}
              aria-label={`Try again with ${file.name}`}
              onClick={() => onRetry(entry)}
            >
              Try again
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** 'Uploading 2 of 5 files…', then '4 files uploaded, 1 not.': what the status line says of the batch. */
function summary(entries: readonly UploadEntry[]): string {
  const done = entries.filter((e) => e.state === 'done').length;
  const failed = entries.filter((e) => e.state === 'failed').length;
  const open = entries.length - done - failed;
  if (open > 0) return `Uploading ${entries.length - open + 1} of ${entries.length} files…`;
  const uploaded = done === 1 ? '1 file uploaded' : `${done} files uploaded`;
  return failed === 0 ? `${uploaded}.` : `${uploaded}, ${failed} not.`;
}

export default function MediaUploader({ onUploaded, onOpen }: Props) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [dragging, setDragging] = useState(false);
  // The queue as the running uploads see it: their progress and results land between renders.
  const queue = useRef<UploadEntry[]>([]);
  const stopped = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    stopped.current = controller;
    // Files dropped just beside the zone would make the browser leave the screen to show them.
    const keep = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', keep, { signal: controller.signal });
    window.addEventListener('drop', keep, { signal: controller.signal });
    // Leaving the screen stops the uploads still running.
    return () => controller.abort();
  }, []);

  const change = (key: string, patch: Partial<UploadEntry>) => {
    queue.current = updateUpload(queue.current, key, patch);
    setEntries(queue.current);
  };

  async function send(entry: UploadEntry) {
    const signal = stopped.current?.signal;
    try {
      const answer = await uploadMedia(entry.file, {}, (p) => change(entry.key, { percent: p.percent }), signal);
      change(entry.key, { state: 'done', percent: 100, message: answer.message, item: answer.item });
      onUploaded(answer.item);
    } catch (error) {
      if (signal?.aborted) return;
      const status = (error as { status?: number } | null)?.status;
      change(entry.key, {
        state: 'failed',
        message: errorMessage(
          error,
          status === undefined
            ? 'The file did not reach the server. Check the connection and try again.'
            : 'The file could not be uploaded. Please try again.',
        ),
        retry: retryable(status),
      });
    }
    if (!signal?.aborted) startNext();
  }

  function startNext() {
    for (const entry of nextUploads(queue.current)) {
      change(entry.key, { state: 'uploading', percent: 0 });
      void send(entry);
    }
  }

  function add(files: readonly File[]) {
    if (files.length === 0) return;
    queue.current = [...queue.current, ...queueUploads(files)];
    setEntries(queue.current);
    startNext();
  }

  const retry = (entry: UploadEntry) => {
    change(entry.key, { state: 'waiting', percent: 0, message: '', retry: false });
    startNext();
  };

  const finished = entries.filter((e) => e.state === 'done' || e.state === 'failed').length;
  const clear = () => {
    queue.current = queue.current.filter((e) => e.state === 'waiting' || e.state === 'uploading');
    setEntries(queue.current);
  };

  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  return (
    <Panel
      title="Upload files"
      id="media-upload"
      action={
        finished > 0 && (
          <button type="button" className={SMALL_BUTTON} onClick={clear}>
            Clear finished
          </button>
        )
      }
    >
      <div
        onDragEnter={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          // Moving over a child of the zone is no leaving.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          add(Array.from(event.dataTransfer.files));
        }}
        data-dragging={dragging || undefined}
        className={`flex flex-col items-center rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors motion-reduce:transition-none sm:py-8 ${dragging ? 'border-[var(--color-primary)] bg-[color-mix(in_srgb,var(--color-primary)_8%,transparent)]' : 'border-gray-300 dark:border-white/20'}`}
      >
        <MediaIcon name="upload" className="h-8 w-8 text-gray-500 dark:text-gray-400" />
        <p className="m-0 mt-2 font-medium">Drop pictures and audio files here</p>
        <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-400">or</p>
        <button
          type="button"
          className="brand-button mt-2 px-4 py-2 text-sm font-semibold"
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          Choose files
        </button>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={MEDIA_ACCEPT}
          aria-label="Files to upload"
          tabIndex={-1}
          className="hidden"
          onChange={(event) => {
            add(Array.from(event.currentTarget.files ?? []));
            // The same file chosen again is a new choice.
            event.currentTarget.value = '';
          }}
        />
        <div id={hintId} className="mt-3 flex max-w-md flex-col gap-1 text-xs text-gray-600 dark:text-gray-400">
          <p className="m-0">
            Takes pictures and audio. Pictures: JPEG, PNG, GIF or WEBP, up to 5 MB each. Audio: MP3, M4A, AAC, OGG, WAV
            or FLAC, up to 50 MB each.
          </p>
          {/* The library lists documents too, but they are only added where they are edited. */}
          <p className="m-0">
            Documents (PDF, Word and others) are added on the{' '}
            <a
              href={DOCUMENTS_TAB_HREF}
              className="font-semibold text-[var(--color-primary-ink)] underline underline-offset-2"
            >
              Documents tab
            </a>
            .
          </p>
        </div>
      </div>
      {/* Always present, so screen readers hear the first line too. */}
      <p role="status" className="m-0 mt-4 text-sm font-medium empty:hidden">
        {entries.length > 0 ? summary(entries) : ''}
      </p>
      {entries.length > 0 && (
        <ul aria-label="Uploads" className="m-0 mt-2 grid list-none gap-2 p-0 lg:grid-cols-2">
          {entries.map((entry) => (
            <UploadRow key={entry.key} entry={entry} onRetry={retry} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
