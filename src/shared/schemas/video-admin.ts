/**
 * Videos of Content Management: the form's rules, shared by POST/PUT /api/admin/videos and the
 * island, and the YouTube link check that turns every usual form of a link into the one embed address the CSP frames.
 */
import { fieldsCheck, optionalChoice, publishedField, requiredText, tagsField, wholeNumber } from './content-admin.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';
import { VIDEO_QUALITIES } from '../constants.ts';
import { CATEGORY_NAME_MAX } from './category.ts';
import type { DraftInfo } from '../drafts.ts';
import type { Video } from '../types.ts';

export const VIDEO_NAME_MAX = 200;
export const VIDEO_DESCRIPTION_MAX = 5000;
export const VIDEO_LINK_MAX = 2048;
/** Twelve hours, in seconds. */
export const VIDEO_DURATION_MAX = 12 * 3600;
export const YOUTUBE_LINK_INVALID =
  'The video link must be a YouTube link (youtube.com/watch?v=…, youtu.be/…, /shorts/… or /embed/…).';

/** A video as the admin list reads it: the public fields plus its publish state, and who saved its draft. */
export type AdminVideo = Video & {
  published: boolean;
  /** Who saved its draft (unpublished changes) and when; null without one. */
  draft: DraftInfo | null;
};

/** A video's fields as its draft and its versions hold them: its state is not a draft's, its poster's URL is. */
export interface VideoDraftFields {
  name: string;
  title: string;
  description: string;
  /** The embed address, as the video's own. */
  youtube: string;
  category: string;
  quality: string;
  duration: number;
  tags: string[];
  /** The stored picture shown before the video plays; '' for none. The form sends none: it stays the video's. */
  poster: string;
}

/** GET|PUT /api/admin/videos/{id}/draft. */
export interface VideoDraft extends DraftInfo {
  fields: VideoDraftFields;
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const WATCH_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/** The 11-character video id of a YouTube link (watch?v=, youtu.be/, shorts/, embed/, live/ forms), or null. */
export function youtubeId(link: string): string | null {
  let value = link.trim();
  if (!value || value.length > VIDEO_LINK_MAX) return null;
  // A link pasted without its scheme ('youtu.be/abc…') is read as https.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) value = `https://${value}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = parts.length === 1 ? parts[0] : null;
  else if (WATCH_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') id = url.searchParams.get('v');
    else if (parts.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** https://www.youtube-nocookie.com/embed/<id> for a YouTube link, or null when it is none. */
export function youtubeEmbed(link: string): string | null {
  const id = youtubeId(link);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}

/** The poster YouTube serves for a video (the CSP's img-src allows i.ytimg.com), or null. */
export function youtubeThumbnail(link: string): string | null {
  const id = youtubeId(link);
  return id ? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` : null;
}

/** POST and PUT /api/admin/videos: the youtube field comes back as its embed address. */
export const VideoFields = z.object({
  name: requiredText(VIDEO_NAME_MAX),
  title: formText(VIDEO_NAME_MAX).default(''),
  description: formText(VIDEO_DESCRIPTION_MAX, { multiline: true }).default(''),
  youtube: z
    .string({ error: 'The video link is required.' })
    .max(VIDEO_LINK_MAX, YOUTUBE_LINK_INVALID)
    .transform((link, ctx) => {
      const embed = youtubeEmbed(link);
      if (!embed)
        ctx.addIssue({ code: 'custom', message: link.trim() ? YOUTUBE_LINK_INVALID : 'The video link is required.' });
      return embed ?? '';
    }),
  // One of the company's video categories or '' for none: the server checks it exists (category-check.ts).
  category: formText(CATEGORY_NAME_MAX).default(''),
  quality: optionalChoice(VIDEO_QUALITIES).default(''),
  duration: wholeNumber(0, VIDEO_DURATION_MAX).default(0),
  tags: tagsField.default([]),
  published: publishedField.default(false),
});
export type VideoValues = z.output<typeof VideoFields>;
export type VideoInput = z.input<typeof VideoFields>;

export const checkVideo = fieldsCheck(VideoFields);
