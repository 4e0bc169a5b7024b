/** The video form's values: empty for a new video, filled from a video, or from its draft (its state stays its own). */
import { VIDEO_QUALITIES } from '../../../../shared/constants.ts';
import type { AdminVideo, VideoDraft, VideoInput } from '../../../../shared/schemas/video-admin.ts';
import { pickOne } from '../ui/form-fields.tsx';

export interface VideoForm {
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

export const blankVideoForm = (): VideoForm => ({
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

export const videoFormOf = (video: AdminVideo): VideoForm => ({
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

/** The form filled from a video's draft; its state stays the video's (publishing the draft publishes it). */
export const videoFormOfDraft = (video: AdminVideo, { fields }: VideoDraft): VideoForm => ({
  ...videoFormOf(video),
  name: fields.name,
  title: fields.title,
  youtube: fields.youtube,
  description: fields.description,
  category: fields.category,
  quality: pickOne(VIDEO_QUALITIES, fields.quality),
  duration: String(fields.duration),
  tags: fields.tags.join(', '),
});

/**
 * What the form sends: every field, as the video's PUT takes every field; the state is the form's only when
 * `ownState` is null (a new video, or one saved as it is), else the video's own, left as it is.
 */
export const videoInputOf = (form: VideoForm, ownState: boolean | null): VideoInput => ({
  ...form,
  published: ownState ?? form.published === 'true',
});
