/**
 * A hero slide's draft calls, one function per endpoint, under /api/admin/sliders/{id} (the slide's own writes are
 * under /api/sliders, sliders.ts). The draft is saved as the slide is, multipart with an optional new picture.
 */
import type { AdminSlider, SliderDraft } from '../../../shared/sliders-admin.ts';
import type { UploadProgress } from '../upload.ts';
import { createPreviewLink, discardDraft, fetchDraft, publishDraft, saveDraft } from './drafts.ts';

/** The slide's admin path, which its draft and its history hang from. */
export const sliderAdminPath = (id: string) => `/api/admin/sliders/${encodeURIComponent(id)}`;

/** GET …/draft: the slide's draft (404 when it has none). */
export const fetchSliderDraft = (id: string) => fetchDraft<SliderDraft>(sliderAdminPath(id));

/** PUT …/draft (multipart, as PUT /api/sliders/{id}; a new picture optional): the form saved as the slide's draft. */
export const saveSliderDraft = (id: string, form: FormData, onProgress?: (progress: UploadProgress) => void) =>
  saveDraft<SliderDraft>(sliderAdminPath(id), form, onProgress);

/** DELETE …/draft. */
export const discardSliderDraft = (id: string) => discardDraft<AdminSlider>(sliderAdminPath(id));

/** POST …/draft/publish: the draft becomes the slide's content (its showing and order stay as they are). */
export const publishSliderDraft = (id: string) => publishDraft<AdminSlider>(sliderAdminPath(id));

/** POST …/preview-link: a link showing the home page's hero with the slide as it will look, until it expires. */
export const sliderPreviewLink = (id: string) => createPreviewLink(sliderAdminPath(id));
