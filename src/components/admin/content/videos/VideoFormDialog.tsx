/** Create or edit a video (POST /api/admin/videos, PUT /api/admin/videos/{id}); the YouTube link is checked as it is typed. */
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../lib/api/auth.ts';
import { createVideo, updateVideo } from '../../../../lib/api/admin/content.ts';
import { VIDEO_CATEGORIES, VIDEO_QUALITIES } from '../../../../shared/constants.ts';
import {
  checkVideo, VIDEO_DESCRIPTION_MAX, VIDEO_DURATION_MAX, VIDEO_LINK_MAX, VIDEO_NAME_MAX, youtubeEmbed, type AdminVideo, type VideoInput,
} from '../../../../shared/schemas/video-admin.ts';
import { inputClass } from '../../../auth/fields.tsx';
import { SelectInput, TextInput } from '../../sliders/fields.tsx';
import ContentFormDialog from '../ui/ContentFormDialog.tsx';

const choices = <T extends string>(values: readonly T[]): readonly (readonly ['' | T, string])[] => [['', 'None'], ...values.map((v) => [v, v] as const)];
const CATEGORIES = choices(VIDEO_CATEGORIES);
const QUALITIES = choices(VIDEO_QUALITIES);
const STATES = [['false', 'Draft'], ['true', 'Published']] as const;

interface Form {
  name: string;
  title: string;
  youtube: string;
  description: string;
  category: '' | (typeof VIDEO_CATEGORIES)[number];
  quality: '' | (typeof VIDEO_QUALITIES)[number];
  duration: string;
  tags: string;
  published: 'true' | 'false';
}

const EMPTY: Form = { name: '', title: '', youtube: '', description: '', category: '', quality: '', duration: '0', tags: '', published: 'false' };

function formOf(video: AdminVideo): Form {
  const pick = <T extends string>(values: readonly T[], value: string): '' | T => ((values as readonly string[]).includes(value) ? (value as T) : '');
  return {
    name: video.name, title: video.title, youtube: video.youtube, description: video.description,
    category: pick(VIDEO_CATEGORIES, video.category), quality: pick(VIDEO_QUALITIES, video.quality),
    duration: String(video.duration), tags: video.tags.join(', '), published: video.published ? 'true' : 'false',
  };
}

interface Props {
  /** null: closed; 'new': create; a video: edit it. */
  target: AdminVideo | 'new' | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export default function VideoFormDialog({ target, onClose, onSaved }: Props) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const set = <K extends keyof Form>(key: K) => (value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    if (target === null) return;
    setForm(target === 'new' ? EMPTY : formOf(target));
    setError('');
  }, [target]);

  const embed = form.youtube.trim() ? youtubeEmbed(form.youtube) : null;

  async function save() {
    if (target === null) return;
    const body: VideoInput = { ...form };
    const check = checkVideo(body);
    if (!check.ok) return setError(check.message);
    setBusy(true);
    setError('');
    try {
      const { message } = target === 'new' ? await createVideo(body) : await updateVideo(target._id, body);
      onSaved(message);
    } catch (e) {
      setError(errorMessage(e, 'The video could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ContentFormDialog open={target !== null} title={target === 'new' ? 'New video' : 'Edit video'} busy={busy} error={error} onCancel={onClose} onSubmit={() => void save()}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Name" name="name" maxLength={VIDEO_NAME_MAX} value={form.name} onChange={set('name')} />
        <TextInput label="Title" name="title" maxLength={VIDEO_NAME_MAX} value={form.title} onChange={set('title')} />
      </div>
      <div>
        <TextInput label="YouTube link" name="youtube" type="url" maxLength={VIDEO_LINK_MAX} placeholder="https://www.youtube.com/watch?v=…" value={form.youtube} onChange={set('youtube')} />
        <p className={`m-0 mt-1 break-all text-xs ${form.youtube.trim() && !embed ? 'text-red-700 dark:text-red-300' : 'text-gray-500 dark:text-gray-400'}`} aria-live="polite">
          {!form.youtube.trim() ? 'A watch, youtu.be, shorts or embed link.' : embed ? `Embeds as ${embed}` : 'This is not a YouTube video link.'}
        </p>
      </div>
      <label className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        Description
        <textarea className={inputClass} name="description" rows={3} maxLength={VIDEO_DESCRIPTION_MAX} value={form.description} onChange={(e) => set('description')(e.target.value)} />
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput label="Category" name="category" value={form.category} options={CATEGORIES} onChange={set('category')} />
        <SelectInput label="Quality" name="quality" value={form.quality} options={QUALITIES} onChange={set('quality')} />
        <TextInput label="Duration (seconds)" name="duration" type="number" min={0} max={VIDEO_DURATION_MAX} value={form.duration} onChange={set('duration')} />
        <SelectInput label="Status" name="published" value={form.published} options={STATES} onChange={set('published')} />
      </div>
      <TextInput label="Tags (comma separated)" name="tags" maxLength={1200} value={form.tags} onChange={set('tags')} />
    </ContentFormDialog>
  );
}
