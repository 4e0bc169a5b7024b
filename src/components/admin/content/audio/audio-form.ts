/**
 * Pure rules of the audio form: its values from an item or its draft (or empty for a new one), and the multipart bodies
 * of a save: the item's (its fields, a new audio file and cover) and the draft's (its fields and cover; the audio file
 * is no draft's, it replaces the item's at once).
 */
import { AUDIO_QUALITIES } from '../../../../shared/constants.ts';
import type { AdminAudio, AudioDraft } from '../../../../shared/schemas/audio-admin.ts';
import { pickOne } from '../ui/form-fields.tsx';

/** The form's fields as the inputs hold them. */
export interface AudioForm {
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

export const blankAudioForm = (): AudioForm => ({
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

/** The form of an existing item. */
export const audioFormOf = (a: AdminAudio): AudioForm => ({
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

/** The form of an item's draft: the draft's fields, the item's own state. */
export const audioFormOfDraft = (audio: AdminAudio, { fields }: AudioDraft): AudioForm =>
  audioFormOf({ ...audio, ...fields });

/** What a save of an existing item sends: the fields (its state only when it is sent), the files chosen. */
export interface AudioFormInput {
  fields: Partial<AudioForm>;
  /** A new audio file: the item's PUT takes it; beside a draft it replaces the item's file at once. */
  audio: File | null;
  cover: File | null;
  /** The cover is taken away (no new one chosen). */
  removeCover: boolean;
}

/** The multipart body of a save: the fields, the cover (or `cover` empty to remove it), and the audio file `withAudio`. */
export function audioFormData({ fields, audio, cover, removeCover }: AudioFormInput, { withAudio = true } = {}) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (cover) data.append('cover', cover);
  else if (removeCover) data.append('cover', '');
  if (audio && withAudio) data.append('audio', audio);
  return data;
}
