/**
 * An event's draft calls, one function per endpoint (its create, edit, publish and delete are with the other Content
 * Management calls in content.ts).
 */
import type { AdminEvent, EventDraft } from '../../../shared/schemas/event-admin.ts';
import type { UploadProgress } from '../upload.ts';
import { createPreviewLink, discardDraft, fetchDraft, publishDraft, saveDraft } from './drafts.ts';

type Progress = ((progress: UploadProgress) => void) | undefined;

/** An event's admin API path, which its draft and history calls hang from. */
export const eventPath = (id: string) => `/api/admin/events/${encodeURIComponent(id)}`;

/** GET /api/admin/events/{id}/draft: the event's draft (404 when it has none). */
export const fetchEventDraft = (id: string) => fetchDraft<EventDraft>(eventPath(id));

/** PUT /api/admin/events/{id}/draft (multipart, `published` left out; a new `image` optional): the form as its draft. */
export const saveEventDraft = (id: string, form: FormData, onProgress?: Progress) =>
  saveDraft<EventDraft>(eventPath(id), form, onProgress);

/** DELETE /api/admin/events/{id}/draft. */
export const discardEventDraft = (id: string) => discardDraft<AdminEvent>(eventPath(id));

/** POST /api/admin/events/{id}/draft/publish: the draft becomes the live event, published. */
export const publishEventDraft = (id: string) => publishDraft<AdminEvent>(eventPath(id));

/** POST /api/admin/events/{id}/preview-link: a link showing the event as it will look, until it expires. */
export const eventPreviewLink = (id: string) => createPreviewLink(eventPath(id));
