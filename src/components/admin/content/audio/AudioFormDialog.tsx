/**
 * Create or edit an audio item (POST /api/admin/audios, PUT /api/admin/audios/{id}; multipart with the file `audio`).
 * The server reads the file's content and its duration; the form only sends it, with upload progress.
 */
import { useId, useState } from 'react';
import { createAudio, updateAudio } from '../../../../lib/api/admin/content.ts';
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
} from '../../../../shared/schemas/audio-admin.ts';
import { inputClass } from '../../../auth/fields.tsx';
import { FieldError, INVALID_BORDER, invalidProps } from '../../ui/field-errors.tsx';
import { SelectInput, TextInput, UploadBar } from '../../sliders/fields.tsx';
import { formatMB } from '../images/upload-queue.ts';
import ContentFormDialog from '../ui/ContentFormDialog.tsx';
import FileInput from '../ui/FileInput.tsx';
import { noneOr, pickOne, PUBLISHED_OPTIONS, TextArea } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';
import { categoryOptions, useCategoryNames } from '../../categories/use-category-names.ts';

const QUALITIES = noneOr(AUDIO_QUALITIES);

interface Form {
  name: string;
  title: string;
  artist: string;
  description: string;
  type: string;
  category: string;
  quality: '' | (typeof AUDIO_QUALITIES)[number];
  tags: string;
  published: 'true' | 'false';
}

const blank = (): Form => ({
  name: '',
  title: '',
  artist: '',
  description: '',
  type: '',
  category: '',
  quality: '',
  tags: '',
  published: 'false',
});

const formOf = (a: AdminAudio): Form => ({
  name: a.name,
  title: a.title,
  artist: a.artist,
  description: a.description,
  type: a.type,
  category: a.category,
  quality: pickOne(AUDIO_QUALITIES, a.quality),
  tags: a.tags.join(', '),
  published: a.published ? 'true' : 'false',
});

interface Props {
  target: AdminAudio | 'new' | null;
  /** Every item, for the category suggestions of the chosen type. */
  items: readonly AdminAudio[];
  onClose: () => void;
  onSaved: (message: string) => void;
}

export default function AudioFormDialog({ target, items, onClose, onSaved }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const { form, setForm, set, busy, errors, refuse, refusals, progress, submit } = useContentForm(
    target,
    blank,
    formOf,
    () => setFile(null),
  );
  const types = useCategoryNames('audio');
  const categoryId = useId();

  async function save() {
    if (target === null) return;
    const check = checkAudio(form);
    if (!check.ok) {
      refuse(check.field, check.message);
      return;
    }
    if (target === 'new' && !file) {
      refuse('audio', AUDIO_REQUIRED);
      return;
    }
    if (file && file.size > AUDIO_MAX_BYTES) {
      refuse('audio', 'File size must be less than 50MB');
      return;
    }
    const data = new FormData();
    const fields: Readonly<Record<keyof Form, string>> = form;
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    if (file) data.append('audio', file);
    await submit(
      (onProgress) => (target === 'new' ? createAudio(data, onProgress) : updateAudio(target._id, data, onProgress)),
      'The audio could not be saved. Please try again.',
      onSaved,
      file !== null,
    );
  }

  const categories = audioCategoriesFor(form.type || 'all', items);
  const current =
    target && target !== 'new'
      ? `Keeps the current file (${formatDuration(target.duration)}) unless you choose another.`
      : '';
  return (
    <ContentFormDialog
      open={target !== null}
      title={target === 'new' ? 'New audio' : 'Edit audio'}
      busy={busy}
      refusals={refusals}
      onCancel={onClose}
      onSubmit={() => void save()}
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
        <SelectInput
          label="Status"
          name="published"
          error={errors['published']}
          value={form.published}
          options={PUBLISHED_OPTIONS}
          onChange={set('published')}
        />
      </div>
      <TextInput
        label="Tags (comma separated)"
        name="tags"
        error={errors['tags']}
        maxLength={1200}
        value={form.tags}
        onChange={set('tags')}
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
    </ContentFormDialog>
  );
}
