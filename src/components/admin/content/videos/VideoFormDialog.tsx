/**
 * Create or edit a video (POST /api/admin/videos, PUT /api/admin/videos/{id}); the YouTube link is checked as it is
 * typed. A published video's changes may instead be kept as a draft (Save draft) that visitors do not see until it is
 * published; Preview saves (the draft of a published video, an unpublished video itself) and shows a link to share;
 * History lists the video's kept versions and restores one as the draft the form then shows.
 */
import { createVideo, updateVideo } from '../../../../lib/api/admin/content.ts';
import {
  adminVideoPath,
  discardVideoDraft,
  fetchVideoDraft,
  publishVideoDraft,
  saveVideoDraft,
  videoPreviewLink,
} from '../../../../lib/api/admin/video-drafts.ts';
import { VIDEO_QUALITIES } from '../../../../shared/constants.ts';
import { omit } from '../../../../shared/omit.ts';
import {
  checkVideo,
  VIDEO_DESCRIPTION_MAX,
  VIDEO_DURATION_MAX,
  VIDEO_LINK_MAX,
  VIDEO_NAME_MAX,
  youtubeEmbed,
  type AdminVideo,
  type VideoDraft,
  type VideoInput,
} from '../../../../shared/schemas/video-admin.ts';
import { SelectInput, TextInput } from '../../sliders/fields.tsx';
import DraftContentFormDialog from '../ui/DraftContentFormDialog.tsx';
import { noneOr, PUBLISHED_OPTIONS, TextArea } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';
import { draftFormActions, useItemDraft, type DraftCalls } from '../ui/use-item-draft.ts';
import { categoryOptions, useCategoryNames } from '../../categories/use-category-names.ts';
import { blankVideoForm, videoFormOf, videoFormOfDraft, videoInputOf } from './video-form.ts';

const QUALITIES = noneOr(VIDEO_QUALITIES);

// Each endpoint is looked up when called, not when this module loads (a screen may never open a draft).
const VIDEO_DRAFTS: DraftCalls<VideoInput, VideoDraft> = {
  itemPath: (id) => adminVideoPath(id),
  fetchDraft: (id) => fetchVideoDraft(id),
  // The state is not a draft's: publishing the draft publishes the video.
  saveDraft: (id, input) => saveVideoDraft(id, omit(input, 'published')),
  update: (id, input) => updateVideo(id, input),
  publishDraft: (id) => publishVideoDraft(id),
  discardDraft: (id) => discardVideoDraft(id),
  previewLink: (id) => videoPreviewLink(id),
};

interface Props {
  /** null: closed; 'new': create; a video: edit it. */
  target: AdminVideo | 'new' | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export default function VideoFormDialog({ target, onClose, onSaved }: Props) {
  const { form, setForm, set, busy, errors, refuse, refusals, submit } = useContentForm(
    target,
    blankVideoForm,
    videoFormOf,
  );
  const drafts = useItemDraft({
    target,
    calls: VIDEO_DRAFTS,
    show: (shown, saved) => setForm(videoFormOfDraft(shown, saved)),
  });
  const categories = useCategoryNames('video');
  const existing = target && target !== 'new' ? target : null;

  const embed = form.youtube.trim() ? youtubeEmbed(form.youtube) : null;

  /** The form checked (refused under the field when not) with the state it sends, or null. */
  function checkedInput(ownState: boolean | null): VideoInput | null {
    const body = videoInputOf(form, ownState);
    const check = checkVideo(body);
    if (!check.ok) {
      refuse(check.field, check.message);
      return null;
    }
    return body;
  }

  async function save() {
    if (target === null) return;
    // While a draft is edited the state is not the form's: Publish draft publishes.
    const body = checkedInput(existing && drafts.draft ? existing.published : null);
    if (!body) return;
    await submit(
      () => (target === 'new' ? createVideo(body) : drafts.submit(target, body)),
      'The video could not be saved. Please try again.',
      onSaved,
    );
  }

  /** Saves the form to the video's draft (or an unpublished video itself, its state as it is); `thenLink` stays open. */
  async function keep(thenLink: boolean) {
    if (!existing) return;
    const body = checkedInput(existing.published);
    if (!body) return;
    await submit(
      () => drafts.keep(existing, body, thenLink),
      'The draft could not be saved. Please try again.',
      // A preview keeps the form open to share the link; a draft saved closes it.
      thenLink ? () => undefined : onSaved,
    );
  }

  const { showRestored, discard } = draftFormActions(drafts, existing, submit, onSaved, 'video');

  return (
    <DraftContentFormDialog
      open={target !== null}
      title={target === 'new' ? 'New video' : 'Edit video'}
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
          maxLength={VIDEO_NAME_MAX}
          value={form.name}
          onChange={set('name')}
        />
        <TextInput
          label="Title"
          name="title"
          error={errors['title']}
          maxLength={VIDEO_NAME_MAX}
          value={form.title}
          onChange={set('title')}
        />
      </div>
      <div>
        <TextInput
          label="YouTube link"
          name="youtube"
          error={errors['youtube']}
          type="url"
          maxLength={VIDEO_LINK_MAX}
          placeholder="https://www.youtube.com/watch?v=…"
          value={form.youtube}
          onChange={set('youtube')}
        />
        {/* The refusal under the link takes the place of the live check. */}
        {!errors['youtube'] && (
          <p
            className={`m-0 mt-1 break-all text-xs ${form.youtube.trim() && !embed ? 'text-red-700 dark:text-red-300' : 'text-gray-500 dark:text-gray-400'}`}
            aria-live="polite"
          >
            {!form.youtube.trim()
              ? 'A watch, youtu.be, shorts or embed link.'
              : embed
                ? `Embeds as ${embed}`
                : 'This is not a YouTube video link.'}
          </p>
        )}
      </div>
      <TextArea
        label="Description"
        name="description"
        error={errors['description']}
        rows={3}
        maxLength={VIDEO_DESCRIPTION_MAX}
        value={form.description}
        onChange={set('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput
          label="Category"
          name="category"
          error={errors['category']}
          value={form.category}
          options={categoryOptions(categories, form.category)}
          onChange={set('category')}
        />
        <SelectInput
          label="Quality"
          name="quality"
          error={errors['quality']}
          value={form.quality}
          options={QUALITIES}
          onChange={set('quality')}
        />
        <TextInput
          label="Duration (seconds)"
          name="duration"
          error={errors['duration']}
          type="number"
          min={0}
          max={VIDEO_DURATION_MAX}
          value={form.duration}
          onChange={set('duration')}
        />
        {/* While a draft is edited the state is not the form's to choose: Publish draft makes the draft the live video. */}
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
    </DraftContentFormDialog>
  );
}
