/**
 * Audio of Content Management: the form's rules for POST/PUT /api/admin/audios (multipart with the
 * file `audio` and the picture `cover`), shared with the island. Which files are audio is decided on the server, from
 * their content.
 */
import { fieldsCheck, optionalChoice, publishedField, requiredText, tagsField } from './content-admin.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';
import { AUDIO_QUALITIES } from '../constants.ts';
import { CATEGORY_NAME_MAX } from './category.ts';
import type { DraftInfo } from '../drafts.ts';
import type { Audio } from '../types.ts';

export const AUDIO_NAME_MAX = 200;
export const AUDIO_DESCRIPTION_MAX = 5000;
export const AUDIO_CATEGORY_MAX = 100;
/** The largest audio file taken: 50 MiB. */
export const AUDIO_MAX_BYTES = 50 * 1024 * 1024;
export const AUDIO_FORMATS_TEXT = 'MP3, M4A/AAC, OGG/Opus, WAV or FLAC';
export const AUDIO_NOT_ALLOWED = `Only ${AUDIO_FORMATS_TEXT} audio files are allowed`;
export const AUDIO_REQUIRED = 'Choose an audio file.';
/** What the file picker offers; the server still reads every file's content. */
export const AUDIO_ACCEPT =
  'audio/mpeg,audio/mp4,audio/aac,audio/x-m4a,audio/ogg,audio/opus,audio/wav,audio/x-wav,audio/flac,.mp3,.m4a,.aac,.ogg,.oga,.opus,.wav,.flac';

/** An audio item as the admin list reads it: the public fields plus its publish state and who saved its draft. */
export type AdminAudio = Audio & {
  published: boolean;
  /** Who saved its draft (unpublished changes) and when; null without one. */
  draft: DraftInfo | null;
};

/**
 * An audio item's fields as its draft and its versions hold them, the cover's URL among them. The audio file is no
 * part of them: a new file replaces the item's at once (PUT /api/admin/audios/{id}/file).
 */
export interface AudioDraftFields {
  name: string;
  title: string;
  artist: string;
  description: string;
  type: string;
  category: string;
  quality: string;
  tags: string[];
  cover: string;
}

/** GET|PUT /api/admin/audios/{id}/draft. */
export interface AudioDraft extends DraftInfo {
  fields: AudioDraftFields;
}

export const AudioFields = z.object({
  name: requiredText(AUDIO_NAME_MAX),
  title: formText(AUDIO_NAME_MAX).default(''),
  artist: formText(AUDIO_NAME_MAX).default(''),
  description: formText(AUDIO_DESCRIPTION_MAX, { multiline: true }).default(''),
  // One of the company's audio types (its categories of kind audio) or '' for none: the server checks it exists.
  type: formText(CATEGORY_NAME_MAX).default(''),
  category: formText(AUDIO_CATEGORY_MAX).default(''),
  quality: optionalChoice(AUDIO_QUALITIES).default(''),
  tags: tagsField.default([]),
  published: publishedField.default(false),
});
export type AudioValues = z.output<typeof AudioFields>;

export const checkAudio = fieldsCheck(AudioFields);
