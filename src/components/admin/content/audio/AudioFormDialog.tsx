/**
 * Create or edit an audio item (POST /api/admin/audios, PUT /api/admin/audios/{id}; multipart with the file `audio` and
 * the picture `cover`). The server reads the file's content and its duration; the form only sends it, with upload
 * progress. A published item's changes may instead be kept as a draft (Save draft) that visitors do not see until it
 * is published; Preview saves (the draft of a published item, an unpublished item itself) and shows a link to share;
 * History lists the item's kept versions and restores one as the draft the form then shows. The audio file is no part
 * of a draft: a new one replaces the item's at once, whichever way the form is saved.
 */
import { useId, useState } from 'react';
import { createAudio, updateAudio } from '../../../../lib/api/admin/content.ts';
import {
  audioPath,
  audioPreviewLink,
  discardAudioDraft,
  fetchAudioDraft,
  publishAudioDraft,
  replaceAudioFile,
  saveAudioDraft,
} from '../../../../lib/api/admin/audios.ts';
import { audioCategoriesFor } from '../../../../lib/filters/audio.ts';
import { formatDuration } from '../../../../lib/format/dates.ts';
import { AUDIO_QUALITIES } from '../../../../shared/constants.ts';
import {
  AUDIO_ACCEPT,
  AUDIO_CATEGORY_MAX,
  AUDIO_DESCRIPTION_MAX,
  AUDIO_FORMATS_TEXT,
  AUDIO_MAX_BYTES,
  AUDIO_NAME_MAX,
  AUDIO_REQUIRED,
  checkAudio,
  type AdminAudio,
  type AudioDraft,
} from '../../../../shared/schemas/audio-admin.ts';
import { inputClass } from '../../../auth/fields.tsx';
import { FieldError, INVALID_BORDER, invalidProps } from '../../ui/field-errors.tsx';
import { SelectInput, TextInput, UploadBar } from '../../sliders/fields.tsx';
import { formatMB } from '../images/upload-queue.ts';
import DraftContentFormDialog from '../ui/DraftContentFormDialog.tsx';
import FileInput from '../ui/FileInput.tsx';
import { noneOr, PUBLISHED_OPTIONS, TextArea } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';
import { draftFormActions, useItemDraft, type DraftCalls } from '../ui/use-item-draft.ts';
import { categoryOptions, useCategoryNames } from '../../categories/use-category-names.ts';
import { audioFormData, audioFormOf, audioFormOfDraft, blankAudioForm, type AudioFormInput } from './audio-form.ts';
import CoverField from '../ui/CoverField.tsx';

const QUALITIES = noneOr(AUDIO_QUALITIES);

// Each endpoint is looked up when called, not when this module loads (a screen may never open a draft).
const AUDIO_DRAFTS: DraftCalls<AudioFormInput, AudioDraft> = {
  itemPath: (id) => audioPath(id),
  picture: 'cover',
  fetchDraft: (id) => fetchAudioDraft(id),
  saveDraft: async (id, input, onProgress) => {
    const saved = await saveAudioDraft(id, audioFormData(input, { withAudio: false }), onProgress);
    // The draft holds no audio file: a new one replaces the item's now.
    if (input.audio) await replaceAudioFile(id, input.audio, onProgress);
    return saved;
  },
  update: async (id, input, onProgress) => {
    const { message, audio } = await updateAudio(id, audioFormData(input), onProgress);
    return { message, image: audio.cover };
  },
  publishDraft: (id) => publishAudioDraft(id),
  discardDraft: (id) => discardAudioDraft(id),
  previewLink: (id) => audioPreviewLink(id),
};

interface Props {
  target: AdminAudio | 'new' | null;
  /** Every item, for the category suggestions of the chosen type. */
  items: readonly AdminAudio[];
  onClose: () => void;
  onSaved: (message: string) => void;
}

export default function AudioFormDialog({ target, items, onClose, onSaved }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [removeCover, setRemoveCover] = useState(false);
  /** Files chosen here are sent once: a save that stored them forgets them. */
  const forgetFiles = () => {
    setFile(null);
    setCover(null);
    setRemoveCover(false);
  };
  const { form, setForm, set, busy, errors, refuse, refusals, progress, submit } = useContentForm(
    target,
    blankAudioForm,
    audioFormOf,
    forgetFiles,
  );
  const drafts = useItemDraft({
    target,
    calls: AUDIO_DRAFTS,
    show: (shown, saved) => {
      setForm(audioFormOfDraft(shown, saved));
      // A cover chosen but not sent belongs to the form being replaced; a new audio file is the item's, not the draft's.
      setCover(null);
      setRemoveCover(false);
    },
  });
  const types = useCategoryNames('audio');
  const categoryId = useId();
  const existing = target && target !== 'new' ? target : null;
  const currentCover = existing && !removeCover ? (drafts.image ?? existing.cover) : '';

  /** The form checked (refused under the field when not) as an existing item's save sends it, or null. */
  function checkedInput(withState: boolean): AudioFormInput | null {
    const check = checkAudio(form);
    if (!check.ok) {
      refuse(check.field, check.message);
      return null;
    }
    if (target === 'new' && !file) {
      refuse('audio', AUDIO_REQUIRED);
      return null;
    }
    if (file && file.size > AUDIO_MAX_BYTES) {
      refuse('audio', 'File size must be less than 50MB');
      return null;
    }
    const { published, ...fields } = form;
    return {
      fields: withState ? { ...fields, published } : fields,
      audio: file,
      cover,
      removeCover: removeCover && !cover,
    };
  }

  const uploads = () => file !== null || cover !== null;

  async function save() {
    if (target === null) return;
    const input = checkedInput(drafts.draft === null);
    if (!input) return;
    await submit(
      (onProgress) =>
        target === 'new' ? createAudio(audioFormData(input), onProgress) : drafts.submit(target, input, onProgress),
      'The audio could not be saved. Please try again.',
      onSaved,
      uploads(),
    );
  }

  /** Saves the form to the item's draft (or an unpublished item itself); with `thenLink`, stays open with a link. */
  async function keep(thenLink: boolean) {
    if (!existing) return;
    const input = checkedInput(false);
    if (!input) return;
    await submit(
      async (onProgress) => {
        const kept = await drafts.keep(existing, input, thenLink, onProgress);
        // Stored now: the next save sends no file again.
        forgetFiles();
        return kept;
      },
      'The draft could not be saved. Please try again.',
      // A preview keeps the form open to share the link; a draft saved closes it.
      thenLink ? () => undefined : onSaved,
      uploads(),
    );
  }

  const { showRestored, discard } = draftFormActions(drafts, existing, submit, onSaved, 'audio');

  const categories = audioCategoriesFor(form.type || 'all', items);
  const current = existing
    ? `Keeps the current file (${formatDuration(existing.duration)}) unless you choose another.${
        drafts.keepsDraft
          ? ' A new file is not kept in the draft: it replaces the current one as soon as you save.'
          : ''
      }`
    : '';
  return (
    <DraftContentFormDialog
      open={target !== null}
      title={target === 'new' ? 'New audio' : 'Edit audio'}
      busy={busy}
      refusals={refusals}
      onCancel={onClose}
      onSubmit={() => void save()}
      drafts={drafts}
      existing={existing !== null}
      historyTitle={existing ? `History of "${existing.name}"` : 'History'}
      onKeep={(thenLink) => void keep(thenLink)}
      onDiscard={() => void discard()}
      onRestored={(message) => void showRestored(message)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Name"
          name="name"
          error={errors['name']}
          maxLength={AUDIO_NAME_MAX}
          value={form.name}
          onChange={set('name')}
        />
        <TextInput
          label="Artist"
          name="artist"
          error={errors['artist']}
          maxLength={AUDIO_NAME_MAX}
          value={form.artist}
          onChange={set('artist')}
        />
      </div>
      <TextInput
        label="Title"
        name="title"
        error={errors['title']}
        maxLength={AUDIO_NAME_MAX}
        value={form.title}
        onChange={set('title')}
      />
      <TextArea
        label="Description"
        name="description"
        error={errors['description']}
        rows={3}
        maxLength={AUDIO_DESCRIPTION_MAX}
        value={form.description}
        onChange={set('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {/* The spec's rule of the Audio Library: choosing a type clears the category. */}
        <SelectInput
          label="Type"
          name="type"
          error={errors['type']}
          value={form.type}
          options={categoryOptions(types, form.type)}
          onChange={(type) => setForm((f) => ({ ...f, type, category: '' }))}
        />
        <div>
          <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
            Category
            <input
              className={`${inputClass} ${INVALID_BORDER}`}
              name="category"
              {...invalidProps(categoryId, errors['category'])}
              list="audio-category-options"
              maxLength={AUDIO_CATEGORY_MAX}
              value={form.category}
              onChange={(e) => set('category')(e.target.value)}
            />
            <datalist id="audio-category-options">
              {categories.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </label>
          <FieldError id={categoryId} error={errors['category']} />
        </div>
        <SelectInput
          label="Quality"
          name="quality"
          error={errors['quality']}
          value={form.quality}
          options={QUALITIES}
          onChange={set('quality')}
        />
        {/* While a draft is edited the state is not the form's to choose: Publish draft makes the draft the live item. */}
        {!drafts.draft && (
          <SelectInput
            label="Status"
            name="published"
            error={errors['published']}
            value={form.published}
            options={PUBLISHED_OPTIONS}
            onChange={set('published')}
          />
        )}
      </div>
      <TextInput
        label="Tags (comma separated)"
        name="tags"
        error={errors['tags']}
        maxLength={1200}
        value={form.tags}
        onChange={set('tags')}
      />
      <CoverField
        name="cover"
        label="Cover picture"
        shape="square"
        empty="No cover chosen."
        current={currentCover}
        file={cover}
        onFile={(chosen) => {
          setCover(chosen);
          if (chosen) setRemoveCover(false);
        }}
        onRemove={() => setRemoveCover(true)}
        error={errors['cover']}
      />
      <FileInput
        label="Audio file"
        name="audio"
        error={errors['audio']}
        accept={AUDIO_ACCEPT}
        hint={
          file
            ? `${file.name}, ${formatMB(file.size)}`
            : current || `${AUDIO_FORMATS_TEXT}, less than 50MB. The duration is read from the file.`
        }
        onFile={setFile}
      />
      {progress !== null && <UploadBar percent={progress} />}
    </DraftContentFormDialog>
  );
}
