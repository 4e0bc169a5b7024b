/** Create or edit a video (POST /api/admin/videos, PUT /api/admin/videos/{id}); the YouTube link is checked as it is typed. */
import { createVideo, updateVideo } from '../../../../lib/api/admin/content.ts';
import { VIDEO_QUALITIES } from '../../../../shared/constants.ts';
import {
  checkVideo,
  VIDEO_DESCRIPTION_MAX,
  VIDEO_DURATION_MAX,
  VIDEO_LINK_MAX,
  VIDEO_NAME_MAX,
  youtubeEmbed,
  type AdminVideo,
  type VideoInput,
} from '../../../../shared/schemas/video-admin.ts';
import { SelectInput, TextInput } from '../../sliders/fields.tsx';
import ContentFormDialog from '../ui/ContentFormDialog.tsx';
import { noneOr, pickOne, PUBLISHED_OPTIONS, TextArea } from '../ui/form-fields.tsx';
import { useContentForm } from '../ui/use-content-form.ts';
import { categoryOptions, useCategoryNames } from '../../categories/use-category-names.ts';

const QUALITIES = noneOr(VIDEO_QUALITIES);

interface Form {
  name: string;
  title: string;
  youtube: string;
  description: string;
  category: string;
  quality: '' | (typeof VIDEO_QUALITIES)[number];
  duration: string;
  tags: string;
  published: 'true' | 'false';
}

const blank = (): Form => ({
  name: '',
  title: '',
  youtube: '',
  description: '',
  category: '',
  quality: '',
  duration: '0',
  tags: '',
  published: 'false',
});

const formOf = (video: AdminVideo): Form => ({
  name: video.name,
  title: video.title,
  youtube: video.youtube,
  description: video.description,
  category: video.category,
  quality: pickOne(VIDEO_QUALITIES, video.quality),
  duration: String(video.duration),
  tags: video.tags.join(', '),
  published: video.published ? 'true' : 'false',
});

interface Props {
  /** null: closed; 'new': create; a video: edit it. */
  target: AdminVideo | 'new' | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export default function VideoFormDialog({ target, onClose, onSaved }: Props) {
  const { form, set, busy, errors, refuse, refusals, submit } = useContentForm(target, blank, formOf);
  const categories = useCategoryNames('video');

  const embed = form.youtube.trim() ? youtubeEmbed(form.youtube) : null;

  async function save() {
    if (target === null) return;
    const body: VideoInput = { ...form };
    const check = checkVideo(body);
    if (!check.ok) {
      refuse(check.field, check.message);
      return;
    }
    await submit(
      () => (target === 'new' ? createVideo(body) : updateVideo(target._id, body)),
      'The video could not be saved. Please try again.',
      onSaved,
    );
  }

  return (
    <ContentFormDialog
      open={target !== null}
      title={target === 'new' ? 'New video' : 'Edit video'}
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
    </ContentFormDialog>
  );
}
