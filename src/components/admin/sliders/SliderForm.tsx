/**
 * The editor's form ('Edit Slider' or 'Add New Slider'): every slider field and the search button settings. While a
 * draft is edited the form holds the slide's content only: Active and Order are the slide's own, changed at once from
 * its card.
 */
import type { ReactNode, SubmitEvent } from 'react';
import type { SliderFormValues } from '../../../lib/admin/slider-form.ts';
import {
  SLIDER_BUTTON_TEXT_MAX,
  SLIDER_LINK_MAX,
  SLIDER_ORDER_MAX,
  SLIDER_SUBTITLE_MAX,
  SLIDER_TITLE_MAX,
} from '../../../shared/schemas/slider.ts';
import { CheckboxInput, FieldGroup, SelectInput, TextInput, UploadBar } from './fields.tsx';
import ImageField from './ImageField.tsx';
import SearchButtonFields from './SearchButtonFields.tsx';

const TYPES = [
  ['photo', 'Photo'],
  ['video', 'Video'],
] as const;
const ALIGNMENTS = [
  ['left', 'Left'],
  ['center', 'Center'],
  ['right', 'Right'],
] as const;

interface Props {
  values: SliderFormValues;
  onChange: (values: SliderFormValues) => void;
  file: File | null;
  onFile: (file: File | null) => void;
  currentImage: string;
  busy: boolean;
  /** Upload progress in percent while an image is sent, else null. */
  progress: number | null;
  onSubmit: () => void;
  onCancel: () => void;
  /** The save's outcome, shown above the buttons. */
  message?: ReactNode;
  /** The draft's note and preview link (DraftPanel), above the fields. */
  draftPanel?: ReactNode;
  /** The draft's buttons (DraftActions), beside Save Changes. */
  draftActions?: ReactNode;
  /** A draft is edited: no Active or Order, and the submit publishes it. */
  editingDraft?: boolean;
}

export default function SliderForm({
  values,
  onChange,
  file,
  onFile,
  currentImage,
  busy,
  progress,
  onSubmit,
  onCancel,
  message,
  draftPanel,
  draftActions,
  editingDraft = false,
}: Props) {
  const set =
    <K extends keyof SliderFormValues>(key: K) =>
    (value: SliderFormValues[K]) =>
      onChange({ ...values, [key]: value });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  const video = values.type === 'video';
  return (
    <form onSubmit={submit} className="min-w-0 space-y-5" aria-busy={busy}>
      {draftPanel}
      {!editingDraft && <CheckboxInput label="Active" checked={values.isActive} onChange={set('isActive')} />}
      <FieldGroup legend="Content">
        <div className="sm:col-span-2">
          <TextInput
            label="Title"
            name="title"
            value={values.title}
            maxLength={SLIDER_TITLE_MAX}
            onChange={set('title')}
          />
        </div>
        <div className="sm:col-span-2">
          <TextInput
            label="Subtitle"
            name="subtitle"
            value={values.subtitle}
            maxLength={SLIDER_SUBTITLE_MAX}
            onChange={set('subtitle')}
          />
        </div>
        <SelectInput label="Type" name="type" value={values.type} options={TYPES} onChange={set('type')} />
        {!editingDraft && (
          <TextInput
            label="Order"
            name="order"
            type="number"
            min={0}
            max={SLIDER_ORDER_MAX}
            value={values.order}
            onChange={set('order')}
          />
        )}
        {video && (
          <div className="sm:col-span-2">
            <TextInput
              label="Video Link"
              name="link"
              type="url"
              maxLength={SLIDER_LINK_MAX}
              value={values.link}
              placeholder="https://www.youtube-nocookie.com/embed/…"
              onChange={set('link')}
            />
          </div>
        )}
        <SelectInput
          label="Content Alignment"
          name="contentAlignment"
          value={values.contentAlignment}
          options={ALIGNMENTS}
          onChange={set('contentAlignment')}
        />
      </FieldGroup>
      <FieldGroup legend="Buttons">
        <TextInput
          label="Button 1 Label"
          name="button1_text"
          value={values.button1_text}
          maxLength={SLIDER_BUTTON_TEXT_MAX}
          onChange={set('button1_text')}
        />
        <TextInput
          label="Button 1 Link"
          name="button1_link"
          value={values.button1_link}
          maxLength={SLIDER_LINK_MAX}
          placeholder="/shop or https://…"
          onChange={set('button1_link')}
        />
        <TextInput
          label="Button 2 Label"
          name="button2_text"
          value={values.button2_text}
          maxLength={SLIDER_BUTTON_TEXT_MAX}
          onChange={set('button2_text')}
        />
        <TextInput
          label="Button 2 Link"
          name="button2_link"
          value={values.button2_link}
          maxLength={SLIDER_LINK_MAX}
          placeholder="/about or https://…"
          onChange={set('button2_link')}
        />
      </FieldGroup>
      <FieldGroup legend="Image">
        <div className="sm:col-span-2">
          <ImageField label={video ? 'Thumbnail' : 'Slider Image'} file={file} onFile={onFile} current={currentImage} />
        </div>
      </FieldGroup>
      <SearchButtonFields value={values.searchButton} onChange={set('searchButton')} />
      {progress !== null && <UploadBar percent={progress} />}
      {message}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={busy}
          className="brand-button inline-flex min-h-11 items-center gap-2 px-6 py-2.5 font-semibold disabled:opacity-70"
        >
          {busy && (
            <span
              className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
              aria-hidden="true"
            />
          )}
          {editingDraft ? 'Publish draft' : 'Save Changes'}
        </button>
        {draftActions}
        <button
          type="button"
          disabled={busy}
          onClick={onCancel}
          className="min-h-11 rounded-md border border-gray-300 px-5 py-2 font-medium hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10"
        >
          Cancel
        </button>
        {busy && (
          <span className="sr-only" role="status">
            Saving…
          </span>
        )}
      </div>
    </form>
  );
}
