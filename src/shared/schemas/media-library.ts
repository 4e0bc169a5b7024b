/** The media library's inputs: the list's query (GET /api/admin/media) and an item's details (PATCH …/:id). */
import {
  MEDIA_ALT_MAX,
  MEDIA_CAPTION_MAX,
  MEDIA_KINDS,
  MEDIA_SEARCH_MAX,
  MEDIA_SORTS,
  MEDIA_TAG_MAX,
  MEDIA_TAGS_MAX,
  MEDIA_TITLE_MAX,
  type MediaKind,
  type MediaSort,
} from '../media-library.ts';
import { bodyCheck } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

const percent = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be at least 0')
  .max(100, 'must be at most 100');

const tag = formText(MEDIA_TAG_MAX)
  .refine((value) => value.length > 0, 'must not be empty')
  .transform((value) => value.toLowerCase());

/** Tags: unique (case aside), in the order given. */
export const mediaTags = z
  .array(tag, { error: 'must be a list of tags' })
  .max(MEDIA_TAGS_MAX, `must be at most ${MEDIA_TAGS_MAX} tags`)
  .transform((tags) => [...new Set(tags)]);

const MediaDetails = z
  .object({
    title: formText(MEDIA_TITLE_MAX),
    alt: formText(MEDIA_ALT_MAX),
    caption: formText(MEDIA_CAPTION_MAX, { multiline: true }),
    tags: mediaTags,
    focalX: percent,
    focalY: percent,
  })
  .partial()
  .strict();

export type MediaDetailsInput = z.output<typeof MediaDetails>;

export const checkMediaDetails = bodyCheck(MediaDetails);

const MediaQuery = z.object({
  q: z.string().trim().max(MEDIA_SEARCH_MAX, `must be at most ${MEDIA_SEARCH_MAX} characters`).optional(),
  kind: z.enum(MEDIA_KINDS, { error: `must be one of ${MEDIA_KINDS.join(', ')}` }).optional(),
  tag: z.string().trim().max(MEDIA_TAG_MAX, `must be at most ${MEDIA_TAG_MAX} characters`).optional(),
  sort: z.enum(MEDIA_SORTS, { error: `must be one of ${MEDIA_SORTS.join(', ')}` }).optional(),
  page: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .optional(),
  unused: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

export interface MediaQueryInput {
  q?: string | undefined;
  kind?: MediaKind | undefined;
  tag?: string | undefined;
  sort?: MediaSort | undefined;
  page?: number | undefined;
  unused?: 'true' | 'false' | undefined;
}

export const checkMediaQuery = bodyCheck(MediaQuery);
