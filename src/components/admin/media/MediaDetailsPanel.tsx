/**
 * A file's details in a dialog: a large preview (a picture with its focal point, or an audio player), what the file
 * is, its editable title, alt text, caption, tags and focal point (saved with PATCH; only what changed is sent), a
 * new file at the same address, where it is used, and deleting it. A document is only shown here, with a way to the
 * Documents tab, where it is edited, replaced and deleted (the server refuses those here).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { fetchMediaItem, updateMedia } from '../../../lib/api/admin/media.ts';
import { apiAsset } from '../../../lib/api/base.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import {
  DOCUMENT_MANAGED_ELSEWHERE,
  MEDIA_ALT_MAX,
  MEDIA_CAPTION_MAX,
  MEDIA_TAGS_MAX,
  MEDIA_TITLE_MAX,
  type MediaItem,
  type MediaItemDetail,
  type MediaUse,
} from '../../../shared/media-library.ts';
import { checkMediaDetails } from '../../../shared/schemas/media-library.ts';
import { TextInput } from '../sliders/fields.tsx';
import { TextArea } from '../content/ui/form-fields.tsx';
import { useFieldErrors } from '../ui/field-errors.tsx';
import ModalDialog from '../ui/ModalDialog.tsx';
import { NoticeLine, type Notice } from '../ui/PagedList.tsx';
import FocalPointPicker from './FocalPointPicker.tsx';
import MediaDelete from './MediaDelete.tsx';
import MediaFacts from './MediaFacts.tsx';
import MediaIcon from './MediaIcon.tsx';
import MediaReplace from './MediaReplace.tsx';
import MediaUses from './MediaUses.tsx';
import {
  ALT_HINT,
  detailsChanges,
  detailsFormOf,
  DOCUMENTS_TAB_HREF,
  fileFormat,
  formatName,
  missingAlt,
  type DetailsForm,
} from './media-screen.ts';
import NoAltBadge from './NoAltBadge.tsx';

const FIELDS = ['title', 'alt', 'caption', 'tags', 'focalX', 'focalY'] as const;

interface Props {
  /** The file opened from the list; null while the dialog is closed. */
  item: MediaItem | null;
  onClose: () => void;
  /** A save or a replace answered with the file's new state. */
  onChanged: (item: MediaItemDetail) => void;
  onDeleted: (id: string, message: string) => void;
}

interface BodyProps extends Omit<Props, 'item'> {
  initial: MediaItem;
  titleId: string;
  /** Tells the dialog an action is running, so Escape waits for it. */
  onBusy: (busy: boolean) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 border-t border-gray-200 pt-4 dark:border-white/10">
      <h3 id={id} className="m-0 mb-2 text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function DetailsHeader({
  item,
  titleId,
  busy,
  onClose,
}: {
  item: MediaItem;
  titleId: string;
  busy: boolean;
  onClose: () => void;
}) {
  return (
    <header className="sticky top-0 z-10 flex items-center gap-3 border-b border-gray-200 bg-white px-4 py-3 sm:px-6 dark:border-white/10 dark:bg-[#111821]">
      <h2 id={titleId} className="m-0 min-w-0 flex-1 truncate text-lg font-bold" title={item.title || undefined}>
        {item.title || 'Untitled'}
      </h2>
      {missingAlt(item) && (
        <span className="hidden shrink-0 sm:block">
          <NoAltBadge />
        </span>
      )}
      <button
        type="button"
        onClick={onClose}
        disabled={busy}
        aria-label="Close"
        className="-mr-2 rounded-md p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-50 dark:text-gray-400 dark:hover:bg-white/10 dark:hover:text-gray-100"
      >
        <MediaIcon name="close" />
      </button>
    </header>
  );
}

function AudioPreview({ item }: { item: MediaItem }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg bg-[color-mix(in_srgb,var(--color-primary)_12%,transparent)] px-4 py-8">
      <MediaIcon name="audio" className="h-14 w-14 text-[var(--color-primary-ink)]" />
      <p className="m-0 text-sm font-semibold text-gray-700 dark:text-gray-300">{formatName(item.contentType)}</p>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- an uploaded audio file comes with no caption file for a <track> to name */}
      <audio
        controls
        preload="metadata"
        src={apiAsset(item.url)}
        aria-label={`Play ${item.title || 'the file'}`}
        className="w-full max-w-sm"
      />
    </div>
  );
}

/**
 * A document as the library lists it: what it is, its description and where it is used, with no form, replace or
 * delete, since the server answers those with 409 for a document.
 */
function DocumentBody({ initial, titleId, onClose }: Pick<BodyProps, 'initial' | 'titleId' | 'onClose'>) {
  const [item, setItem] = useState<MediaItem>(initial);
  const [uses, setUses] = useState<MediaUse[] | null>(null);
  const [usesError, setUsesError] = useState('');
  useEffect(() => {
    let live = true;
    fetchMediaItem(initial.id).then(
      (detail) => {
        if (!live) return;
        setItem(detail);
        setUses(detail.uses);
      },
      (error: unknown) => {
        if (live) setUsesError(errorMessage(error, 'Could not read where this file is used.'));
      },
    );
    return () => {
      live = false;
    };
  }, [initial]);

  return (
    <div>
      <DetailsHeader item={item} titleId={titleId} busy={false} onClose={onClose} />
      <div className="grid gap-6 p-4 sm:p-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-col items-center gap-3 rounded-lg bg-[color-mix(in_srgb,var(--color-primary)_12%,transparent)] px-4 py-8">
            <MediaIcon name="document" className="h-14 w-14 text-[var(--color-primary-ink)]" />
            <p className="m-0 text-sm font-semibold text-gray-700 dark:text-gray-300">{fileFormat(item)}</p>
          </div>
          <MediaFacts item={item} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <div className="rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 dark:border-white/10 dark:bg-white/5">
            <p className="m-0 text-sm text-gray-800 dark:text-gray-200">{DOCUMENT_MANAGED_ELSEWHERE}</p>
            <a
              href={DOCUMENTS_TAB_HREF}
              className="mt-2 inline-block text-sm font-semibold text-[var(--color-primary-ink)] underline-offset-2 hover:underline"
            >
              Open the Documents tab
            </a>
          </div>
          {item.caption && (
            <Section title="Description">
              <p className="m-0 text-sm break-words whitespace-pre-line">{item.caption}</p>
            </Section>
          )}
          <Section title="Where it is used">
            <MediaUses uses={uses} error={usesError} />
          </Section>
        </div>
      </div>
    </div>
  );
}

function DetailsBody({ initial, titleId, onBusy, onClose, onChanged, onDeleted }: BodyProps) {
  const [item, setItem] = useState<MediaItem>(initial);
  const [uses, setUses] = useState<MediaUse[] | null>(null);
  const [usesError, setUsesError] = useState('');
  const [form, setForm] = useState<DetailsForm>(() => detailsFormOf(initial));
  const [notice, setNotice] = useState<Notice>(null);
  const [running, setRunning] = useState<'save' | 'replace' | 'delete' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const refusals = useFieldErrors(formRef, FIELDS);
  const { errors } = refusals;
  const changes = detailsChanges(item, form);
  const dirty = Object.keys(changes).length > 0;
  const image = item.kind === 'image';

  const run = (action: typeof running) => {
    setRunning(action);
    onBusy(action !== null);
  };

  // The list's row has no uses; the file is read again with them (and as it is now, which the form follows unless
  // the admin has begun to edit it).
  useEffect(() => {
    let live = true;
    fetchMediaItem(initial.id).then(
      (detail) => {
        if (!live) return;
        setItem(detail);
        setUses(detail.uses);
        setForm((current) =>
          Object.keys(detailsChanges(initial, current)).length === 0 ? detailsFormOf(detail) : current,
        );
      },
      (error: unknown) => {
        if (live) setUsesError(errorMessage(error, 'Could not read where this file is used.'));
      },
    );
    return () => {
      live = false;
    };
  }, [initial]);

  const set =
    <K extends keyof DetailsForm>(key: K) =>
    (value: DetailsForm[K]) => {
      refusals.clear(key);
      setNotice(null);
      setForm((current) => ({ ...current, [key]: value }));
    };

  function changed(detail: MediaItemDetail) {
    setItem(detail);
    setUses(detail.uses);
    onChanged(detail);
  }

  async function save() {
    refusals.reset();
    setNotice(null);
    if (!dirty) {
      setNotice({ tone: 'ok', text: 'Nothing to save: no field was changed.' });
      return;
    }
    const check = checkMediaDetails(changes);
    if (!check.ok) {
      refusals.refuse(check.field, check.message);
      return;
    }
    run('save');
    try {
      const answer = await updateMedia(item.id, check.value);
      changed(answer.item);
      setForm(detailsFormOf(answer.item));
      setNotice({ tone: 'ok', text: answer.message });
    } catch (error) {
      refusals.refuseError(error, 'The changes could not be saved. Please try again.');
    } finally {
      run(null);
    }
  }

  const busy = running !== null;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void save();
      }}
    >
      <DetailsHeader item={item} titleId={titleId} busy={busy} onClose={onClose} />
      <div className="grid gap-6 p-4 sm:p-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          {image ? (
            <FocalPointPicker
              src={item.url}
              focal={{ focalX: form.focalX, focalY: form.focalY }}
              disabled={busy}
              errors={{ focalX: errors.focalX, focalY: errors.focalY }}
              onChange={(focal) => {
                refusals.clear('focalX');
                refusals.clear('focalY');
                setNotice(null);
                setForm((current) => ({ ...current, ...focal }));
              }}
            />
          ) : (
            <AudioPreview item={item} />
          )}
          <MediaFacts item={item} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <TextInput
            label="Title"
            name="title"
            maxLength={MEDIA_TITLE_MAX}
            value={form.title}
            error={errors.title}
            onChange={set('title')}
          />
          {image && (
            <div className="min-w-0">
              <TextInput
                label="Alt text"
                name="alt"
                maxLength={MEDIA_ALT_MAX}
                value={form.alt}
                error={errors.alt}
                hint={ALT_HINT}
                onChange={set('alt')}
              />
              {form.alt.trim() === '' && !errors.alt && (
                <p className="m-0 mt-1.5 flex items-start gap-1.5 text-sm font-medium text-amber-800 dark:text-amber-300">
                  <MediaIcon name="warning" className="mt-0.5 h-4 w-4" />
                  This picture has no alt text yet.
                </p>
              )}
            </div>
          )}
          <TextArea
            label="Caption"
            name="caption"
            rows={3}
            maxLength={MEDIA_CAPTION_MAX}
            value={form.caption}
            error={errors.caption}
            onChange={set('caption')}
          />
          <TextInput
            label="Tags"
            name="tags"
            maxLength={MEDIA_TAGS_MAX * 42}
            value={form.tags}
            error={errors.tags}
            hint={`Separated by commas, up to ${MEDIA_TAGS_MAX}: they group files for the tag filter.`}
            onChange={set('tags')}
          />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" disabled={busy} className="brand-button px-5 py-2 font-semibold disabled:opacity-60">
              {running === 'save' ? 'Saving…' : 'Save'}
            </button>
            {dirty && !busy && <span className="text-sm text-gray-600 dark:text-gray-400">Unsaved changes</span>}
          </div>
          {refusals.failure && (
            <p
              role="alert"
              className="m-0 break-words rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm font-medium text-red-700 dark:text-red-300"
            >
              {refusals.failure}
            </p>
          )}
          <NoticeLine notice={notice} />
          <Section title="Replace file">
            <MediaReplace
              item={item}
              disabled={busy}
              onRunning={(on) => run(on ? 'replace' : null)}
              onReplaced={changed}
            />
          </Section>
          <Section title="Where it is used">
            <MediaUses uses={uses} error={usesError} />
          </Section>
          <Section title="Delete">
            <MediaDelete
              item={item}
              uses={uses}
              disabled={busy}
              onRunning={(on) => run(on ? 'delete' : null)}
              onDeleted={(message) => onDeleted(item.id, message)}
              onUses={setUses}
            />
          </Section>
        </div>
      </div>
    </form>
  );
}

export default function MediaDetailsPanel({ item, onClose, onChanged, onDeleted }: Props) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <ModalDialog
      open={item !== null}
      busy={busy}
      onCancel={onClose}
      labelledBy={titleId}
      className="max-h-[calc(100dvh-1rem)] w-[min(64rem,calc(100vw-1rem))] overflow-y-auto p-0 sm:max-h-[calc(100dvh-2rem)]"
    >
      {item?.kind === 'document' && <DocumentBody key={item.id} initial={item} titleId={titleId} onClose={onClose} />}
      {item && item.kind !== 'document' && (
        <DetailsBody
          key={item.id}
          initial={item}
          titleId={titleId}
          onBusy={setBusy}
          onClose={onClose}
          onChanged={onChanged}
          onDeleted={(id, message) => {
            setBusy(false);
            onDeleted(id, message);
          }}
        />
      )}
    </ModalDialog>
  );
}
