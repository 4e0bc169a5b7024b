/** The slider admin calls (the API contract), one function per endpoint; lists come back normalised (older sliders). */
import { normaliseSliders } from '../../admin/slider-form.ts';
import type { DraftInfo } from '../../../shared/drafts.ts';
import type { AdminSlider } from '../../../shared/sliders-admin.ts';
import type { ListResponse, Slider } from '../../../shared/types.ts';
import { api } from '../client.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';

/** What a create or update answers. */
export interface SliderSaved {
  message: string;
  slider: Slider;
}

type Progress = ((progress: UploadProgress) => void) | undefined;
const progressOption = (onProgress: Progress) => (onProgress ? { onProgress } : {});

/** A list as the server answered it, each slider made whole with who saved its draft (null without one). */
function adminSliders(results: unknown): AdminSlider[] {
  const list: unknown[] = Array.isArray(results) ? results : [];
  return normaliseSliders(list).map((slider, index) => {
    const draft = (list[index] as { draft?: DraftInfo | null } | null)?.draft;
    return { ...slider, draft: draft && typeof draft === 'object' ? draft : null };
  });
}

/** GET /api/admin/sliders: every slider, inactive ones too, by order then title. */
export async function fetchAdminSliders(): Promise<AdminSlider[]> {
  const { results } = await api<ListResponse<unknown>>('/api/admin/sliders');
  return adminSliders(results);
}

/** POST /api/sliders (multipart; the image optional). */
export const createSlider = (form: FormData, onProgress?: Progress) =>
  uploadFile<SliderSaved>('/api/sliders', form, { method: 'POST', ...progressOption(onProgress) });

/** PUT /api/sliders/{id} (multipart; a new image optional). */
export const updateSlider = (id: string, form: FormData, onProgress?: Progress) =>
  uploadFile<SliderSaved>(`/api/sliders/${encodeURIComponent(id)}`, form, {
    method: 'PUT',
    ...progressOption(onProgress),
  });

/** PATCH /api/sliders/{id}: shows or hides a slider on the hero. */
export const setSliderActive = (id: string, isActive: boolean) =>
  api<SliderSaved>(`/api/sliders/${encodeURIComponent(id)}`, { method: 'PATCH', body: { isActive } });

/** DELETE /api/sliders/{id}. */
export const deleteSlider = (id: string) =>
  api<{ message: string }>(`/api/sliders/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** PUT /api/admin/sliders/order: every slider id once, in the new order; answers the list with order rewritten 0..n-1. */
export async function reorderSliders(ids: readonly string[]): Promise<AdminSlider[]> {
  const { results } = await api<ListResponse<unknown>>('/api/admin/sliders/order', { method: 'PUT', body: { ids } });
  return adminSliders(results);
}
