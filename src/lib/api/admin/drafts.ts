/**
 * The draft calls, one function per endpoint, for every kind of item with drafts. Each takes the item's admin API
 * path (`/api/admin/blogs/${encodeURIComponent(id)}`), as the history calls do (revisions.ts); the item's own module
 * names them for its kind (fetchBlogDraft, saveProductDraft, savePageDraft).
 */
import type { PreviewLink } from '../../../shared/drafts.ts';
import { api } from '../client.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';

type Progress = ((progress: UploadProgress) => void) | undefined;

const draftPath = (itemPath: string) => `${itemPath}/draft`;

/** What a draft's save answers: the draft as stored (its shape is the item kind's). */
export interface DraftSaved<TDraft> {
  message: string;
  draft: TDraft;
}

/** What a discard or a publish answers: the item as it now is. */
export interface DraftItemAnswer<TItem> {
  message: string;
  item: TItem;
}

/** GET {itemPath}/draft: the item's draft (404 when it has none). */
export const fetchDraft = async <TDraft>(itemPath: string): Promise<TDraft> =>
  (await api<{ draft: TDraft }>(draftPath(itemPath))).draft;

/**
 * PUT {itemPath}/draft: the form saved as the item's draft. FormData goes as multipart with upload progress (a new
 * picture optional); a plain object goes as JSON, for an item without a picture.
 */
export const saveDraft = <TDraft>(itemPath: string, body: FormData | object, onProgress?: Progress) =>
  body instanceof FormData
    ? uploadFile<DraftSaved<TDraft>>(draftPath(itemPath), body, {
        method: 'PUT',
        ...(onProgress ? { onProgress } : {}),
      })
    : api<DraftSaved<TDraft>>(draftPath(itemPath), { method: 'PUT', body });

/** DELETE {itemPath}/draft. */
export const discardDraft = <TItem>(itemPath: string) =>
  api<DraftItemAnswer<TItem>>(draftPath(itemPath), { method: 'DELETE' });

/** POST {itemPath}/draft/publish: the draft becomes the live item. */
export const publishDraft = <TItem>(itemPath: string) =>
  api<DraftItemAnswer<TItem>>(`${draftPath(itemPath)}/publish`, { method: 'POST' });

/** POST {itemPath}/preview-link: a link showing the item as it will look, to share until it expires. */
export const createPreviewLink = async (itemPath: string): Promise<PreviewLink> =>
  (await api<{ link: PreviewLink }>(`${itemPath}/preview-link`, { method: 'POST' })).link;
