/**
 * Picks a file of the media library for the rich-text editor: one kind (pictures or audio), searched and paged, or a
 * new file uploaded there. A picture goes in with alt text, which belongs to the library item (the server wants it
 * there before the picture shows on a published page): when it was typed or changed here it is saved to the library
 * first. Mounted while open. Usage: <MediaPickerDialog kind="image" onCancel={close} onInsert={(choice) => …} />.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import { errorMessage } from '../../../../lib/api/auth.ts';
import { apiAsset } from '../../../../lib/api/base.ts';
import { fetchMedia, updateMedia, uploadMedia } from '../../../../lib/api/admin/media.ts';
import { UPLOAD_TYPES } from '../../../../shared/constants.ts';
import { srcSetFor, VARIANT_TYPE } from '../../../../shared/image-variants.ts';
import {
  MEDIA_ALT_MAX,
  MEDIA_CAPTION_MAX,
  MEDIA_SEARCH_MAX,
  type MediaItem,
  type MediaKind,
  type MediaListAnswer,
} from '../../../../shared/media-library.ts';
import { objectPositionOf } from '../../../../shared/media-url.ts';
import { AUDIO_ACCEPT } from '../../../../shared/schemas/audio-admin.ts';
import { inputClass } from '../../../auth/fields.tsx';
import { LoadError, PanelLoading } from '../../dashboard/Panel.tsx';
import { useRemote } from '../../dashboard/use-remote.ts';
import { FieldError, INVALID_BORDER, invalidProps, refusedField } from '../../ui/field-errors.tsx';
import { SearchField } from '../../ui/FilterFields.tsx';
import ModalDialog from '../../ui/ModalDialog.tsx';
import { Pager } from '../../ui/PagedList.tsx';
import ProgressTrack from '../../ui/ProgressTrack.tsx';
import { mapSrcset } from './library-picture.ts';

/** What the editor inserts: the library item (as saved, for a picture whose alt text changed), its alt text and caption. */
export interface MediaChoice {
  item: MediaItem;
  alt: string;
  caption: string;
}

/** What the editor embeds: pictures and audio (documents are linked, not embedded). */
export type EmbeddedKind = Extract<MediaKind, 'image' | 'audio'>;

interface Props {
  kind: EmbeddedKind;
  onCancel: () => void;
  onInsert: (choice: MediaChoice) => void;
}

const TEXTS = {
  image: {
    title: 'Insert a picture',
    search: 'Search pictures',
    upload: 'Upload new picture',
    accept: UPLOAD_TYPES.join(','),
    list: 'Pictures in the media library',
    loading: 'Loading pictures',
    loadFailed: 'The pictures could not be loaded. Please try again.',
    empty: 'The media library has no pictures yet: upload one.',
    noMatch: 'No picture matches this search.',
    pages: 'Pages of pictures',
    count: (n: number) => (n === 1 ? '1 picture' : `${n} pictures`),
    insert: 'Insert picture',
    wrongKind: 'That file is not a picture: choose a JPEG, PNG, GIF or WebP file.',
  },
  audio: {
    title: 'Insert audio',
    search: 'Search audio',
    upload: 'Upload new audio file',
    accept: AUDIO_ACCEPT,
    list: 'Audio files in the media library',
    loading: 'Loading audio files',
    loadFailed: 'The audio files could not be loaded. Please try again.',
    empty: 'The media library has no audio files yet: upload one.',
    noMatch: 'No audio file matches this search.',
    pages: 'Pages of audio files',
    count: (n: number) => (n === 1 ? '1 audio file' : `${n} audio files`),
    insert: 'Insert audio',
    wrongKind: 'That file is not an audio file: choose an MP3, M4A/AAC, OGG/Opus, WAV or FLAC file.',
  },
} as const;

export const ALT_MISSING = 'Add alt text: it tells people who cannot see the picture what it shows.';
const ALT_SAVE_FAILED = 'The alt text could not be saved. Please try again.';
const UPLOAD_FAILED = 'The file could not be uploaded. Please try again.';

const fileNameOf = (item: MediaItem) => item.address.slice(item.address.lastIndexOf('/') + 1);
const nameOf = (item: MediaItem) => item.title.trim() || fileNameOf(item);

/** A browser that names the file's type names it right; one that names none leaves the check to the server. */
const fitsKind = (file: File, kind: EmbeddedKind) => file.type === '' || file.type.startsWith(`${kind}/`);

const FIELD = `${inputClass} ${INVALID_BORDER}`;
const SECONDARY =
  'rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-100 disabled:opacity-60 dark:border-white/20 dark:hover:bg-white/10';

/** A library picture as small as the tile: the smallest AVIF variant that fills it, cropped at its focal point. */
function Thumbnail({ item, sizes }: { item: MediaItem; sizes: string }) {
  const srcset = srcSetFor(item.url);
  const position = objectPositionOf(item.url);
  return (
    <picture>
      {srcset && <source type={VARIANT_TYPE} srcSet={mapSrcset(srcset, apiAsset)} sizes={sizes} />}
      <img
        src={apiAsset(item.url)}
        alt=""
        loading="lazy"
        decoding="async"
        className="block aspect-square w-full rounded-md bg-gray-100 object-cover dark:bg-white/10"
        {...(position ? { style: { objectPosition: position } } : {})}
      />
    </picture>
  );
}

const noteIcon = (
  <svg
    viewBox="0 0 24 24"
    className="h-8 w-8"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm12-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z" />
  </svg>
);

function Tile({ item, chosen, onChoose }: { item: MediaItem; chosen: boolean; onChoose: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={chosen}
      onClick={onChoose}
      className={`block w-full min-w-0 rounded-lg border p-1.5 text-left hover:border-[var(--color-primary)] ${chosen ? 'border-[var(--color-primary)] ring-2 ring-[var(--color-primary)]' : 'border-gray-200 dark:border-white/10'}`}
    >
      {item.kind === 'image' ? (
        <Thumbnail item={item} sizes="10rem" />
      ) : (
        <span className="flex aspect-square w-full items-center justify-center rounded-md bg-gray-100 text-gray-500 dark:bg-white/10 dark:text-gray-400">
          {noteIcon}
        </span>
      )}
      <span className="mt-1 block truncate text-xs font-medium">{nameOf(item)}</span>
      {item.kind === 'image' && item.alt.trim() === '' && (
        <span className="block text-xs text-amber-700 dark:text-amber-300">No alt text</span>
      )}
    </button>
  );
}

/**
 * The editor's form is a modal dialog too, and React hands a dialog's cancel (Escape) on to the onCancel of every
 * dialog around it, though the DOM event does not bubble: stopped here, Escape closes this dialog only. React's types
 * offer onCancel on <dialog> alone, hence the spread.
 */
const containCancel = { onCancel: (event: SyntheticEvent) => event.stopPropagation() };

export default function MediaPickerDialog({ kind, onCancel, onInsert }: Props) {
  const texts = TEXTS[kind];
  const titleId = useId();
  const searchId = useId();
  const altId = useId();
  const captionId = useId();
  const altInput = useRef<HTMLInputElement>(null);

  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const load = useCallback(() => fetchMedia({ kind, q, page }), [kind, q, page]);
  const { remote, reload } = useRemote<MediaListAnswer>(load, texts.loadFailed);

  const [chosen, setChosen] = useState<MediaItem | null>(null);
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [altError, setAltError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const [saving, setSaving] = useState(false);
  /** The running upload's progress in percent; null while none runs. */
  const [sent, setSent] = useState<number | null>(null);
  const uploading = useRef<AbortController | null>(null);
  // Closing the dialog stops its upload.
  useEffect(() => () => uploading.current?.abort(), []);

  const choose = (item: MediaItem) => {
    setChosen(item);
    setAlt(item.alt);
    setCaption(item.caption);
    setAltError(undefined);
    setFailure('');
  };

  const send = async (file: File) => {
    setNotice('');
    setFailure('');
    if (!fitsKind(file, kind)) {
      setFailure(texts.wrongKind);
      return;
    }
    uploading.current?.abort();
    const controller = new AbortController();
    uploading.current = controller;
    setSent(0);
    try {
      const answer = await uploadMedia(file, {}, ({ percent }) => setSent(percent), controller.signal);
      if (answer.item.kind === kind) {
        choose(answer.item);
        setNotice(answer.message);
      } else setFailure(texts.wrongKind);
      void reload(true);
    } catch (error) {
      if (!controller.signal.aborted) setFailure(errorMessage(error, UPLOAD_FAILED));
    } finally {
      if (uploading.current === controller) {
        uploading.current = null;
        setSent(null);
      }
    }
  };

  const insert = async () => {
    if (!chosen || saving) return;
    if (kind === 'audio') {
      onInsert({ item: chosen, alt: '', caption: chosen.title.trim() });
      return;
    }
    const text = alt.trim();
    if (text === '') {
      setAltError(ALT_MISSING);
      altInput.current?.focus();
      return;
    }
    let item = chosen;
    if (text !== chosen.alt) {
      setSaving(true);
      setAltError(undefined);
      setFailure('');
      try {
        item = (await updateMedia(chosen.id, { alt: text })).item;
      } catch (error) {
        const message = errorMessage(error, ALT_SAVE_FAILED);
        if (refusedField(error) === 'alt') {
          setAltError(message);
          altInput.current?.focus();
        } else setFailure(message);
        return;
      } finally {
        setSaving(false);
      }
    }
    onInsert({ item, alt: item.alt.trim() || text, caption: caption.trim() });
  };

  const onEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void insert();
  };

  const list = remote.state === 'ready' ? remote.data : null;
  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;

  return createPortal(
    <div className="contents" {...containCancel}>
      <ModalDialog
        open
        busy={saving}
        onCancel={onCancel}
        labelledBy={titleId}
        className="max-h-[calc(100dvh-2rem)] w-[min(48rem,calc(100vw-1rem))] overflow-y-auto p-0"
      >
        <div className="flex flex-col gap-4 p-4 sm:p-6">
          <h2 id={titleId} className="m-0 text-lg font-bold">
            {texts.title}
          </h2>
          <div className="flex flex-wrap items-end gap-3">
            <SearchField
              id={searchId}
              label={texts.search}
              placeholder="Title, alt text, caption or tag"
              maxLength={MEDIA_SEARCH_MAX}
              value={q}
              onSearch={(text) => {
                setQ(text);
                setPage(1);
              }}
              className="min-w-0 flex-1"
            />
            <label className="brand-button-outline cursor-pointer px-4 py-2 text-sm font-semibold focus-within:outline-2 focus-within:outline-offset-2">
              {texts.upload}
              <input
                type="file"
                accept={texts.accept}
                className="sr-only"
                disabled={sent !== null}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  // The same file chosen again (after a failure) is a new choice.
                  event.currentTarget.value = '';
                  if (file) void send(file);
                }}
              />
            </label>
          </div>
          {sent !== null && <ProgressTrack label="Upload progress" percent={sent} />}
          <p role="status" className="m-0 min-h-5 text-sm text-emerald-700 dark:text-emerald-300">
            {sent === null ? notice : `Uploading… ${sent}%`}
          </p>

          {remote.state === 'loading' && <PanelLoading label={texts.loading} />}
          {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
          {list &&
            (list.items.length === 0 ? (
              <p className="m-0 text-sm text-gray-600 dark:text-gray-400">{q ? texts.noMatch : texts.empty}</p>
            ) : (
              <div>
                <ul
                  aria-label={texts.list}
                  className="m-0 grid list-none grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-2 p-0"
                >
                  {list.items.map((item) => (
                    <li key={item.id} className="min-w-0">
                      <Tile item={item} chosen={chosen?.id === item.id} onChoose={() => choose(item)} />
                    </li>
                  ))}
                </ul>
                <Pager
                  page={list.page}
                  pages={pages}
                  total={list.total}
                  onPage={setPage}
                  label={texts.pages}
                  count={texts.count}
                />
              </div>
            ))}

          {chosen && (
            <section
              aria-label="Chosen file"
              className={`grid gap-3 rounded-lg border border-gray-200 p-3 dark:border-white/10 ${chosen.kind === 'image' ? 'sm:grid-cols-[10rem_1fr]' : ''}`}
            >
              {chosen.kind === 'image' ? (
                <Thumbnail item={chosen} sizes="10rem" />
              ) : (
                // eslint-disable-next-line jsx-a11y/media-has-caption -- an uploaded audio file comes with no caption file for a <track> to name
                <audio
                  controls
                  preload="none"
                  src={apiAsset(chosen.url)}
                  aria-label={`Listen to ${nameOf(chosen)}`}
                  className="w-full"
                />
              )}
              <div className="grid min-w-0 content-start gap-3">
                <p className="m-0 truncate text-sm font-semibold">{nameOf(chosen)}</p>
                {kind === 'image' && (
                  <>
                    <div className="text-sm font-medium text-gray-800 dark:text-gray-200">
                      <label htmlFor={altId}>Alt text</label>
                      <input
                        ref={altInput}
                        id={altId}
                        className={FIELD}
                        value={alt}
                        maxLength={MEDIA_ALT_MAX}
                        required
                        {...invalidProps(altId, altError, `${altId}-hint`)}
                        onChange={(event) => {
                          setAlt(event.target.value);
                          setAltError(undefined);
                        }}
                        onKeyDown={onEnter}
                      />
                      <p id={`${altId}-hint`} className="m-0 mt-1 text-xs font-normal text-gray-500 dark:text-gray-400">
                        What the picture shows, for people who cannot see it. Saved to the media library: every page
                        that shows this picture uses it.
                      </p>
                      <FieldError id={altId} error={altError} />
                    </div>
                    <div className="text-sm font-medium text-gray-800 dark:text-gray-200">
                      <label htmlFor={captionId}>Caption (optional)</label>
                      <input
                        id={captionId}
                        className={FIELD}
                        value={caption}
                        maxLength={MEDIA_CAPTION_MAX}
                        onChange={(event) => setCaption(event.target.value)}
                        onKeyDown={onEnter}
                      />
                    </div>
                  </>
                )}
              </div>
            </section>
          )}

          {failure && (
            <p
              role="alert"
              className="m-0 break-words rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm font-medium text-red-700 dark:text-red-300"
            >
              {failure}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" disabled={saving} onClick={onCancel} className={SECONDARY}>
              Cancel
            </button>
            <button
              type="button"
              disabled={!chosen || saving || sent !== null}
              onClick={() => void insert()}
              className="brand-button px-5 py-2 font-semibold disabled:opacity-60"
            >
              {saving ? 'Saving alt text…' : texts.insert}
            </button>
          </div>
        </div>
      </ModalDialog>
    </div>,
    document.body,
  );
}
