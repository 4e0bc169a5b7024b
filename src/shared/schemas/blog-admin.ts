/**
 * The blog form's rules: POST/PUT /api/admin/blogs check their fields with them and the Blogs tab
 * checks the same before sending. Multipart fields arrive as text, JSON ones typed; both are taken.
 */
import type { DraftInfo } from '../drafts.ts';
import { isSlug, SLUG_MAX } from '../slug.ts';
import { CATEGORY_NAME_MAX } from './category.ts';
import { checkAgainst } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

export const BLOG_TITLE_MAX = 200;
export const BLOG_CAPTION_MAX = 500;
/** Rich-text HTML, before sanitising; the multipart body limit (5 MiB + overhead) is far above it. */
export const BLOG_CONTENT_MAX = 200_000;
export const BLOG_TAG_MAX = 40;
export const BLOG_TAGS_MAX = 20;

/** The texts of a blog's refusals and answers. */
export const BLOG_NOT_FOUND = 'Blog not found';
export const BLOG_SLUG_TAKEN = 'Another blog already uses this address.';
/** What an author is told when a write would reach visitors: an editor publishes. */
export const AUTHOR_CANNOT_PUBLISH = 'Authors send posts for review; an editor publishes them.';
export const AUTHOR_POST_PUBLISHED = 'This post is published: an editor changes it now.';
export const BLOG_SUBMITTED = 'Sent for review: an editor will publish it.';

/** true/false as JSON or as the form's 'true'/'false'. */
export const formBoolean = z.union(
  [z.boolean(), z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true')],
  { error: 'must be true or false' },
);

/** Tags as a list or as one comma-separated text; trimmed, empty ones dropped, each kept once. */
const tagList = z
  .union(
    [z.array(formText(BLOG_TAG_MAX)), formText(BLOG_TAGS_MAX * (BLOG_TAG_MAX + 2)).transform((v) => v.split(','))],
    { error: 'must be a list of tags' },
  )
  .transform((tags) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))])
  .refine((tags) => tags.length <= BLOG_TAGS_MAX, `at most ${BLOG_TAGS_MAX} tags`)
  .refine((tags) => tags.every((t) => t.length <= BLOG_TAG_MAX), `each tag at most ${BLOG_TAG_MAX} characters`);

/** Each field's rule, without defaults. */
const BLOG_RULES = {
  title: formText(BLOG_TITLE_MAX).refine((v) => v !== '', 'is required'),
  caption: formText(BLOG_CAPTION_MAX, { multiline: true }),
  content: formText(BLOG_CONTENT_MAX, { multiline: true }),
  // One of the company's blog categories or '' for none: the server checks it exists (category-check.ts).
  category: formText(CATEGORY_NAME_MAX),
  tags: tagList,
  // '' means "make it from the title".
  slug: formText(SLUG_MAX + 1).refine(
    (v) => v === '' || isSlug(v),
    `must be lowercase letters and digits joined by hyphens, at most ${SLUG_MAX} characters`,
  ),
  published: formBoolean,
};

/** Every field of the form; on create the missing ones take these defaults (a draft). */
export const BlogFields = z.object({
  ...BLOG_RULES,
  caption: BLOG_RULES.caption.default(''),
  content: BLOG_RULES.content.default(''),
  category: BLOG_RULES.category.default(''),
  tags: BLOG_RULES.tags.default([]),
  slug: BLOG_RULES.slug.default(''),
  published: BLOG_RULES.published.default(false),
});

/** PUT: only the sent fields change (zod 4 would fill defaults inside .partial(), so these have none). */
export const BlogChanges = z.object(BLOG_RULES).partial();
export type BlogChangeValues = z.output<typeof BlogChanges>;

/** POST: every field checked (a missing title refused), unknown ones ignored. */
export const checkBlogCreate = checkAgainst(BlogFields, 'title');
/** PUT: the sent fields checked. */
export const checkBlogChanges = checkAgainst(BlogChanges, 'title');

/** A blog as the admin sees it: drafts too, with its state and counts. */
export interface AdminBlog {
  _id: string;
  title: string;
  slug: string;
  caption: string;
  /** Sanitised on write. */
  content: string;
  image: string;
  category: string;
  tags: string[];
  published: boolean;
  /** Who wrote it ('' for posts from before authors were recorded) and when it was sent for review (null: not waiting). */
  author: string;
  authorId: string | null;
  submittedAt: string | null;
  createdAt: string;
  updatedAt: string | null;
  views: number;
  commentCount: number;
  /** Changes saved as a draft and not yet published (shared/drafts.ts); null when there are none. */
  draft: DraftInfo | null;
}

/** A post's draft: every field of the form as the draft has it, and the cover it shows ('' for none). */
export interface BlogDraft extends DraftInfo {
  fields: BlogDraftFields;
}

export interface BlogDraftFields {
  title: string;
  slug: string;
  caption: string;
  content: string;
  category: string;
  tags: string[];
  image: string;
}
